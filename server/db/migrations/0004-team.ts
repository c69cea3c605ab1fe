import type { Kysely } from "kysely";

/**
 * The team workspace:
 * - team_sign_in_links / team_sessions: only SHA-256 hashes of the random tokens are stored, so
 *   a copy of the database signs nobody in;
 * - lead_states / lead_notes: what the team records about a lead, keyed by (kind, id) of the row
 *   in its own table (subscribers, contact_messages, more_information, potential_customers);
 * - audit_log: who signed in, exported, erased, resent, and when (kept 24 months);
 * - indexes on each lead table's time, for the newest-first keyset pages of /team;
 * - chat_messages.answered_by: "provider" or "knowledge-base" for the overview's chat usage.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("team_sign_in_links")
    .addColumn("token_hash", "text", (c) => c.primaryKey())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .execute();
  await db.schema.createIndex("team_sign_in_links_expiry").on("team_sign_in_links").column("expires_at").execute();

  await db.schema
    .createTable("team_sessions")
    .addColumn("token_hash", "text", (c) => c.primaryKey())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("team_sessions_expiry").on("team_sessions").column("expires_at").execute();

  await db.schema
    .createTable("lead_states")
    .addColumn("lead_kind", "text", (c) => c.notNull())
    .addColumn("lead_id", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("updated_by", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("lead_states_pk", ["lead_kind", "lead_id"])
    .execute();

  await db.schema
    .createTable("lead_notes")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("lead_kind", "text", (c) => c.notNull())
    .addColumn("lead_id", "text", (c) => c.notNull())
    .addColumn("author", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("lead_notes_lead").on("lead_notes").columns(["lead_kind", "lead_id", "created_at"]).execute();

  await db.schema
    .createTable("audit_log")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("at", "text", (c) => c.notNull())
    .addColumn("actor", "text", (c) => c.notNull())
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("detail", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("audit_log_at").on("audit_log").columns(["at", "id"]).execute();

  await db.schema.createIndex("subscribers_time").on("subscribers").columns(["subscribed_at", "id"]).execute();
  await db.schema.createIndex("contact_messages_time").on("contact_messages").columns(["created_at", "id"]).execute();
  await db.schema.createIndex("more_information_time").on("more_information").columns(["created_at", "id"]).execute();
  await db.schema.createIndex("potential_customers_time").on("potential_customers").columns(["created_at", "id"]).execute();
  await db.schema.createIndex("mail_time").on("mail").columns(["created_at", "id"]).execute();

  await db.schema.alterTable("chat_messages").addColumn("answered_by", "text").execute();
  await db.schema.createIndex("chat_messages_time").on("chat_messages").column("created_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of ["chat_messages_time", "mail_time", "potential_customers_time", "more_information_time", "contact_messages_time", "subscribers_time"]) {
    await db.schema.dropIndex(index).execute();
  }
  await db.schema.alterTable("chat_messages").dropColumn("answered_by").execute();
  for (const table of ["audit_log", "lead_notes", "lead_states", "team_sessions", "team_sign_in_links"]) await db.schema.dropTable(table).execute();
}
