/**
 * The statements the mail worker (outbox.ts) runs on `mail` rows: lease the due ones, renew the
 * lease, give back those it did not get to, mark the sent ones, record a failed attempt.
 */
import { sql } from "kysely";
import { type Db, nowIso } from "../db/database";
import type { MailRow } from "../db/schema";
import { INSTANCE_ID } from "../instance";

export interface RetryPolicy {
  /** Most rows claimed at once. */
  batchSize: number;
  /** First retry delay; doubles per attempt up to maxRetryDelayMs. */
  retryBaseMs: number;
  maxRetryDelayMs: number;
  /** How long a claim holds a row: past it (the worker died), the row is due again. */
  leaseMs: number;
  /** PostgreSQL: claim with FOR UPDATE SKIP LOCKED, so concurrent workers take different rows. */
  skipLocked: boolean;
}

/** Delay before the retry that follows attempt number `attempt` (1-based). */
export function retryDelayMs(attempt: number, base: number, max: number): number {
  return Math.min(max, base * 2 ** Math.min(30, Math.max(0, attempt - 1)));
}

const later = (ms: number): string => new Date(Date.now() + ms).toISOString();
const idsOf = (rows: readonly MailRow[]) => rows.map((row) => row.id);

/**
 * Leases due rows to this instance and counts the attempt, in one statement:
 *
 *   UPDATE mail SET attempts = attempts + 1, claimed_by = me, claimed_until = now + lease,
 *                   next_attempt_at = now + lease
 *   WHERE id IN (SELECT id FROM mail WHERE status = 'pending' AND next_attempt_at <= now
 *                ORDER BY priority, next_attempt_at LIMIT n [FOR UPDATE SKIP LOCKED])
 *     AND status || '' = 'pending' AND next_attempt_at <= now
 *   RETURNING *
 *
 * The outer conditions are re-checked on the rows themselves, so a row another worker claimed in
 * the meantime is not claimed twice (PostgreSQL re-reads a row it waited for; SQLite has one
 * writer). A worker that dies leaves its rows leased until `claimed_until`, then they are due.
 */
export async function claimDue(db: Db, policy: Pick<RetryPolicy, "batchSize" | "leaseMs" | "skipLocked">): Promise<MailRow[]> {
  const claimed = policy.skipLocked
    ? await db.transaction().execute(async (trx) => {
        await PLAN_CLAIM_BY_DUE_INDEX.execute(trx);
        return claimStatement(trx, policy).execute();
      })
    : await claimStatement(db, policy).execute();
  return claimed.sort((a, b) => a.priority - b.priority || a.created_at.localeCompare(b.created_at));
}

/**
 * PostgreSQL plans by its statistics, which lag behind a rush (autovacuum's analyze): believing a
 * few rows are due, it may read every due row and sort them (a bitmap scan), a cost that grows with
 * the backlog, instead of reading the due index in its order and stopping at the batch
 * (docs/decisions/0074). Run in the claim's transaction, this leaves it only that plan.
 */
export const PLAN_CLAIM_BY_DUE_INDEX = sql`select set_config('enable_bitmapscan', 'off', true), set_config('enable_seqscan', 'off', true)`;

/** The claim's UPDATE (see `claimDue`), through `executor` (the database or a transaction). */
export function claimStatement(executor: Db, policy: Pick<RetryPolicy, "batchSize" | "leaseMs" | "skipLocked">) {
  const now = nowIso();
  const until = later(policy.leaseMs);
  let due = executor
    .selectFrom("mail")
    .select("id")
    .where("status", "=", "pending")
    .where("next_attempt_at", "<=", now)
    .orderBy("priority")
    .orderBy("next_attempt_at")
    .limit(policy.batchSize);
  if (policy.skipLocked) due = due.forUpdate().skipLocked();
  return executor
    .updateTable("mail")
    .set({ attempts: sql<number>`attempts + 1`, next_attempt_at: until, claimed_by: INSTANCE_ID, claimed_until: until })
    // PostgreSQL: `id IN (…)` may be planned as a semi join that runs the locking sub-select again
    // for every outer row, each run locking up to its LIMIT more rows: it claimed every due row,
    // whatever the batch size. `= ANY(ARRAY(…))` runs it once.
    .where(policy.skipLocked ? sql<boolean>`${sql.ref("id")} = any(array(${due}))` : sql<boolean>`${sql.ref("id")} in (${due})`)
    // `status || ''`, not `status`: SQLite would otherwise walk the outer rows through the
    // (status, next_attempt_at) index, every due row of a backlog of thousands for a batch of 50,
    // instead of looking the claimed ids up by primary key.
    .where(sql<string>`${sql.ref("status")} || ''`, "=", "pending")
    .where("next_attempt_at", "<=", now)
    .returningAll();
}

