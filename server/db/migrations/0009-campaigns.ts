import type { Kysely } from "kysely";

/**
 * Newsletter campaigns (docs/newsletter.md, docs/decisions/0037).
 * - `campaigns`: one announcement, its subject, Markdown body and the html/text rendered from it,
 *   its status (draft → sending ⇄ paused → done), and `next_dispatch_at`, the rate limiter's
 *   clock (held in the row, so every process and every restart shares it).
 * - `campaign_recipients`: filled in one INSERT … SELECT from the active subscribers when the send
 *   starts; each row moves waiting → queued (with its mail row) or skipped (unsubscribed since),
 *   in the same transaction as the mail it queues.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("campaigns")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("origin", "text", (c) => c.notNull())
    .addColumn("created_by", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("started_at", "text")
    .addColumn("finished_at", "text")
    .addColumn("next_dispatch_at", "text")
    .addColumn("recipients", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex("campaigns_status").on("campaigns").column("status").execute();
  await db.schema
    .createTable("campaign_recipients")
    .addColumn("campaign_id", "text", (c) => c.notNull())
    .addColumn("subscriber_id", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("mail_id", "text")
    .addColumn("updated_at", "text")
    .addPrimaryKeyConstraint("campaign_recipients_pk", ["campaign_id", "subscriber_id"])
    .execute();
  await db.schema.createIndex("campaign_recipients_status").on("campaign_recipients").columns(["campaign_id", "status"]).execute();
  await db.schema.createIndex("campaign_recipients_email").on("campaign_recipients").column("email").execute();
}
