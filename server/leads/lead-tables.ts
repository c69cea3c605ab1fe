import { type Kysely, sql } from "kysely";
import { chatConversations } from "../chat/lead-table";
import type { Db } from "../db/database";

/**
 * Every table that holds personal data of a lead, for `npm run leads -- export|delete`.
 * To include another table (e.g. chat conversations), append a LeadTable to `leadTables`.
 */

/** The columns of an export, in order; a table fills the ones it has. */
export const EXPORT_COLUMNS = ["type", "id", "created_at", "name", "email", "phone", "company", "plan_type", "category", "status", "source", "message"] as const;
export type ExportColumn = (typeof EXPORT_COLUMNS)[number];
export type ExportRecord = Partial<Record<ExportColumn, string | null>> & { type: string; id: string; created_at: string };

export interface LeadTable {
  /** The record type in the export, e.g. "subscriber". */
  type: string;
  /** Rows created at or after `since` (ISO), oldest first, read in pages (never all at once). */
  export(db: Db, since: string | undefined): AsyncIterable<ExportRecord>;
  /**
   * Erases everything about one person: rows whose address equals `emailLowercase` (trimmed and
   * lower-cased), compared case-insensitively but exactly, never as a substring. Returns rows deleted.
   */
  erase(db: Db, emailLowercase: string): Promise<number>;
}

const PAGE = 500;

/** Keyset pagination over (created_at, id): constant memory whatever the table size. */
export async function* paged<Row extends { id: string; created_at: string }>(
  fetchPage: (after: { created_at: string; id: string } | undefined, limit: number) => Promise<Row[]>,
): AsyncIterable<Row> {
  let after: { created_at: string; id: string } | undefined;
  for (;;) {
    const rows = await fetchPage(after, PAGE);
    yield* rows;
    if (rows.length < PAGE) return;
    const last = rows[rows.length - 1]!;
    after = { created_at: last.created_at, id: last.id };
  }
}

type TimedTable = "potential_customers" | "more_information" | "contact_messages";

/** The shape the three timed tables share, for one query builder over any of them. */
type TimedRow = { id: string; created_at: string } & Record<string, string>;

function pageOf(db: Db, table: TimedTable, since: string | undefined) {
  const timed = db as unknown as Kysely<Record<TimedTable, TimedRow>>;
  return (after: { created_at: string; id: string } | undefined, limit: number) => {
    let query = timed.selectFrom(table).selectAll();
    if (since) query = query.where("created_at", ">=", since);
    if (after)
      query = query.where((eb) =>
        eb.or([eb("created_at", ">", after.created_at), eb.and([eb("created_at", "=", after.created_at), eb("id", ">", after.id)])]),
      );
    return query.orderBy("created_at").orderBy("id").limit(limit).execute() as Promise<TimedRow[]>;
  };
}

const deleted = (result: { numDeletedRows: bigint }) => Number(result.numDeletedRows);

export const leadTables: LeadTable[] = [
  {
    type: "chat_lead",
    async *export(db, since) {
      for await (const row of paged(pageOf(db, "potential_customers", since))) {
        const lead = row as { id: string; created_at: string; name: string; email: string; source: string };
        yield { type: "chat_lead", id: lead.id, created_at: lead.created_at, name: lead.name, email: lead.email, source: lead.source };
      }
    },
    erase: async (db, email) => deleted(await db.deleteFrom("potential_customers").where(sql<string>`lower(email)`, "=", email).executeTakeFirst()),
  },
  {
    type: "subscriber",
    async *export(db, since) {
      const rows = paged((after, limit) => {
        let query = db.selectFrom("subscribers").select(["id", "email", "status", "subscribed_at as created_at"]);
        if (since) query = query.where("subscribed_at", ">=", since);
        if (after)
          query = query.where((eb) =>
            eb.or([eb("subscribed_at", ">", after.created_at), eb.and([eb("subscribed_at", "=", after.created_at), eb("id", ">", after.id)])]),
          );
        return query.orderBy("subscribed_at").orderBy("id").limit(limit).execute();
      });
      for await (const row of rows) yield { type: "subscriber", id: row.id, created_at: row.created_at, email: row.email, status: row.status };
    },
    erase: async (db, email) => deleted(await db.deleteFrom("subscribers").where("email_normalized", "=", email).executeTakeFirst()),
  },
  {
    type: "information_request",
    async *export(db, since) {
      for await (const row of paged(pageOf(db, "more_information", since))) {
        const r = row as { id: string; created_at: string; name: string; email: string; phone: string; company: string; plan_type: string; message: string };
        yield { type: "information_request", id: r.id, created_at: r.created_at, name: r.name, email: r.email, phone: r.phone, company: r.company, plan_type: r.plan_type, message: r.message };
      }
    },
    erase: async (db, email) => deleted(await db.deleteFrom("more_information").where(sql<string>`lower(email)`, "=", email).executeTakeFirst()),
  },
  {
    type: "contact_message",
    async *export(db, since) {
      for await (const row of paged(pageOf(db, "contact_messages", since))) {
        const r = row as { id: string; created_at: string; name: string; email: string; category: string; message: string };
        yield { type: "contact_message", id: r.id, created_at: r.created_at, name: r.name, email: r.email, category: r.category, message: r.message };
      }
    },
    erase: async (db, email) => deleted(await db.deleteFrom("contact_messages").where(sql<string>`lower(email)`, "=", email).executeTakeFirst()),
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
  return deleted(result);
}
