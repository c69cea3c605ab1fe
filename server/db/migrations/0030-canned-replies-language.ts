import { type Kysely, sql } from "kysely";

/**
 * Canned replies in each language (server/team/canned-replies.ts): `language` ("en" or "fr"), one
 * row per key and language. The rows stored so far are English. The key alone was the primary
 * key and SQLite cannot change a primary key in place, so the table is rebuilt the same way on
 * both databases: a new table with both columns as its key, filled from the old one, which is
 * dropped, the new one taking its name. The French texts are seeded on first read, as the English
 * ones were.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("canned_replies_next")
    .addColumn("key", "text", (c) => c.notNull())
    .addColumn("language", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("updated_by", "text")
    .addPrimaryKeyConstraint("canned_replies_key_language", ["key", "language"])
    .execute();
  await sql`insert into canned_replies_next ("key", "language", body, updated_at, updated_by) select "key", 'en', body, updated_at, updated_by from canned_replies`.execute(db);
  await db.schema.dropTable("canned_replies").execute();
  await db.schema.alterTable("canned_replies_next").renameTo("canned_replies").execute();
}
