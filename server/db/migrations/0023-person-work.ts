import type { Kysely } from "kysely";

/**
 * Working a person (server/team/person-work.ts):
 * - person_events: each change of a person's owner, stage or follow-up date, with its before and
 *   after, for their timeline. Erased with the person (the audit log keeps who changed what, not
 *   whom: docs/decisions/0120).
 * - person_replies: each mail a member wrote to the person from the workspace, with the thread
 *   headers it carried (the next reply continues the thread from the latest).
 * - canned_replies: the starting texts a member may pick for a reply, one per plan type and a
 *   general one.
 * - mail gains the threading headers the senders give nodemailer: Reply-To, Message-ID,
 *   In-Reply-To and References (null: as before, a Message-ID made from the row id).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("mail").addColumn("reply_to", "text").execute();
  await db.schema.alterTable("mail").addColumn("message_id", "text").execute();
  await db.schema.alterTable("mail").addColumn("in_reply_to", "text").execute();
  await db.schema.alterTable("mail").addColumn("thread_references", "text").execute();

  await db.schema
    .createTable("person_events")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("at", "text", (c) => c.notNull())
    .addColumn("actor", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("detail", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("person_events_email").on("person_events").columns(["email", "at"]).execute();

  await db.schema
    .createTable("person_replies")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("mail_id", "text", (c) => c.notNull())
    .addColumn("author", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("message_id", "text", (c) => c.notNull())
    .addColumn("thread_references", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("person_replies_email").on("person_replies").columns(["email", "created_at"]).execute();

  await db.schema
    .createTable("canned_replies")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("updated_by", "text")
    .execute();
}
