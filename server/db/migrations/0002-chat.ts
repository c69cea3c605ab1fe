import type { Kysely } from "kysely";

/**
 * The chat's tables:
 * - chat_visitors: one anonymous visitor per session cookie, with the name and email given in
 *   the chat and the time zone their daily quota follows;
 * - chat_messages: the stored conversation, the only source of prompts and transcripts;
 * - chat_counters: atomic per-window counters (quotas and transcript caps), keyed by
 *   (scope, period) so `INSERT … ON CONFLICT DO UPDATE … WHERE count < limit` counts in one
 *   statement on SQLite and PostgreSQL.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("chat_visitors")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text")
    .addColumn("email", "text")
    .addColumn("time_zone", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("chat_visitors_email").on("chat_visitors").column("email").execute();

  await db.schema
    .createTable("chat_messages")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("visitor_id", "text", (c) => c.notNull().references("chat_visitors.id").onDelete("cascade"))
    .addColumn("role", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("content", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("chat_messages_visitor").on("chat_messages").columns(["visitor_id", "created_at"]).execute();

  await db.schema
    .createTable("chat_counters")
    .addColumn("scope", "text", (c) => c.notNull())
    .addColumn("period", "text", (c) => c.notNull())
    .addColumn("count", "integer", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("chat_counters_pk", ["scope", "period"])
    .execute();
  await db.schema.createIndex("chat_counters_expiry").on("chat_counters").column("expires_at").execute();
}
