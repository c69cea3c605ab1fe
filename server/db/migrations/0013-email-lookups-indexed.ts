import { type Kysely, sql } from "kysely";

/** The tables looked up by a person's address, each through `lower(email) = ?`. */
const TABLES = ["potential_customers", "more_information", "contact_messages", "chat_visitors", "campaign_recipients"] as const;

/**
 * Every lookup of these tables by address (the team's person page, erasure from /team and
 * `npm run leads -- delete`, a chat lead's conversations) asks for `lower(email) = ?`, which the
 * index on `email` could not serve: each scanned the table, on SQLite on the event loop. The
 * index on `lower(email)` replaces it, so a row still costs one index entry when written.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) {
    await db.schema.dropIndex(`${table}_email`).ifExists().execute();
    await db.schema.createIndex(`${table}_email_lower`).ifNotExists().on(table).expression(sql`lower(email)`).execute();
  }
}