/** Extends this instance's lease on `rows`; returns those still held (a lost lease is not sent). */
export async function renewLease(db: Db, rows: readonly MailRow[], leaseMs: number): Promise<{ id: string }[]> {
  if (rows.length === 0) return [];
  const until = later(leaseMs);
  return db
    .updateTable("mail")
    .set({ next_attempt_at: until, claimed_until: until })
    .where("id", "in", idsOf(rows))
    .where("status", "=", "pending")
    .where("claimed_by", "=", INSTANCE_ID)
    .returning("id")
    .execute();
}

/** Claimed rows the worker did not send (it is stopping): due again now, the attempt not counted. */
export async function releaseClaimed(db: Db, rows: readonly MailRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .updateTable("mail")
    .set({ attempts: sql<number>`attempts - 1`, next_attempt_at: nowIso(), claimed_by: null, claimed_until: null })
    .where("id", "in", idsOf(rows))
    .where("status", "=", "pending")
    .where("claimed_by", "=", INSTANCE_ID)
    .execute();
}

export async function markSent(db: Db, rows: readonly MailRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .updateTable("mail")
    .set({ status: "sent", sent_at: nowIso(), last_error: null, claimed_by: null, claimed_until: null })
    .where("id", "in", idsOf(rows))
    .execute();
}

/**
 * Rows waiting for a retry become due now (a worker starting: after a restart, mail goes out at
 * once). `keepLeases` (a database other instances share): rows leased to a worker are left alone,
 * it may be alive; else every lease is a dead process's and is dropped.
 */
export async function resumePending(db: Db, { keepLeases }: { keepLeases: boolean }): Promise<number> {
  const now = nowIso();
  let query = db
    .updateTable("mail")
    .set({ next_attempt_at: now, claimed_by: null, claimed_until: null })
    .where("status", "=", "pending")
    .where("next_attempt_at", ">", now);
  if (keepLeases) query = query.where("claimed_until", "is", null);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * The error of a failed attempt: the row is due again at `retryAt`, its lease ends; `giveUp`: no
 * more retries, the row is `failed`.
 */
export async function recordFailedAttempt(db: Db, id: string, message: string, giveUp: boolean, retryAt: string): Promise<void> {
  const released = { last_error: message, claimed_by: null, claimed_until: null };
  await db
    .updateTable("mail")
    .set(giveUp ? { ...released, status: "failed" } : { ...released, next_attempt_at: retryAt })
    .where("id", "=", id)
    .execute();
}

/**
 * The outbox's backlog for the metrics: mails pending and failed, and when the oldest pending one
 * was queued. The sent rows, nearly all of the table, are never read (the status leads `mail_due`).
 */
export async function outboxBacklog(db: Db): Promise<{ pending: number; failed: number; oldestPendingAt: string | undefined }> {
  const rows = await db
    .selectFrom("mail")
    .select(["status", (eb) => eb.fn.countAll<number | string>().as("n"), (eb) => eb.fn.min("created_at").as("oldest")])
    .where("status", "in", ["pending", "failed"])
    .groupBy("status")
    .execute();
  const pending = rows.find((row) => row.status === "pending");
  const failed = rows.find((row) => row.status === "failed");
  return { pending: Number(pending?.n ?? 0), failed: Number(failed?.n ?? 0), oldestPendingAt: pending?.oldest ?? undefined };
}
