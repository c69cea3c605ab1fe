import type { RequestHandler } from "express";
import { CompiledQuery } from "kysely";
import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import type { Db } from "../db/database";
import { preparedOnPostgres } from "../db/prepared-statements";
import type { Logger } from "../logger";
import { limitRefusals } from "../metrics";
import { requestClientKey } from "./client-address";
import { sendJson } from "./json-body";
import { REFUSALS, requestLocale } from "./request-locale";

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
 * Where the windows are counted. A window opens with a client's first request and lasts
 * `windowMs`; within it at most `max` requests are allowed, every later one refused.
 */
export interface RateLimitStore {
  hit(key: string, windowMs: number, max: number): Promise<RateLimitHit>;
}

/**
 * One process (the default, SQLite): rate-limiter-flexible's memory store, one limiter per `max`
 * (a key is always counted with the same `max`: its name says its tier), each window's length
 * given per hit.
 */
export function memoryRateLimitStore(): RateLimitStore {
  const limiters = new Map<number, RateLimiterMemory>();
  return {
    hit(key, windowMs, max) {
      let limiter = limiters.get(max);
      if (!limiter) {
        limiter = new RateLimiterMemory({ points: max, duration: windowMs / 1000, keyPrefix: "" });
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

interface PendingHit {
  windowMs: number;
  max: number;
  resolve: (hit: RateLimitHit) => void;
  reject: (error: unknown) => void;
}

/** The POST windows of a batch of hits (see `postgresRateLimitStore`). */
const COUNT_HITS = preparedOnPostgres(
  "insert into chat_counters (scope, period, count, expires_at) " +
    "select scope, 'window', count, expires_at from unnest($1::text[], $2::int[], $3::text[]) as hit (scope, count, expires_at) order by scope " +
    "on conflict (scope, period) do update set " +
    "count = case when chat_counters.expires_at <= $4 then excluded.count else chat_counters.count + excluded.count end, " +
    "expires_at = case when chat_counters.expires_at <= $4 then excluded.expires_at else chat_counters.expires_at end " +
    "returning scope, count, expires_at",
);

/**
 * Several instances on one PostgreSQL (docs/decisions/0039-many-instances-one-database.md): the
 * windows are rows of `chat_counters` (scope `rate:<key>`, period `window`), so N instances allow
 * exactly `max`, not N × max. Not rate-limiter-flexible's PostgreSQL store: its one upsert per
 * request costs what the sign-up budget cannot pay (docs/decisions/0065).
 *
 * The hits that arrive in one turn of the event loop are counted together, in one statement and
 * one round trip, each client's hits as one row, inserted in the order of their keys (so two
 * instances lock rows in the same order and cannot deadlock). One constant text, whatever the
 * number of clients, so PostgreSQL plans it once per connection (server/db/prepared-statements.ts):
 *
 *   INSERT INTO chat_counters (scope, period, count, expires_at)
 *   SELECT scope, 'window', count, expires_at FROM unnest(:scopes, :counts, :ends) ORDER BY scope
 *   ON CONFLICT (scope, period) DO UPDATE SET
 *     count      = CASE WHEN chat_counters.expires_at <= :now THEN excluded.count      ELSE chat_counters.count + excluded.count END,
 *     expires_at = CASE WHEN chat_counters.expires_at <= :now THEN excluded.expires_at ELSE chat_counters.expires_at END
 *   RETURNING scope, count, expires_at
 *
 * `count` is every request seen in the window, refused ones included, and the row lock makes the
 * update atomic: the n hits of a batch are exactly requests count − n + 1 … count of the window,
 * and the i-th is allowed when count − n + i ≤ max. Before batching, 50 connections of one client
 * queued on that row's lock one commit at a time. Expired windows are deleted by the hourly
 * counter sweep (once across instances, server/chat/chat-service.ts).
 */
export function postgresRateLimitStore(db: Db): RateLimitStore {
  let pending = new Map<string, PendingHit[]>();
  let scheduled = false;

  const flush = async (batch: Map<string, PendingHit[]>) => {
    const nowMs = Date.now();
    const clients = [...batch];
    const scopes = clients.map(([key]) => `rate:${key}`);
    const counts = clients.map(([, hits]) => hits.length);
    const ends = clients.map(([, hits]) => new Date(nowMs + hits[0]!.windowMs).toISOString());
    try {
      const { rows } = await db.executeQuery<{ scope: string; count: number; expires_at: string }>(
        CompiledQuery.raw(COUNT_HITS, [scopes, counts, ends, new Date(nowMs).toISOString()]),
      );
      const counted = new Map(rows.map((row) => [row.scope, row]));
      for (const [key, hits] of clients) {
        const row = counted.get(`rate:${key}`);
        if (!row) throw new Error(`rate limit: no count returned for ${key}`);
        const before = Number(row.count) - hits.length;
        const resetAt = Date.parse(row.expires_at);
        hits.forEach((hit, i) => {
          const seen = before + i + 1;
          hit.resolve(seen <= hit.max ? { allowed: true, count: seen, resetAt } : { allowed: false, count: hit.max, resetAt });
        });
      }
    } catch (error) {
      for (const hits of batch.values()) for (const hit of hits) hit.reject(error);
    }
  };

  return {
    hit(key, windowMs, max) {
      return new Promise<RateLimitHit>((resolve, reject) => {
        const hits = pending.get(key);
        if (hits) hits.push({ windowMs, max, resolve, reject });
        else pending.set(key, [{ windowMs, max, resolve, reject }]);
        if (scheduled) return;
        scheduled = true;
        setImmediate(() => {
          scheduled = false;
          const batch = pending;
          pending = new Map();
          void flush(batch);
        });
      });
    },
  };
}

export interface RateLimitOptions {
  /** Distinguishes tiers that share a client, e.g. "post" and "chat". */
  name: string;
  windowMs: number;
  max: number;
  /** Default: this process's memory. */
  store?: RateLimitStore;
  /** Logs a store that fails (the request then gets a 503). */
  logger?: Logger;
}

/**
 * Per-client window limiter. The client is `req.ip` (which honours X-Forwarded-For only from the
 * proxies TRUST_PROXY names), an IPv6 client counted by its /64. Counted in memory (one process)
 * or in PostgreSQL (several instances, `postgresRateLimitStore`). Sets the RateLimit-* headers;
 * beyond `max`, a 429 (a 503 when the store fails), said in the request's language (request-locale.ts).
 */
export function rateLimit({ name, windowMs, max, store = memoryRateLimitStore(), logger }: RateLimitOptions): RequestHandler {
  return (req, res, next) => {
    store.hit(`${name}:${requestClientKey(req)}`, windowMs, max).then(
      (hit) => {
        res.setHeader("RateLimit-Limit", String(max));
        res.setHeader("RateLimit-Remaining", String(Math.max(0, max - hit.count)));
        if (hit.allowed) return next();
        limitRefusals.inc({ limit: name });
        res.setHeader("Retry-After", String(Math.max(1, Math.ceil((hit.resetAt - Date.now()) / 1000))));
        sendJson(res, 429, { error: REFUSALS.tooManyRequests(requestLocale(req)) });
      },
      (error: unknown) => {
        logger?.error({ err: error }, "rate limit store unavailable: refusing the request");
        res.setHeader("Retry-After", "5");
        sendJson(res, 503, { error: REFUSALS.limitUnavailable(requestLocale(req)) });
      },
    );
  };
}
