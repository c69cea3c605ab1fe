/**
 * The lead registry: the four kinds of lead the site collects, described once, read by the team
 * workspace (list, lead page, person page, overview, export: server/team/), by
 * `npm run leads -- export|delete` (server/cli/leads.ts), by erasure (erase.ts) and by retention.
 * A kind's name is its one name everywhere (workspace URLs, exports, the team's notes and handled
 * marks); its table keeps the name it was created with.
 *
 * To add a kind: its name in LEAD_KINDS (app/features/team/team-lines.ts), an entry here, and
 * a mail that passes `about` to `outbox.enqueue` so erasure finds it.
 */
import { type Kysely, type RawBuilder, type SelectQueryBuilder, sql } from "kysely";
import type { LeadKindName } from "~/features/team/team-lines";
import type { Locale } from "~/shared/i18n/locale";
import type { Db } from "../db/database";
import type { AttributionColumns, Database } from "../db/schema";

/** A lead's attribution (every kind has it, on its row: migration 0019), in export order. */
export const ATTRIBUTION_COLUMNS = ["landing_path", "referrer", "utm_source", "utm_medium", "utm_campaign", "utm_content", "utm_term", "converted_path"] as const satisfies readonly (keyof AttributionColumns)[];

/**
 * The columns of every lead export (the team's and the CLI's), in order; a kind fills the ones it
 * has. `language` ("en" or "fr", migration 0029) comes last, so the earlier columns keep their places.
 */
export const EXPORT_COLUMNS = [
  ...["kind", "id", "created_at", "name", "email", "phone", "company", "plan_type", "category", "status", "source", "message", "handled_at", "handled_by"] as const,
  ...ATTRIBUTION_COLUMNS,
  "language",
] as const;
export type ExportColumn = (typeof EXPORT_COLUMNS)[number];
/** One exported record; `kind` is a lead kind, or `chat-conversation` (chat-conversations.ts). */
export type ExportRecord = Record<ExportColumn, string | null> & { kind: string; id: string; created_at: string };

/** A lead as the registry reads it: its kind's columns, null where the kind has none, and the team's handled mark. */
export interface Lead extends ExportRecord {
  kind: LeadKindName;
  email: string;
  language: Locale;
}

/** The columns a kind may fill besides kind, id, time, email and the team's mark. */
type DetailColumn = "name" | "phone" | "company" | "plan_type" | "category" | "status" | "source" | "message";

export interface LeadKind {
  name: LeadKindName;
  table: "subscribers" | "contact_messages" | "more_information" | "potential_customers";
  /** The row's time (its `created_at` in an export). */
  time: "subscribed_at" | "created_at";
  /** The export columns the table fills, each from its column of the same name. */
  columns: readonly DetailColumn[];
  /** Columns searched by the workspace (lower-cased, as a substring). */
  searched: readonly ("name" | "email" | "company" | "message")[];
  /**
   * The row's address as a person's is compared with it (trimmed and lower-cased), in the form
   * the table indexes: the subscribers' unique `email_normalized`, the others' `lower(email)`.
   */
  address: RawBuilder<string>;
  /**
   * Erases everything of this kind about one person: rows whose address equals `emailLowercase`,
   * compared exactly, never as a substring. Returns rows deleted.
   */
  erase(db: Db, emailLowercase: string): Promise<number>;
}

/** The row count of a delete. */
export const deletedRows = (result: { numDeletedRows: bigint }): number => Number(result.numDeletedRows);

const lowerEmail = sql<string>`lower(email)`;

/** Rows whose `email` is the address, compared lower-cased and by equality. */
const eraseByEmail = (table: "potential_customers" | "more_information" | "contact_messages") => async (db: Db, email: string) =>
  deletedRows(await db.deleteFrom(table).where(lowerEmail, "=", email).executeTakeFirst());

