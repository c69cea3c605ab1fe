import type { Kysely } from "kysely";

/**
 * The people list's filters on UTM source, campaign and search read the person's summary
 * (decision 0127): `sources` and `campaigns` (lower-cased value lists) and `search_text` (the
 * leads' searched columns, lower-cased). Kinds and plans become value lists too (a value a line,
 * as UTM values may hold spaces). Every summary is rewritten by the backfill, which runs in 0029,
 * once the tables have every column the current code reads and writes (0024 no longer runs it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("person_summaries").addColumn("sources", "text", (c) => c.notNull().defaultTo("\n\n")).execute();
  await db.schema.alterTable("person_summaries").addColumn("campaigns", "text", (c) => c.notNull().defaultTo("\n\n")).execute();
  await db.schema.alterTable("person_summaries").addColumn("search_text", "text", (c) => c.notNull().defaultTo("")).execute();
}
