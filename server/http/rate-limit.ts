import type { RequestHandler } from "express";
import { requestClientKey } from "./client-address";

export interface RateLimitOptions {
  /** Distinguishes tiers that share a client, e.g. "post" and "chat". */
  name: string;
  windowMs: number;
  max: number;
  message?: string;
}

export const RATE_LIMIT_MESSAGE = "Too many requests. Please wait a minute and try again.";

/**
 * Per-client fixed-window limiter held in memory: this site runs as one process. The client is
 * `req.ip` (which honours X-Forwarded-For only from the proxies TRUST_PROXY names), an IPv6
 * client counted by its /64.
 */
export function rateLimit({ name, windowMs, max, message = RATE_LIMIT_MESSAGE }: RateLimitOptions): RequestHandler {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [key, window] of windows) if (window.resetAt <= now) windows.delete(key);
  }, windowMs);
  sweep.unref();

  return (req, res, next) => {
    const now = Date.now();
    const key = `${name}:${requestClientKey(req)}`;
    let window = windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + windowMs };
      windows.set(key, window);
    }
    window.count += 1;
    res.setHeader("RateLimit-Limit", String(max));
    res.setHeader("RateLimit-Remaining", String(Math.max(0, max - window.count)));
    if (window.count > max) {
      res.setHeader("Retry-After", String(Math.ceil((window.resetAt - now) / 1000)));
      res.status(429).type("application/json").send(JSON.stringify({ error: message }));
      return;
    }
    next();
  };
}
