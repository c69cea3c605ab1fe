import type { RequestHandler } from "express";
import type { Db } from "../db/database";
import type { Logger } from "../logger";
import { requestClientKey } from "./client-address";

/** One request counted (or refused) in its client's window. */
export interface RateLimitHit {
  /** False: `max` requests were already counted in this window; this one is not counted. */
  allowed: boolean;
  /** Requests counted in the window, this one included when allowed. */
  count: number;
  /** When the window ends (ms since the epoch). */
  resetAt: number;
}

/**
 * Where the windows are counted. A window opens with a client's first request and lasts
 * `windowMs`; within it at most `max` requests are counted, every later one refused.
 */
export interface RateLimitStore {
  hit(key: string, windowMs: number, max: number): RateLimitHit | Promise<RateLimitHit>;
}

/** One process (the default, SQLite): windows in this process's memory, swept every window. */
export function memoryRateLimitStore(sweepEveryMs = 60_000): RateLimitStore {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [key, window] of windows) if (window.resetAt <= now) windows.delete(key);
  }, sweepEveryMs);
  sweep.unref();
  return {
    hit(key, windowMs, max) {
      const now = Date.now();
      let window = windows.get(key);
      if (!window || window.resetAt <= now) {
        window = { count: 0, resetAt: now + windowMs };
        windows.set(key, window);
      }
      if (window.count >= max) return { allowed: false, count: window.count, resetAt: window.resetAt };
      window.count += 1;
      return { allowed: true, count: window.count, resetAt: window.resetAt };
    },
  };
}

/**
 * Several instances on one PostgreSQL (docs/decisions/0039-many-instances-one-database.md): the
 * windows are rows of `chat_counters` (scope `rate:<key>`, period `window`), counted in one
 * statement, so N instances allow exactly `max`, not N × max:
 *
 *   INSERT INTO chat_counters (scope, period, count, expires_at) VALUES (:key, 'window', 1, :end)
 *   ON CONFLICT (scope, period) DO UPDATE SET
 *     count      = CASE WHEN chat_counters.expires_at <= :now THEN 1    ELSE chat_counters.count + 1 END,
 *     expires_at = CASE WHEN chat_counters.expires_at <= :now THEN :end ELSE chat_counters.expires_at END
 *   WHERE chat_counters.expires_at <= :now OR chat_counters.count < :max
 *   RETURNING count, expires_at
 *
 * No row back: refused. Expired windows are deleted by the hourly counter sweep (once across
 * instances, server/chat/chat-service.ts).
 */
export function databaseRateLimitStore(db: Db): RateLimitStore {
  return {
    async hit(key, windowMs, max) {
      const nowMs = Date.now();
      const now = new Date(nowMs).toISOString();
      const end = new Date(nowMs + windowMs).toISOString();
      const scope = `rate:${key}`;
      const row = await db
        .insertInto("chat_counters")
        .values({ scope, period: "window", count: 1, expires_at: end })
        .onConflict((oc) =>
          oc
            .columns(["scope", "period"])
            .doUpdateSet((eb) => {
              const expired = eb("chat_counters.expires_at", "<=", now);
              return {
                count: eb.case().when(expired).then(eb.lit(1)).else(eb(eb.ref("chat_counters.count"), "+", 1)).end(),
                expires_at: eb.case().when(expired).then(eb.val(end)).else(eb.ref("chat_counters.expires_at")).end(),
              };
            })
            .where((eb) => eb.or([eb("chat_counters.expires_at", "<=", now), eb("chat_counters.count", "<", max)])),
        )
        .returning(["count", "expires_at"])
        .executeTakeFirst();
      if (row) return { allowed: true, count: Number(row.count), resetAt: Date.parse(row.expires_at) };
      const current = await db
        .selectFrom("chat_counters")
        .select(["count", "expires_at"])
        .where("scope", "=", scope)
        .where("period", "=", "window")
        .executeTakeFirst();
      return { allowed: false, count: Number(current?.count ?? max), resetAt: current ? Date.parse(current.expires_at) : nowMs + windowMs };
    },
  };
}

export interface RateLimitOptions {
  /** Distinguishes tiers that share a client, e.g. "post" and "chat". */
  name: string;
  windowMs: number;
  max: number;
  message?: string;
  /** Default: this process's memory. */
  store?: RateLimitStore;
  /** Logs a store that fails (the request then gets a 503). */
  logger?: Logger;
}

export const RATE_LIMIT_MESSAGE = "Too many requests. Please wait a minute and try again.";
export const RATE_LIMIT_UNAVAILABLE = "The site cannot take this request right now. Please try again in a moment.";

/**
 * Per-client window limiter. The client is `req.ip` (which honours X-Forwarded-For only from the
 * proxies TRUST_PROXY names), an IPv6 client counted by its /64. Counted in memory (one process)
 * or in the database (several instances, `databaseRateLimitStore`).
 */
export function rateLimit({ name, windowMs, max, message = RATE_LIMIT_MESSAGE, store = memoryRateLimitStore(windowMs), logger }: RateLimitOptions): RequestHandler {
  return (req, res, next) => {
    const key = `${name}:${requestClientKey(req)}`;
    const answer = (hit: RateLimitHit) => {
      res.setHeader("RateLimit-Limit", String(max));
      res.setHeader("RateLimit-Remaining", String(Math.max(0, max - hit.count)));
      if (!hit.allowed) {
        res.setHeader("Retry-After", String(Math.max(1, Math.ceil((hit.resetAt - Date.now()) / 1000))));
        res.status(429).type("application/json").send(JSON.stringify({ error: message }));
        return;
      }
      next();
    };
    let hit;
    try {
      hit = store.hit(key, windowMs, max);
    } catch (error) {
      hit = Promise.reject(error);
    }
    if (!(hit instanceof Promise)) {
      answer(hit);
      return;
    }
    hit.then(answer, (error: unknown) => {
      logger?.error({ err: error }, "rate limit store unavailable: refusing the request");
      res.status(503).setHeader("Retry-After", "5").type("application/json").send(JSON.stringify({ error: RATE_LIMIT_UNAVAILABLE }));
    });
  };
}
