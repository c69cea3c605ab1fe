/**
 * The people list's summary of each person (`person_summaries`, one row per normalized address
 * that left a lead): name, company, lead times, the newest leads, and what the list filters on
 * (kinds, plans, UTM sources and campaigns, languages, and the text its search reads). Recomputed from
 * the four lead tables for the addresses a write touched, inside that write's transaction, so the
 * list reads one indexed table (decision 0119). A person with no lead left has no row.
 *
 * It sits with the database code so that every code that writes leads (the chat and the newsletter
 * included, which may not import server/leads) can call it; its sources are the lead registry's
 * kinds (server/leads/lead-kinds.ts), as a test checks.
 */
import { type Kysely, type RawBuilder, sql } from "kysely";
import type { LeadKindName } from "~/features/team/team-lines";
import { escapeLike } from "./like";
import type { Database } from "./schema";

/** The newest leads a summary lists (the person page has them all). */
export const SUMMARY_LEADS = 12;

/** One lead as a summary lists it: kind, id, time, plan type. */
export interface SummaryLead {
  kind: LeadKindName;
  id: string;
  at: string;
  plan: string | null;
}

interface LeadFacts extends SummaryLead {
  address: string;
  name: string | null;
  company: string | null;
  source: string | null;
  campaign: string | null;
  language: string;
  /** The lead's searched columns as the lead list searches them (joined by " | "). */
  searched: string;
}

/**
 * A list of values, each on its own line, that `like` finds whole (listedPattern). No listed value
 * holds a line break: kinds and plans are fixed names, UTM values are kept on one line.
 */
export const valueList = (values: Iterable<string>) => `\n${[...new Set(values)].sort().join("\n")}\n`;
/** The values of a valueList. */
export const listedValues = (list: string) => list.split("\n").filter(Boolean);

/** A LIKE pattern (ESCAPE '\') that finds `value` whole in a valueList. */
export const listedPattern = (value: string) => `%\n${escapeLike(value)}\n%`;

/** UTM values as listed: the team's filter matches them regardless of case. */
export const utmKey = (value: string) => value.toLowerCase();

const ROWS_PER_INSERT = 500;

const lowerEmail = sql<string>`lower(email)`;

/** Each lead kind's table, time, address (as the registry compares it) and the columns a summary reads. */
export const SUMMARY_SOURCES: readonly {
  kind: LeadKindName;
  table: "subscribers" | "contact_messages" | "more_information" | "potential_customers";
  time: "subscribed_at" | "created_at";
  address: RawBuilder<string>;
  columns: readonly ("name" | "company" | "plan_type")[];
  /** The registry's searched columns (a test checks). */
  searched: readonly ("name" | "email" | "company" | "message")[];
}[] = [
  { kind: "chat", table: "potential_customers", time: "created_at", address: lowerEmail, columns: ["name"], searched: ["name", "email"] },
  { kind: "newsletter", table: "subscribers", time: "subscribed_at", address: sql<string>`email_normalized`, columns: [], searched: ["email"] },
  { kind: "information-request", table: "more_information", time: "created_at", address: lowerEmail, columns: ["name", "company", "plan_type"], searched: ["name", "email", "company", "message"] },
  { kind: "contact", table: "contact_messages", time: "created_at", address: lowerEmail, columns: ["name"], searched: ["name", "email", "message"] },
];

/** Addresses per read: four lists of them are bound, well under either engine's parameter limit. */
const ADDRESSES_PER_READ = 500;

/** The leads of `addresses` (or of everyone), every kind in one statement. */
async function leadFacts(db: Kysely<Database>, addresses: readonly string[] | "all"): Promise<LeadFacts[]> {
  const read = async (some: readonly string[] | "all") => {
    const selects = SUMMARY_SOURCES.map((kind) => {
      const has = (column: string) => (kind.columns as readonly string[]).includes(column);
      const query = db.selectFrom(kind.table).select([
        sql<LeadKindName>`${sql.lit(kind.kind)}`.as("kind"),
        sql<string>`id`.as("id"),
        sql<string>`${sql.ref(kind.time)}`.as("at"),
        sql<string | null>`${has("name") ? sql.ref("name") : sql`null`}`.as("name"),
        sql<string | null>`${has("company") ? sql.ref("company") : sql`null`}`.as("company"),
        sql<string | null>`${has("plan_type") ? sql.ref("plan_type") : sql`null`}`.as("plan"),
        sql<string | null>`utm_source`.as("source"),
        sql<string | null>`utm_campaign`.as("campaign"),
        sql<string>`language`.as("language"),
        sql<string>`${sql.join(
          kind.searched.map((name) => sql`coalesce(${sql.ref(name)}, '')`),
          sql` || ' | ' || `,
        )}`.as("searched"),
        kind.address.as("address"),
      ]);
      return some === "all" ? query : query.where(kind.address, "in", some);
    });
    return selects.slice(1).reduce((all, next) => all.unionAll(next), selects[0]!).execute();
  };
  if (addresses === "all") return read("all");
  const rows: LeadFacts[] = [];
  for (let i = 0; i < addresses.length; i += ADDRESSES_PER_READ) rows.push(...(await read(addresses.slice(i, i + ADDRESSES_PER_READ))));
  return rows;
}

