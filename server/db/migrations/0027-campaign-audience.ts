import type { Kysely } from "kysely";

/**
 * A campaign's audience and schedule (server/newsletter/campaign-audience.ts, docs/decisions/0126).
 * - `segment`: the filters of its audience as a JSON object (`{}`: every active subscriber), applied
 *   when the send starts; a JSON object so that a new filter needs no migration.
 * - `scheduled_at` (UTC ISO time) and `scheduled_by` (the member): a "scheduled" campaign starts
 *   sending at that time, in whichever instance's dispatcher claims it first.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("campaigns").addColumn("segment", "text", (c) => c.notNull().defaultTo("{}")).execute();
  await db.schema.alterTable("campaigns").addColumn("scheduled_at", "text").execute();
  await db.schema.alterTable("campaigns").addColumn("scheduled_by", "text").execute();
}
