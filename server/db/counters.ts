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
 */
import type { Db } from "./database";

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
