import { type Kysely, sql } from "kysely";

/**
 * The version each campaign recipient gets (`language`: "en" or "fr", the language of the mail,
 * server/newsletter/campaign-versions.ts), fixed with the recipient when the send starts: the
 * dispatcher mails it and the campaign page counts sent, failed and remaining per version from it.
 * The index on (campaign_id, status) gains `language` and `mail_id`, so that count reads the index
 * alone (no row of the table); its first two columns serve the dispatcher as before. `mail_id_status`
 * gives each mail's state from an index too: from the row, SQLite reads past the mail's text and
 * HTML, through its overflow pages, for every recipient. Recipients stored so far get the version the dispatcher would have picked:
 * French when the campaign has a French version and no English one, or its subscriber is French.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("campaign_recipients").addColumn("language", "text", (c) => c.notNull().defaultTo("en")).execute();
  await sql`
    update campaign_recipients set language = 'fr'
    where campaign_id in (select id from campaigns where subject_fr <> '')
      and (campaign_id in (select id from campaigns where subject = '') or subscriber_id in (select id from subscribers where language = 'fr'))
  `.execute(db);
  await db.schema.dropIndex("campaign_recipients_status").execute();
  await db.schema.createIndex("campaign_recipients_status").on("campaign_recipients").columns(["campaign_id", "status", "language", "mail_id"]).execute();
  await db.schema.createIndex("mail_id_status").on("mail").columns(["id", "status"]).execute();
}
