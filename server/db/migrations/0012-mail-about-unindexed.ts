import type { Kysely } from "kysely";

/**
 * Drops `mail_about_email`: no query can use it. The two that read `about_email`, the team's
 * person page and erasure (`npm run leads -- delete`), ask for `lower("to") = ? OR about_email = ?`,
 * and with no index on `lower("to")` both SQLite and PostgreSQL scan the table whatever the other
 * side of the OR has. The index only cost every mail queued a write at a random place of it
 * (docs/decisions/0076).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("mail_about_email").ifExists().execute();
}
