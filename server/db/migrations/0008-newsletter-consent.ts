import crypto from "node:crypto";
import type { Kysely } from "kysely";

/**
 * The newsletter: consent on record, unsubscribe, and per-mail headers.
 *
 * - `subscribers` gains the consent record of the latest (re-)subscription (when, page, form, the
 *   text shown next to the button, a keyed hash of the client address), the public origin the
 *   address subscribed on (for the links in its mails when PUBLIC_SITE_URL is unset), the time
 *   it unsubscribed, when its welcome mail was queued, and `unsubscribe_key`: a random value
 *   (unique) that the signed unsubscribe token carries instead of any database id.
 * - `mail` gains `headers`: a JSON object of extra headers (List-Unsubscribe, List-Unsubscribe-Post),
 *   null for most mail. The senders add them to the message (server/mail/senders.ts).
 *
 * Subscribers from before this migration get an unsubscribe key now; their consent fields stay
 * null (nothing was recorded then, and nothing is made up). `origin` is dropped again by 0016:
 * links in mail are on the mail origin from configuration only.
 */

interface SubscribersV8 {
  subscribers: { id: string; unsubscribe_key: string | null };
}

const PAGE = 500;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of ["consent_at", "consent_page", "consent_form", "consent_text", "consent_client", "origin", "unsubscribed_at", "welcomed_at", "unsubscribe_key"]) {
    await db.schema.alterTable("subscribers").addColumn(column, "text").execute();
  }
  await db.schema.alterTable("mail").addColumn("headers", "text").execute();

  const subscribers = db as unknown as Kysely<SubscribersV8>;
  for (;;) {
    const rows = await subscribers.selectFrom("subscribers").select("id").where("unsubscribe_key", "is", null).orderBy("id").limit(PAGE).execute();
    for (const row of rows) {
      await subscribers.updateTable("subscribers").set({ unsubscribe_key: crypto.randomBytes(18).toString("base64url") }).where("id", "=", row.id).execute();
    }
    if (rows.length < PAGE) break;
  }
  await db.schema.createIndex("subscribers_unsubscribe_key").on("subscribers").column("unsubscribe_key").unique().execute();
  await db.schema.createIndex("subscribers_status").on("subscribers").column("status").execute();
}
