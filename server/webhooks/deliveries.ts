/**
 * The webhook worker: delivers queued events (events.ts) to their endpoints, signed per the
 * Standard Webhooks specification (signing.ts), following the mail outbox's pattern
 * (server/mail/outbox.ts, outbox-rows.ts): one conditional UPDATE leases due rows to this instance
 * and counts the attempt (FOR UPDATE SKIP LOCKED on PostgreSQL), so several instances never send
 * one row at once; a live worker renews its lease; a dead one's rows are due again when it ends.
 *
 * - A disabled endpoint's pending deliveries wait (none are queued for it meanwhile); deleting an
 *   endpoint deletes them.
 * - A 2xx answer is delivered; anything else (a redirect is never followed, a timeout, a refused
 *   address) is a failed attempt, retried with exponential back-off (30 s doubling to 1 h; 25
 *   attempts span about 18 hours), then `failed`. /team/webhooks replays any delivery.
 * - At most `concurrency` requests at once per instance, over kept-alive connections, and at most
 *   `perSecond` deliveries a second: a backlog goes out at a steady pace, in small batches, instead
 *   of as fast as a nearby receiver answers, which takes the CPU the site's own requests need
 *   (decision 0128). While requests keep the event loop busy (measured in the pause between
 *   batches, without the worker's own work), a backlog goes one batch per poll.
 * - Every connection goes through the address policy's `lookup` (address-policy.ts); an IP
 *   literal, which Node connects to without a lookup, is checked here first.
 * - At least once: a crash between a receiver's 2xx and the UPDATE that records it sends that
 *   delivery again, with the same webhook-id (receivers deduplicate on it, as the specification says).
 */
import http from "node:http";
import https from "node:https";
import net from "node:net";
import { sql } from "kysely";
import { type Db, nowIso } from "../db/database";
import type { WebhookDeliveriesTable } from "../db/schema";
import { INSTANCE_ID } from "../instance";
import type { Logger } from "../logger";
import { retryDelayMs } from "../mail/outbox-rows";
import { hostOf, type WebhookAddressPolicy } from "./address-policy";
import { signatureHeaders } from "./signing";

export interface WebhookWorkerOptions {
  pollIntervalMs?: number;
  batchSize?: number;
  /** Requests in flight at once (per instance). */
  concurrency?: number;
  /** Longest wait for one attempt's answer (connect, headers and body). */
  timeoutMs?: number;
  retryBaseMs?: number;
  maxRetryDelayMs?: number;
  maxAttempts?: number;
  leaseMs?: number;
  /** PostgreSQL: claim with FOR UPDATE SKIP LOCKED; leases of other live instances are kept at start. */
  sharedDatabase?: boolean;
  /** True while requests keep the event loop busy (server/event-loop-load.ts). */
  busy?: () => boolean;
  /** The shortest pause between two full batches, in which `busy` is asked. */
  breathMs?: number;
  /** Most deliveries a second (per instance): full batches are spaced to keep to it. */
  perSecond?: number;
}

const DEFAULTS: Required<WebhookWorkerOptions> = {
  pollIntervalMs: 1_000,
  batchSize: 10,
  concurrency: 2,
  timeoutMs: 10_000,
  retryBaseMs: 30_000,
  maxRetryDelayMs: 3_600_000,
  maxAttempts: 25,
  leaseMs: 60_000,
  sharedDatabase: false,
  busy: () => false,
  breathMs: 25,
  perSecond: 250,
};

type Claimed = WebhookDeliveriesTable & { url: string; secret: string };

/** What one attempt came to: the HTTP status, or the error in words. */
interface Outcome {
  status: number | null;
  error: string | null;
}

const later = (ms: number): string => new Date(Date.now() + ms).toISOString();

export class WebhookWorker {
  private readonly options: Required<WebhookWorkerOptions>;
  private readonly agents: { "http:": http.Agent; "https:": https.Agent };
  private timer: ReturnType<typeof setTimeout> | undefined;
  private running: Promise<void> | undefined;
  private started = false;
  private stopping = false;

  constructor(
    private readonly db: Db,
    private readonly policy: WebhookAddressPolicy,
    private readonly logger: Logger,
    options: WebhookWorkerOptions = {},
  ) {
    this.options = { ...DEFAULTS, ...options };
    const agent = { keepAlive: true, maxSockets: this.options.concurrency, lookup: policy.lookup, timeout: this.options.timeoutMs };
    this.agents = { "http:": new http.Agent(agent), "https:": new https.Agent(agent) };
  }