const newestFirst = (a: SummaryLead, b: SummaryLead) => (a.at !== b.at ? (a.at < b.at ? 1 : -1) : a.kind !== b.kind ? (a.kind < b.kind ? -1 : 1) : a.id < b.id ? 1 : -1);
const filled = (value: string | null) => (value && value.trim() !== "" ? value : null);

/**
 * Brings the summaries of `addresses` (normalized) in line with their leads, or of every address
 * ("all": the migration's backfill). Run it in the transaction that wrote or deleted the leads.
 */
export async function refreshPersonSummaries(db: Kysely<Database>, addresses: readonly string[] | "all"): Promise<void> {
  const wanted = addresses === "all" ? "all" : [...new Set(addresses)];
  if (wanted !== "all" && wanted.length === 0) return;
  const byAddress = new Map<string, LeadFacts[]>();
  for (const lead of await leadFacts(db, wanted)) {
    const list = byAddress.get(lead.address);
    if (list) list.push(lead);
    else byAddress.set(lead.address, [lead]);
  }
  const rows = [...byAddress].map(([email, leads]) => {
    leads.sort(newestFirst);
    const name = leads.map((lead) => filled(lead.name)).find(Boolean) ?? null;
    return {
      email,
      name,
      company: leads.map((lead) => filled(lead.company)).find(Boolean) ?? null,
      sort_name: (name ?? email).toLowerCase(),
      first_lead_at: leads[leads.length - 1]!.at,
      last_lead_at: leads[0]!.at,
      lead_count: leads.length,
      kinds: valueList(leads.map((lead) => lead.kind)),
      plans: valueList(leads.flatMap((lead) => (lead.plan ? [lead.plan] : []))),
      sources: valueList(leads.flatMap((lead) => (lead.source ? [utmKey(lead.source)] : []))),
      campaigns: valueList(leads.flatMap((lead) => (lead.campaign ? [utmKey(lead.campaign)] : []))),
      languages: valueList(leads.map((lead) => lead.language)),
      // Lower-cased here so that both engines compare it with a plain, case-sensitive-safe LIKE.
      search_text: leads.map((lead) => lead.searched.toLowerCase()).join("\n"),
      leads: JSON.stringify(leads.slice(0, SUMMARY_LEADS).map(({ kind, id, at, plan }): SummaryLead => ({ kind, id, at, plan }))),
    };
  });
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    await db
      .insertInto("person_summaries")
      .values(rows.slice(i, i + ROWS_PER_INSERT))
      .onConflict((conflict) =>
        conflict.column("email").doUpdateSet((eb) => ({
          name: eb.ref("excluded.name"),
          company: eb.ref("excluded.company"),
          sort_name: eb.ref("excluded.sort_name"),
          first_lead_at: eb.ref("excluded.first_lead_at"),
          last_lead_at: eb.ref("excluded.last_lead_at"),
          lead_count: eb.ref("excluded.lead_count"),
          kinds: eb.ref("excluded.kinds"),
          plans: eb.ref("excluded.plans"),
          sources: eb.ref("excluded.sources"),
          campaigns: eb.ref("excluded.campaigns"),
          languages: eb.ref("excluded.languages"),
          search_text: eb.ref("excluded.search_text"),
          leads: eb.ref("excluded.leads"),
        })),
      )
      .execute();
  }
  if (wanted !== "all") {
    const gone = wanted.filter((address) => !byAddress.has(address));
    if (gone.length > 0) await db.deleteFrom("person_summaries").where("email", "in", gone).execute();
  }
}
