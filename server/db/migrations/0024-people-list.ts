import type { Kysely } from "kysely";

/**
 * person_summaries: one row per person who left a lead (a normalized address), kept by the code
 * that writes or deletes leads (server/leads/person-summary.ts), so the people list reads one
 * indexed table instead of grouping four (decision 0119). saved_filters: a member's named filters
 * of that list.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("person_summaries")
    .addColumn("email", "text", (c) => c.primaryKey())
    .addColumn("name", "text")
    .addColumn("company", "text")
    .addColumn("sort_name", "text", (c) => c.notNull())
    .addColumn("first_lead_at", "text", (c) => c.notNull())
    .addColumn("last_lead_at", "text", (c) => c.notNull())
    .addColumn("lead_count", "integer", (c) => c.notNull())
    .addColumn("kinds", "text", (c) => c.notNull())
    .addColumn("plans", "text", (c) => c.notNull())
    .addColumn("leads", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("person_summaries_last_lead").on("person_summaries").columns(["last_lead_at", "email"]).execute();
  await db.schema.createIndex("person_summaries_sort_name").on("person_summaries").columns(["sort_name", "email"]).execute();
  await db.schema
    .createTable("saved_filters")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("member", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("query", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addUniqueConstraint("saved_filters_member_name", ["member", "name"])
    .execute();
  // The backfill runs in 0029: the current code writes columns this migration does not have yet.
}
