/**
 * The statements the mail worker (outbox.ts) runs on `mail` rows: claim the due ones, give back
 * those it did not get to, mark the sent ones, record a failed attempt.
 */
import { sql } from "kysely";
import { type Db, nowIso } from "../db/database";
import type { MailRow } from "../db/schema";

export interface RetryPolicy {
  /** Most rows claimed at once. */
  batchSize: number;
  /** First retry delay; doubles per attempt up to maxRetryDelayMs. */
  retryBaseMs: number;
  maxRetryDelayMs: number;
}

/** Delay before the retry that follows attempt number `attempt` (1-based). */
export function retryDelayMs(attempt: number, base: number, max: number): number {
  return Math.min(max, base * 2 ** Math.min(30, Math.max(0, attempt - 1)));
}

const later = (ms: number): string => new Date(Date.now() + ms).toISOString();

/**
 * Moves due rows to their next retry time and counts the attempt, in one statement. The outer
 * conditions are re-checked on the rows themselves, so a row claimed by someone else in the
 * meantime (its next_attempt_at moved on) is not claimed twice. Oldest first.
 */
export async function claimDue(db: Db, policy: RetryPolicy): Promise<MailRow[]> {
  const now = nowIso();
  const { batchSize, retryBaseMs, maxRetryDelayMs } = policy;
  const due = await db
    .selectFrom("mail")
    .select(["id", "attempts"])
    .where("status", "=", "pending")
    .where("next_attempt_at", "<=", now)
    .orderBy("next_attempt_at")
    .limit(batchSize)
    .execute();
  if (due.length === 0) return [];
  const claimed: MailRow[] = [];
  // Rows with the same attempt count share their next retry time: one UPDATE per group.
  const byAttempts = new Map<number, string[]>();
  for (const row of due) byAttempts.set(row.attempts, [...(byAttempts.get(row.attempts) ?? []), row.id]);
  for (const [attempts, ids] of byAttempts) {
    const rows = await db
      .updateTable("mail")
      .set({ attempts: sql<number>`attempts + 1`, next_attempt_at: later(retryDelayMs(attempts + 1, retryBaseMs, maxRetryDelayMs)) })
      .where("id", "in", ids)
      .where("status", "=", "pending")
      .where("next_attempt_at", "<=", now)
      .returningAll()
      .execute();
    claimed.push(...rows);
  }
  return claimed.sort((a, b) => a.created_at.localeCompare(b.created_at));
}

const idsOf = (rows: readonly MailRow[]) => rows.map((row) => row.id);

/** Claimed rows the worker did not send (it is stopping): due again now, the attempt not counted. */
export async function releaseClaimed(db: Db, rows: readonly MailRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .updateTable("mail")
    .set({ attempts: sql<number>`attempts - 1`, next_attempt_at: nowIso() })
    .where("id", "in", idsOf(rows))
    .where("status", "=", "pending")
    .execute();
}

export async function markSent(db: Db, rows: readonly MailRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.updateTable("mail").set({ status: "sent", sent_at: nowIso(), last_error: null }).where("id", "in", idsOf(rows)).execute();
}

/** The error of a failed attempt; `giveUp`: no more retries, the row is `failed`. */
export async function recordFailedAttempt(db: Db, id: string, message: string, giveUp: boolean): Promise<void> {
  await db
    .updateTable("mail")
    .set(giveUp ? { status: "failed", last_error: message } : { last_error: message })
    .where("id", "=", id)
    .execute();
}
