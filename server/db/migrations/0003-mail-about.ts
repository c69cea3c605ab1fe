import type { Kysely } from "kysely";

/**
 * Erase exactly one person: `mail.about_email` is the normalized (trimmed, lower-cased) address
 * of the person a mail is about, written by the outbox (`MailInput.about`). `npm run leads --
 * delete` removes a mail when its recipient or this address *is* the person's, instead of every
 * mail whose text merely contains the address (`ann@example.com` matched `joann@example.com`).
 * The index goes again in 0012.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("mail").addColumn("about_email", "text").execute();
  await db.schema.createIndex("mail_about_email").on("mail").column("about_email").execute();
}
