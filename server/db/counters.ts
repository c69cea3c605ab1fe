/**
 * Counters kept in the database, shared by every instance: the chat's daily limits, the team's
 * sign-in limits, the overview's refusal counts (the table is still named `chat_counters`, after
 * its first user). Each counter is a (scope, period) row; counting is atomic, before answering
 * (docs/decisions/0010-chat-visitor-session-and-quota.md). One statement takes a slot or refuses
 * it, on SQLite and PostgreSQL alike:
 *
 *   INSERT INTO chat_counters (scope, period, count, expires_at) VALUES (?, ?, 1, ?)
 *   ON CONFLICT (scope, period) DO UPDATE SET count = chat_counters.count + 1
 *     WHERE chat_counters.count < :limit
 *   RETURNING count
 *
 * No row back means the limit is reached. A failed reply gives its slot back (`refund`).
 *
 * Those are calendar counters: a period is a day (UTC, or the chat visitor's local day) and the
 * count starts again when it ends. A limit stated "per hour" is a sliding window instead
 * (`takeRollingSlot`): one row per slot taken, the period being when, so that no clock hour lets
 * a client through twice the limit in a minute.
 */
import { PostgresAdapter, sql } from "kysely";
import type { Db } from "./database";
import { newRowId } from "./row-id";

export interface Slot {
  scope: string;
  period: string;
}

/** Takes one slot of (scope, period) when fewer than `limit` are taken; returns the new count or undefined. */
export async function takeSlot(db: Db, slot: Slot, limit: number, expiresAt: string): Promise<number | undefined> {
  const row = await db
    .insertInto("chat_counters")
    .values({ scope: slot.scope, period: slot.period, count: 1, expires_at: expiresAt })
    .onConflict((oc) =>
      oc
        .columns(["scope", "period"])
        .doUpdateSet((eb) => ({ count: eb(eb.ref("chat_counters.count"), "+", 1) }))
        .where("chat_counters.count", "<", limit),
    )
    .returning("count")
    .executeTakeFirst();
  return row ? Number(row.count) : undefined;
}

/** Gives a slot back (never below 0). */
export async function refundSlot(db: Db, slot: Slot): Promise<void> {
  await db
    .updateTable("chat_counters")
    .set((eb) => ({ count: eb(eb.ref("count"), "-", 1) }))
    .where("scope", "=", slot.scope)
    .where("period", "=", slot.period)
    .where("count", ">", 0)
    .execute();
}

/**
 * Takes one slot of `scope` when fewer than `limit` were taken in the `windowMs` before `now`: a
 * sliding window, exact. Each slot is a row (scope, time and id, count 1) that expires when it
 * leaves the window, so the window's count is the sum of the scope's unexpired rows, and a refund
 * (`refundSlot`) sets a row's count to 0. Counting and taking are one transaction; on PostgreSQL
 * it first takes a transaction lock on the scope, so instances sharing the database count one
 * after the other and allow exactly `limit`. The rows are removed by the counter sweep.
 * Returns the slot taken and the window's count with it, or undefined when the limit is reached.
 */
export async function takeRollingSlot(db: Db, scope: string, limit: number, windowMs: number, now = new Date()): Promise<{ slot: Slot; count: number } | undefined> {
  const at = now.toISOString();
  return db.transaction().execute(async (trx) => {
    if (trx.getExecutor().adapter instanceof PostgresAdapter) await sql`select pg_advisory_xact_lock(hashtextextended(${`counter:${scope}`}, 0))`.execute(trx);
    const row = await trx
      .selectFrom("chat_counters")
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>("count"), eb.lit(0)).as("taken"))
      .where("scope", "=", scope)
      .where("expires_at", ">", at)
      .executeTakeFirst();
    const taken = Number(row?.taken ?? 0);
    if (taken >= limit) return undefined;
    const slot = { scope, period: `${at} ${newRowId(now.getTime())}` };
    await trx.insertInto("chat_counters").values({ ...slot, count: 1, expires_at: new Date(now.getTime() + windowMs).toISOString() }).execute();
    return { slot, count: taken + 1 };
  });
}

export async function slotCount(db: Db, slot: Slot): Promise<number> {
  const row = await db
    .selectFrom("chat_counters")
    .select("count")
    .where("scope", "=", slot.scope)
    .where("period", "=", slot.period)
    .executeTakeFirst();
  return row ? Number(row.count) : 0;
}

/** Deletes counters whose period is over. */
export async function sweepCounters(db: Db, now = new Date()): Promise<void> {
  await db.deleteFrom("chat_counters").where("expires_at", "<", now.toISOString()).execute();
}
