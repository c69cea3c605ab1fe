import type { Kysely } from "kysely";

/**
 * chat_messages.sources: the site sections an assistant answer drew on, as JSON text
 * (`[{"href":"/platform#tokens","label":"Token system"}]`), so the conversation's history shows
 * them again; null for every other message and for the answers stored before. A nullable column
 * without a default is added in place by SQLite and PostgreSQL alike.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("chat_messages").addColumn("sources", "text").execute();
}
