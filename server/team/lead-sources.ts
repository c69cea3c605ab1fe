/**
 * The four tables a lead of /team comes from, by kind. The list reads each table newest first
 * through its (time, id) index and merges the pages (server/team/leads.ts): no union to sort, so
 * a page costs the same with 100 or 100,000 rows.
 */
import { type RawBuilder, sql } from "kysely";
import type { LeadKindName } from "~/features/team/team-lines";

export interface LeadSource {
  kind: LeadKindName;
  table: "subscribers" | "contact_messages" | "more_information" | "potential_customers";
  time: "subscribed_at" | "created_at";
  /** Columns searched (lower-cased, as a substring). */
  searched: readonly ("name" | "email" | "company" | "message")[];
  /**
   * The row's address as a person's is compared with it (trimmed and lower-cased), in the form
   * the table indexes: the subscribers' unique `email_normalized`, the others' `lower(email)`.
   */
  address: RawBuilder<string>;
}

const lowerEmail = sql<string>`lower(email)`;

export const LEAD_SOURCES: readonly LeadSource[] = [
  { kind: "chat", table: "potential_customers", time: "created_at", searched: ["name", "email"], address: lowerEmail },
  { kind: "contact", table: "contact_messages", time: "created_at", searched: ["name", "email", "message"], address: lowerEmail },
  { kind: "information", table: "more_information", time: "created_at", searched: ["name", "email", "company", "message"], address: lowerEmail },
  { kind: "newsletter", table: "subscribers", time: "subscribed_at", searched: ["email"], address: sql<string>`email_normalized` },
];

export const LEAD_TABLE_OF_KIND: ReadonlyMap<LeadKindName, LeadSource["table"]> = new Map(LEAD_SOURCES.map((s) => [s.kind, s.table]));

