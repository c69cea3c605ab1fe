import { createHash, timingSafeEqual } from "node:crypto";
import type { RequestHandler } from "express";
import proxyAddr from "proxy-addr";
import type { Logger } from "../logger";
import { labelRoute, registry } from "../metrics";

export interface MetricsAccess {
  /** Addresses/CIDRs (proxy-addr's syntax: loopback, 10.0.0.0/8…) whose connections may read /metrics. */
  allow: readonly string[];
  /** A bearer token that opens /metrics from anywhere, or undefined. */
  token: string | undefined;
}

const digest = (text: string): Buffer => createHash("sha256").update(text).digest();

/** Headers a proxy adds when it relays a request: such a request is the proxy's client's, not the proxy's. */
const FORWARDING_HEADERS = ["x-forwarded-for", "forwarded", "x-real-ip"];

/**
 * GET /metrics: the Prometheus exposition, to a connection from an allowed address that no proxy
 * relayed, or with `Authorization: Bearer <METRICS_TOKEN>` (compared in constant time). Anyone
 * else gets the site's own 404 page, as for any path that does not exist (docs/decisions/0096).
 * `scrape` reads the gauges kept in the database first.
 */
export function metricsEndpoint(access: MetricsAccess, scrape: () => Promise<void>, logger: Logger): RequestHandler {
  const allowed = proxyAddr.compile([...access.allow]);
  const token = access.token === undefined ? undefined : digest(access.token);
  const mayRead = (authorization: string | undefined, address: string | undefined, relayed: boolean): boolean => {
    if (token && authorization?.startsWith("Bearer ")) return timingSafeEqual(digest(authorization.slice("Bearer ".length)), token);
    return address !== undefined && !relayed && allowed(address, 0);
  };
  return (req, res, next) => {
    const relayed = FORWARDING_HEADERS.some((name) => req.headers[name] !== undefined);
    if (!mayRead(req.headers.authorization, req.socket.remoteAddress, relayed)) return next();
    labelRoute(res, "/metrics");
    res.setHeader("Cache-Control", "no-store");
    scrape()
      .catch((error: unknown) => logger.warn({ err: error }, "metrics: the database gauges could not be read; served without them"))
      .then(() => registry.metrics())
      .then((text) => {
        res.setHeader("Content-Type", registry.contentType);
        res.end(text);
      }, next);
  };
}