/** The kinds in the order the CLI exports and erases them. */
export const LEAD_KIND_TABLES: readonly LeadKind[] = [
  { name: "chat", table: "potential_customers", time: "created_at", columns: ["name", "source"], searched: ["name", "email"], address: lowerEmail, erase: eraseByEmail("potential_customers") },
  {
    name: "newsletter",
    table: "subscribers",
    time: "subscribed_at",
    columns: ["status"],
    searched: ["email"],
    address: sql<string>`email_normalized`,
    // Their place in campaign recipient lists goes with them (it holds the address).
    erase: async (db, email) => {
      await db.deleteFrom("campaign_recipients").where((eb) => eb(eb.fn("lower", ["email"]), "=", email)).execute();
      return deletedRows(await db.deleteFrom("subscribers").where("email_normalized", "=", email).executeTakeFirst());
    },
  },
  {
    name: "information-request",
    table: "more_information",
    time: "created_at",
    columns: ["name", "phone", "company", "plan_type", "message"],
    searched: ["name", "email", "company", "message"],
    address: lowerEmail,
    erase: eraseByEmail("more_information"),
  },
  { name: "contact", table: "contact_messages", time: "created_at", columns: ["name", "category", "message"], searched: ["name", "email", "message"], address: lowerEmail, erase: eraseByEmail("contact_messages") },
];

export const leadKind = (name: LeadKindName): LeadKind => LEAD_KIND_TABLES.find((kind) => kind.name === name)!;

/** The query over one kind's table as `t`, its handled mark joined as `s`. */
type LeadsDb = Database & { t: Record<string, string>; s: Record<string, string> };
type LeadQuery = SelectQueryBuilder<LeadsDb, "t" | "s", Lead>;

/**
 * One kind's leads in the export's shape (the `Lead` columns), unordered and unfiltered: the
 * workspace adds its filters and keyset, the CLI reads it oldest first. Columns are `t.<name>`,
 * the time `t.<kind.time>`.
 */
export function selectLeads(db: Db, kind: LeadKind): LeadQuery {
  const column = (name: DetailColumn) => (kind.columns.includes(name) ? sql<string | null>`${sql.ref(`t.${name}`)}` : sql<null>`null`);
  return (db as unknown as Kysely<LeadsDb>)
    .selectFrom(`${kind.table} as t` as "t")
    .leftJoin("lead_states as s", (join) => join.onRef("s.lead_id", "=", "t.id" as never).on("s.lead_kind", "=", kind.name))
    .select([
      sql<LeadKindName>`${kind.name}`.as("kind"),
      sql<string>`t.id`.as("id"),
      sql<string>`${sql.ref(`t.${kind.time}`)}`.as("created_at"),
      column("name").as("name"),
      sql<string>`t.email`.as("email"),
      column("phone").as("phone"),
      column("company").as("company"),
      column("plan_type").as("plan_type"),
      column("category").as("category"),
      column("status").as("status"),
      column("source").as("source"),
      column("message").as("message"),
      sql<string | null>`s.updated_at`.as("handled_at"),
      sql<string | null>`s.updated_by`.as("handled_by"),
      ...ATTRIBUTION_COLUMNS.map((name) => sql<string | null>`${sql.ref(`t.${name}`)}`.as(name)),
      sql<Locale>`t.language`.as("language"),
    ]);
}

/**
 * The person's language: their newest lead's ("en" when they have none), the language the site
 * writes to them in (the layout of a member's reply). `address` is normalized.
 */
export async function latestLanguage(db: Db, address: string): Promise<Locale> {
  const newest = await Promise.all(
    LEAD_KIND_TABLES.map((kind) =>
      (db as unknown as Kysely<LeadsDb>)
        .selectFrom(`${kind.table} as t` as "t")
        .select([sql<string>`${sql.ref(`t.${kind.time}`)}`.as("at"), sql<Locale>`t.language`.as("language")])
        .where(kind.address, "=", address)
        .orderBy(sql.ref(`t.${kind.time}`), "desc")
        .limit(1)
        .executeTakeFirst(),
    ),
  );
  const latest = newest.reduce<{ at: string; language: Locale } | undefined>((best, row) => (row && (!best || row.at > best.at) ? row : best), undefined);
  return latest?.language ?? "en";
}

/** How many leads of each kind the database holds (for the metrics): one statement, a count per table. */
export async function countLeads(db: Db): Promise<Record<LeadKindName, number>> {
  const row = await db
    .selectNoFrom((eb) => LEAD_KIND_TABLES.map((kind) => eb.selectFrom(kind.table).select((inner) => inner.fn.countAll<number | string>().as("n")).as(kind.name)))
    .executeTakeFirstOrThrow();
  const counts = row as Record<string, number | string | null>;
  return Object.fromEntries(LEAD_KIND_TABLES.map((kind) => [kind.name, Number(counts[kind.name] ?? 0)])) as Record<LeadKindName, number>;
}
