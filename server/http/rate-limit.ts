import type { RequestHandler } from "express";
import { CompiledQuery } from "kysely";
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterPostgres, RateLimiterRes } from "rate-limiter-flexible";
import type { Db } from "../db/database";
import type { Logger } from "../logger";
import { requestClientKey } from "./client-address";
import { sendJson } from "./json-body";

/** One request counted (or refused) in its client's window. */
export interface RateLimitHit {
  /** False: `max` requests were already counted in this window. */
  allowed: boolean;
  /** Requests counted in the window, this one included when allowed; `max` when refused. */
  count: number;
  /** When the window ends (ms since the epoch). */
  resetAt: number;
}

/**
 * Where the windows are counted (rate-limiter-flexible's fixed windows). A window opens with a
 * client's first request and lasts `windowMs`; within it at most `max` requests are allowed,
 * every later one refused. A key is always counted with the same `max` (its name says its tier).
 */
export interface RateLimitStore {
  hit(key: string, windowMs: number, max: number): Promise<RateLimitHit>;
}

/** A store of the library's limiters, one per `max`, each window's length given per hit. */
function limiterStore(limiterFor: (max: number) => RateLimiterAbstract): RateLimitStore {
  const limiters = new Map<number, RateLimiterAbstract>();
  return {
    hit(key, windowMs, max) {
      let limiter = limiters.get(max);
      if (!limiter) {
        limiter = limiterFor(max);
        limiters.set(max, limiter);
      }
      return limiter.consume(key, 1, { customDuration: windowMs / 1000 }).then(
        (counted) => ({ allowed: true, count: counted.consumedPoints, resetAt: Date.now() + counted.msBeforeNext }),
        (refused: unknown) => {
          // Refused: a RateLimiterRes. Anything else is the store failing.
          if (!(refused instanceof RateLimiterRes)) throw refused;
          return { allowed: false, count: max, resetAt: Date.now() + refused.msBeforeNext };
        },
      );
    },
  };
}

/** One process (the default, SQLite): windows in this process's memory. */
export function memoryRateLimitStore(): RateLimitStore {
  return limiterStore((max) => new RateLimiterMemory({ points: max, duration: 60, keyPrefix: "" }));
}

/** The library's PostgreSQL store keeps its windows in this table, which it creates itself. */
const RATE_LIMIT_TABLE = "rate_limits";

/**
 * Several instances on one PostgreSQL (docs/decisions/0039-many-instances-one-database.md): the
 * windows are rows of `rate_limits`, each hit one atomic upsert, so N instances allow exactly
 * `max`, not N × max. The library queries through the site's Kysely pool; it creates its table
 * (if absent) and deletes expired windows itself. Hits wait until the table exists.
 */
export function postgresRateLimitStore(db: Db): RateLimitStore {
  const storeClient = {
    query: async ({ text, values }: { text: string; values?: unknown[] }) => {
      const result = await db.executeQuery(CompiledQuery.raw(text, values ?? []));
      return { rows: result.rows, rowCount: Number(result.numAffectedRows ?? result.rows.length) };
    },
  };
  const limiters = limiterStore(
    (max) =>
      new RateLimiterPostgres({ storeClient, storeType: "pool", tableName: RATE_LIMIT_TABLE, tableCreated: true, points: max, duration: 60, keyPrefix: "" }),
  );
  let ready: Promise<void> | undefined;
  const createTable = () =>
    new Promise<void>((resolve, reject) => {
      new RateLimiterPostgres({ storeClient, storeType: "pool", tableName: RATE_LIMIT_TABLE, clearExpiredByTimeout: false, points: 1, duration: 60 }, (error) =>
        error ? reject(error) : resolve(),
      );
    });
  return {
    hit(key, windowMs, max) {
      // Created at the first hit, once; a failed creation is tried again at the next hit.
      ready ??= createTable().catch((error: unknown) => {
        ready = undefined;
        throw error;
      });
      return ready.then(() => limiters.hit(key, windowMs, max));
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
 * or in PostgreSQL (several instances, `postgresRateLimitStore`). Sets the RateLimit-* headers;
 * beyond `max`, a 429 (a 503 when the store fails).
 */
export function rateLimit({ name, windowMs, max, message = RATE_LIMIT_MESSAGE, store = memoryRateLimitStore(), logger }: RateLimitOptions): RequestHandler {
  return (req, res, next) => {
    store.hit(`${name}:${requestClientKey(req)}`, windowMs, max).then(
      (hit) => {
        res.setHeader("RateLimit-Limit", String(max));
        res.setHeader("RateLimit-Remaining", String(Math.max(0, max - hit.count)));
        if (hit.allowed) return next();
        res.setHeader("Retry-After", String(Math.max(1, Math.ceil((hit.resetAt - Date.now()) / 1000))));
        sendJson(res, 429, { error: message });
      },
      (error: unknown) => {
        logger?.error({ err: error }, "rate limit store unavailable: refusing the request");
        res.setHeader("Retry-After", "5");
        sendJson(res, 503, { error: RATE_LIMIT_UNAVAILABLE });
      },
    );
  };
}