  /** Starts polling; rows waiting for a retry are due now (after a restart, events go out at once). */
  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    this.stopping = false;
    let resume = this.db
      .updateTable("webhook_deliveries")
      .set({ next_attempt_at: nowIso(), claimed_by: null, claimed_until: null })
      .where("status", "=", "pending")
      .where("next_attempt_at", ">", nowIso());
    if (this.options.sharedDatabase) resume = resume.where("claimed_until", "is", null);
    await resume.execute();
    this.schedule(0);
  }

  /** Runs the worker soon (after a commit that queued deliveries, or a replay). */
  nudge(): void {
    if (this.started && !this.stopping && !this.running) this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopping = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
    this.agents["http:"].destroy();
    this.agents["https:"].destroy();
    this.started = false;
  }

  private schedule(delayMs: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.run(), delayMs);
  }

  private run(): void {
    this.timer = undefined;
    if (this.stopping || this.running) return;
    this.running = (async () => {
      try {
        for (;;) {
          const started = performance.now();
          if (this.stopping || !(await this.processBatch())) break;
          // A full batch: more may be due, after the pause that keeps to the pace.
          const spacing = (this.options.batchSize / this.options.perSecond) * 1000;
          if (await this.requestsKeepBusy(Math.max(this.options.breathMs, spacing - (performance.now() - started)))) break;
        }
      } catch (error) {
        this.logger.error({ err: error }, "webhook worker: cannot read its queue");
      }
    })().finally(() => {
      this.running = undefined;
      if (!this.stopping) this.schedule(this.options.pollIntervalMs);
    });
  }

  /**
   * Between two full batches: a pause in which the event loop is measured without this
   * worker's own work (sending keeps it busy by itself); busy then means requests keep it busy,
   * and the rest of the backlog waits for the next poll.
   */
  private async requestsKeepBusy(pauseMs: number): Promise<boolean> {
    this.options.busy();
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
    return this.options.busy();
  }

  /** Leases due rows to this instance, counting the attempt (outbox-rows.ts `claimDue`, same reasoning). */
  private async claim(): Promise<Claimed[]> {
    const { batchSize, leaseMs, sharedDatabase } = this.options;
    const statement = (executor: Db) => {
      const now = nowIso();
      const until = later(leaseMs);
      // A disabled endpoint's deliveries wait until it is enabled again.
      let due = executor
        .selectFrom("webhook_deliveries")
        .select("id")
        .where("status", "=", "pending")
        .where("next_attempt_at", "<=", now)
        .where("endpoint_id", "in", executor.selectFrom("webhook_endpoints").select("id").where("enabled", "=", 1))
        .orderBy("next_attempt_at")
        .limit(batchSize);
      if (sharedDatabase) due = due.forUpdate().skipLocked();
      return executor
        .updateTable("webhook_deliveries")
        .set({ attempts: sql<number>`attempts + 1`, next_attempt_at: until, claimed_by: INSTANCE_ID, claimed_until: until })
        .where(sharedDatabase ? sql<boolean>`${sql.ref("id")} = any(array(${due}))` : sql<boolean>`${sql.ref("id")} in (${due})`)
        .where(sql<string>`${sql.ref("status")} || ''`, "=", "pending")
        .where("next_attempt_at", "<=", now)
        .returningAll()
        .execute();
    };
    const rows = sharedDatabase ? await this.db.transaction().execute(statement) : await statement(this.db);
    if (rows.length === 0) return [];
    const endpoints = await this.db
      .selectFrom("webhook_endpoints")
      .select(["id", "url", "secret"])
      .where("id", "in", [...new Set(rows.map((row) => row.endpoint_id))])
      .execute();
    const byId = new Map(endpoints.map((endpoint) => [endpoint.id, endpoint]));
    return rows
      .sort((a, b) => a.created_at.localeCompare(b.created_at))
      .flatMap((row) => {
        const endpoint = byId.get(row.endpoint_id);
        return endpoint ? [{ ...row, url: endpoint.url, secret: endpoint.secret }] : [];
      });
  }

  /** Claims and delivers one batch; true when it was full (more may be due). */
  private async processBatch(): Promise<boolean> {
    const claimed = await this.claim();
    if (claimed.length === 0) return false;
    const pending = new Set(claimed.map((row) => row.id));
    const renewer = setInterval(() => {
      const until = later(this.options.leaseMs);
      this.db
        .updateTable("webhook_deliveries")
        .set({ next_attempt_at: until, claimed_until: until })
        .where("id", "in", [...pending])
        .where("status", "=", "pending")
        .where("claimed_by", "=", INSTANCE_ID)
        .execute()
        .catch((error: unknown) => this.logger.warn({ err: error }, "webhook worker: could not renew its lease"));
    }, Math.max(100, Math.floor(this.options.leaseMs / 3)));
    renewer.unref();
    const delivered: string[] = [];
    let next = 0;
    const lane = async () => {
      while (next < claimed.length && !this.stopping) {
        const row = claimed[next++]!;
        const outcome = await this.attempt(row);
        if (outcome.status !== null && outcome.status >= 200 && outcome.status < 300) delivered.push(row.id);
        else await this.recordFailure(row, outcome);
        pending.delete(row.id);
      }
    };
    try {
      await Promise.all(Array.from({ length: Math.min(this.options.concurrency, claimed.length) }, lane));
    } finally {
      clearInterval(renewer);
      await this.markDelivered(delivered);
      // Rows not attempted (stopping): due again now, the attempt not counted.
      const untouched = claimed.slice(next).map((row) => row.id);
      if (untouched.length > 0) {
        await this.db
          .updateTable("webhook_deliveries")
          .set({ attempts: sql<number>`attempts - 1`, next_attempt_at: nowIso(), claimed_by: null, claimed_until: null })
          .where("id", "in", untouched)
          .where("claimed_by", "=", INSTANCE_ID)
          .execute();
      }
    }
    return claimed.length === this.options.batchSize && !this.stopping;
  }

  private async markDelivered(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    const now = nowIso();
    for (let start = 0; start < ids.length; start += 500) {
      await this.db
        .updateTable("webhook_deliveries")
        .set({ status: "delivered", delivered_at: now, last_attempt_at: now, last_status: 200, last_error: null, claimed_by: null, claimed_until: null })
        .where("id", "in", ids.slice(start, start + 500))
        .execute();
    }
  }

  private async recordFailure(row: Claimed, outcome: Outcome): Promise<void> {
    const giveUp = row.attempts >= this.options.maxAttempts;
    const retryAt = later(retryDelayMs(row.attempts, this.options.retryBaseMs, this.options.maxRetryDelayMs));
    const error = outcome.error ?? `HTTP ${outcome.status}`;
    await this.db
      .updateTable("webhook_deliveries")
      .set({
        last_status: outcome.status,
        last_error: error.slice(0, 500),
        last_attempt_at: nowIso(),
        claimed_by: null,
        claimed_until: null,
        ...(giveUp ? { status: "failed" as const } : { next_attempt_at: retryAt }),
      })
      .where("id", "=", row.id)
      .execute();
    const details = { deliveryId: row.id, endpointId: row.endpoint_id, attempts: row.attempts, error };
    if (giveUp) this.logger.error(details, "webhook delivery failed permanently; /team/webhooks can replay it");
    else this.logger.warn({ ...details, nextAttemptAt: retryAt }, "webhook not delivered; will retry");
  }

  /** One POST of the row's payload, signed now; the answer's body is read and dropped. */
  private attempt(row: Claimed): Promise<Outcome> {
    let url: URL;
    try {
      url = new URL(row.url);
    } catch {
      return Promise.resolve({ status: null, error: "the endpoint's URL is not valid" });
    }
    // Node connects to an IP literal without a lookup: the policy is applied here.
    const host = hostOf(url);
    const refusal = net.isIP(host) ? this.policy.refusal(host) : undefined;
    if (refusal) return Promise.resolve({ status: null, error: `refused: ${refusal}` });
    if (url.protocol !== "https:" && url.protocol !== "http:") return Promise.resolve({ status: null, error: "the endpoint's URL is not http(s)" });
    const body = Buffer.from(row.payload);
    const headers = {
      "content-type": "application/json",
      "content-length": String(body.length),
      "user-agent": "HeavyRoute-Webhooks/1",
      ...signatureHeaders(row.secret, row.message_id, new Date(), body),
    };
    return new Promise<Outcome>((resolve) => {
      const request = (url.protocol === "https:" ? https : http).request(url, { method: "POST", headers, agent: this.agents[url.protocol as "http:" | "https:"] });
      const timer = setTimeout(() => request.destroy(new Error(`no answer within ${this.options.timeoutMs} ms`)), this.options.timeoutMs);
      const settle = (outcome: Outcome) => {
        clearTimeout(timer);
        resolve(outcome);
      };
      request.on("response", (response) => {
        const status = response.statusCode ?? 0;
        response.on("end", () => settle(status >= 300 && status < 400 ? { status, error: `HTTP ${status}: redirects are not followed` } : { status, error: null }));
        response.on("error", (error) => settle({ status, error: error.message }));
        response.resume();
      });
      request.on("error", (error) => settle({ status: null, error: error.message }));
      request.end(body);
    });
  }
}
