import { sql } from "kysely";
import { ERASED_PERSON } from "~/features/team/team-contract";
import type { Db } from "../db/database";
import { normalizeAddress } from "../mail/compose";
import { eraseChatConversations } from "./chat-conversations";
import { LEAD_KIND_TABLES, deletedRows } from "./lead-kinds";
import { emitWebhookEvent } from "../webhooks/events";
import { refreshPersonSummaries } from "../db/person-summary";

/**
 * Erases one person (`npm run leads -- delete`, /team/people), in one transaction: what the team
 * wrote about their leads (notes and handled marks, found through the leads, so first), the rows
 * of every lead kind whose address is theirs, their chat conversations, then the mails sent to
 * them or about them. Addresses are compared trimmed and lower-cased, by equality: never another
 * person whose address merely contains this one. The webhooks about them that the queue and its
 * log hold go too, and `person.erased` (the address alone) is queued for the CRM to erase them as
 * well. Returns the rows deleted by what held them.
 */
export async function erasePerson(db: Db, email: string): Promise<Record<string, number>> {
  const normalized = normalizeAddress(email);
  return db.transaction().execute(async (trx) => {
    const counts: Record<string, number> = { "team-notes": await eraseTeamAnnotations(trx, normalized) };
    for (const kind of LEAD_KIND_TABLES) counts[kind.name] = await kind.erase(trx, normalized);
    await refreshPersonSummaries(trx, [normalized]);
    counts["chat-conversation"] = await eraseChatConversations(trx, normalized);
    counts.mail = await eraseMail(trx, normalized);
    await forgetInAudit(trx, normalized);
    counts.webhooks = deletedRows(await trx.deleteFrom("webhook_deliveries").where("about_email", "=", normalized).executeTakeFirst());
    await emitWebhookEvent(trx, "person.erased", { email: normalized });
    return counts;
  });
}

/**
 * The team's work on the person: notes and handled marks on their leads (the notes are the team's:
 * never exported), their owner, stage and follow-up with the history of their changes, and the
 * replies members wrote to them.
 */
async function eraseTeamAnnotations(db: Db, email: string): Promise<number> {
  let deleted = deletedRows(await db.deleteFrom("people").where("email", "=", email).executeTakeFirst());
  deleted += deletedRows(await db.deleteFrom("person_events").where("email", "=", email).executeTakeFirst());
  deleted += deletedRows(await db.deleteFrom("person_replies").where("email", "=", email).executeTakeFirst());
  for (const kind of LEAD_KIND_TABLES) {
    const ids = db.selectFrom(kind.table).select("id").where(kind.address, "=", email);
    deleted += deletedRows(await db.deleteFrom("lead_notes").where("lead_kind", "=", kind.name).where("lead_id", "in", ids).executeTakeFirst());
    deleted += deletedRows(await db.deleteFrom("lead_states").where("lead_kind", "=", kind.name).where("lead_id", "in", ids).executeTakeFirst());
  }
  return deleted;
}

/**
 * The mails sent to the person (`to`, always one plain address) or about them (`about_email`: the
 * address of the record that produced the mail, e.g. the subscriber of an admin notification, the
 * sender of a contact message, the visitor of a chat transcript). Both compared by equality with
 * the normalized address, never as a substring: erasing ann@example.com leaves joann@example.com's
 * mails alone. Run after the leads.
 */
async function eraseMail(db: Db, emailLowercase: string): Promise<number> {
  const result = await db
    .deleteFrom("mail")
    .where((eb) => eb.or([eb(sql<string>`lower(${sql.ref("to")})`, "=", emailLowercase), eb("about_email", "=", emailLowercase)]))
    .executeTakeFirst();
  return deletedRows(result);
}

/** What a member did to the person stays audited, but no longer names them (server/team/person-work.ts). */
export { ERASED_PERSON };
async function forgetInAudit(db: Db, email: string): Promise<void> {
  await db.updateTable("audit_log").set({ subject: ERASED_PERSON }).where("subject", "=", email).where("action", "like", "person-%").execute();
}
