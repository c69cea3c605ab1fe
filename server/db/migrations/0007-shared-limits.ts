import type { Kysely } from "kysely";

/**
 * Several instances on one database (docs/decisions/0039-many-instances-one-database.md):
 * - mail.claimed_by / claimed_until: the lease of the worker sending a row. A live worker's lease
 *   is never taken over; a dead worker's expires and another worker sends the row.
 * - site_settings: values every instance must share, such as the generated session secret
 *   (insert-if-absent, then read back).
 * - scheduled_jobs: periodic work done once per period across instances (retention purge, quota
 *   sweep): whoever moves `next_run_at` forward in one conditional UPDATE runs it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("mail").addColumn("claimed_by", "text").execute();
  await db.schema.alterTable("mail").addColumn("claimed_until", "text").execute();
  await db.schema
    .createTable("site_settings")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("scheduled_jobs")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("next_run_at", "text", (c) => c.notNull())
    .addColumn("last_run_by", "text")
    .execute();
}
