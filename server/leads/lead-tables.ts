/**
 * Every table that holds personal data of a lead, for `npm run leads -- export|delete`.
 * To include another table, append a LeadTable (lead-table.ts) to `leadTables`.
 */
import { sql } from "kysely";
import { chatConversations } from "../chat/lead-table";
import type { Db } from "../db/database";
import { oldestFirst } from "../db/keyset";
import { LEAD_SOURCES } from "../team/lead-sources";
import { type LeadTable, deletedRows } from "./lead-table";

/**
 * What the team wrote about the person's leads (/team notes and handled marks). First in the
 * list: it finds the leads by address before their rows go.
 */
const teamAnnotations: LeadTable = {
  type: "team_notes",
  // The notes are the team's, not part of the person's export.
  export: () => [][Symbol.iterator]() as unknown as AsyncIterable<never>,
  async erase(db, email) {
    let deleted = 0;
    for (const source of LEAD_SOURCES) {
      const ids = db.selectFrom(source.table).select("id").where(source.address, "=", email);
      deleted += deletedRows(await db.deleteFrom("lead_notes").where("lead_kind", "=", source.kind).where("lead_id", "in", ids).executeTakeFirst());
      deleted += deletedRows(await db.deleteFrom("lead_states").where("lead_kind", "=", source.kind).where("lead_id", "in", ids).executeTakeFirst());
    }
    return deleted;
  },
};

/** Rows whose `email` is the address, compared lower-cased and by equality. */
const eraseByEmail = (table: "potential_customers" | "more_information" | "contact_messages") => async (db: Db, email: string) =>
  deletedRows(await db.deleteFrom(table).where(sql<string>`lower(email)`, "=", email).executeTakeFirst());

export const leadTables: LeadTable[] = [
  teamAnnotations,
  {
    type: "chat_lead",
    async *export(db, since) {
      const rows = db.selectFrom("potential_customers").select(["id", "created_at", "name", "email", "source"]);
      for await (const lead of oldestFirst(rows, "created_at", since)) yield { type: "chat_lead", ...lead };
    },
    erase: eraseByEmail("potential_customers"),
  },
  {
    type: "subscriber",
    async *export(db, since) {
      const rows = db.selectFrom("subscribers").select(["id", "subscribed_at as created_at", "email", "status"]);
      for await (const subscriber of oldestFirst(rows, "subscribed_at", since)) yield { type: "subscriber", ...subscriber };
    },
    // Their place in campaign recipient lists goes with them (it holds the address).
    erase: async (db, email) => {
      await db.deleteFrom("campaign_recipients").where((eb) => eb(eb.fn("lower", ["email"]), "=", email)).execute();
      return deletedRows(await db.deleteFrom("subscribers").where("email_normalized", "=", email).executeTakeFirst());
    },
  },
  {
    type: "information_request",
    async *export(db, since) {
      const rows = db.selectFrom("more_information").select(["id", "created_at", "name", "email", "phone", "company", "plan_type", "message"]);
      for await (const request of oldestFirst(rows, "created_at", since)) yield { type: "information_request", ...request };
    },
    erase: eraseByEmail("more_information"),
  },
  {
    type: "contact_message",
    async *export(db, since) {
      const rows = db.selectFrom("contact_messages").select(["id", "created_at", "name", "email", "category", "message"]);
      for await (const message of oldestFirst(rows, "created_at", since)) yield { type: "contact_message", ...message };
    },
    erase: eraseByEmail("contact_messages"),
  },
  chatConversations,
];

/**
 * Erasable but not exported: the mails sent to the person (`to`, always one plain address) or
 * about them (`about_email`: the address of the record that produced the mail, e.g. the
 * subscriber of an admin notification, the sender of a contact message, the visitor of a chat
 * transcript). Both compared by equality with the normalized address, never as a substring:
 * erasing ann@example.com leaves joann@example.com's mails alone. Run after the tables above.
 */
export async function eraseMail(db: Db, emailLowercase: string): Promise<number> {
  const result = await db
    .deleteFrom("mail")
    .where((eb) => eb.or([eb(sql<string>`lower(${sql.ref("to")})`, "=", emailLowercase), eb("about_email", "=", emailLowercase)]))
    .executeTakeFirst();
  return deletedRows(result);
}
