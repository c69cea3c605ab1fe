/**
 * The people list of /team: one entry per person with leads (a normalized address), read from the
 * summaries the lead writes keep (server/db/person-summary.ts) beside the team's work on the
 * person (`people`: owner, stage, follow-up), filtered, counted and in keyset pages; and each
 * member's saved filters of it.
 */
import { type Expression, type SqlBool, sql } from "kysely";
import type { PeopleFilter } from "~/features/team/team-schemas";
import { PEOPLE_SORTS, type PersonStageName } from "~/features/team/team-lines";
import { isValidEmail } from "~/shared/forms/email-rule";
import { isLocale, type Locale } from "~/shared/i18n/locale";
import { PEOPLE_COUNT_CAP, SAVED_FILTERS_MAX, TEAM_ERRORS, TeamError } from "~/features/team/team-contract";
import { type Db, nowIso } from "../db/database";
import { newRowId } from "../db/row-id";
import { isStoredTime } from "../db/keyset";
import type { SavedFiltersTable } from "../db/schema";
import type { Audit } from "../audit/audit";
import { LEAD_KIND_TABLES } from "../leads/lead-kinds";
import { type SummaryLead, listedPattern, listedValues, utmKey } from "../db/person-summary";
import { containsPattern } from "../db/like";
import type { TeamLeads } from "./leads";

export interface PersonEntry {
  email: string;
  name: string | null;
  company: string | null;
  lastLeadAt: string;
  leadCount: number;
  /** Newest first (at most SUMMARY_LEADS). */
  leads: SummaryLead[];
  plans: string[];
  /** The languages of their leads ("en", "fr"). */
  languages: Locale[];
  owner: string | null;
  stage: PersonStageName;
  followUpOn: string | null;
}

export interface PeoplePage {
  people: PersonEntry[];
  /** How many people the filter matches, every page together, up to PEOPLE_COUNT_CAP + 1 (more than PEOPLE_COUNT_CAP). */
  total: number;
  next: string | undefined;
}

interface Cursor {
  sort: PeopleFilter["sort"];
  key: string;
  email: string;
}
const encodeCursor = (c: Cursor) => Buffer.from(JSON.stringify([c.sort, c.key, c.email])).toString("base64url");
function decodeCursor(value: string, sort: PeopleFilter["sort"]): Cursor | undefined {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, "base64url").toString("utf8"));
    if (!Array.isArray(parsed) || parsed.length !== 3 || !parsed.every((part) => typeof part === "string" && part.length <= 600)) return undefined;
    const [s, key, email] = parsed as [string, string, string];
    if (s !== sort || !(PEOPLE_SORTS as readonly string[]).includes(s) || !isValidEmail(email)) return undefined;
    return sort === "name" || isStoredTime(key) ? { sort, key, email } : undefined;
  } catch {
    return undefined;
  }
}

/** Filters only a lead can answer: its handled status, its date. */
const LEAD_ONLY = ["status", "from", "to"] as const;
/**
 * The lead properties the summary lists per person. One of them is answered by the summary; two
 * together must hold on one lead, which only the leads can tell (kind and plan count as one: only
 * an information request has a plan).
 */
const LEAD_PROPERTIES = [["kind", "plan"], ["source"], ["campaign"], ["language"], ["q"]] as const;

/** Whether the summary answers the filter's lead conditions (else they look into the leads). */
const onSummary = (filter: PeopleFilter) =>
  !LEAD_ONLY.some((key) => filter[key]) && LEAD_PROPERTIES.filter((group) => group.some((key) => filter[key])).length <= 1;

export class PeopleList {
  constructor(
    private readonly db: Db,
    private readonly leads: TeamLeads,
    private readonly audit: Audit,
  ) {}

  private conditions(filter: PeopleFilter, member: string, today: string): Expression<SqlBool>[] {
    const where: Expression<SqlBool>[] = [];
    const listed = (column: "ps.kinds" | "ps.plans" | "ps.sources" | "ps.campaigns" | "ps.languages", value: string) => sql<SqlBool>`${sql.ref(column)} like ${listedPattern(value)} escape '\\'`;
    // What the summary lists about a person's leads: enough when one property is asked for; when
    // the leads must be asked too, it narrows them first to the few people who can match, so the
    // database looks up their leads (by address) rather than reading every lead of the kind.
    if (filter.kind) where.push(listed("ps.kinds", filter.kind));
    if (filter.plan) where.push(listed("ps.plans", filter.plan));
    if (filter.source) where.push(listed("ps.sources", utmKey(filter.source)));
    if (filter.campaign) where.push(listed("ps.campaigns", utmKey(filter.campaign)));
    if (filter.language) where.push(listed("ps.languages", filter.language));
    if (filter.q) where.push(sql<SqlBool>`ps.search_text like ${containsPattern(filter.q.toLowerCase())} escape '\\'`);
    if (!onSummary(filter)) {
      // People with at least one lead that matches every lead filter.
      const kinds = LEAD_KIND_TABLES.filter((kind) => (!filter.kind || kind.name === filter.kind) && (!filter.plan || kind.columns.includes("plan_type")));
      if (filter.q && this.leads.dialect === "postgres") {
        // A search: the summary's text has already narrowed the people to the few whose leads may
        // match, so each one's leads are looked up by address. As a semi-join, PostgreSQL would
        // read every lead of the kind, taking a search for rare; `offset 0` keeps it from making
        // one. (SQLite would look up the leads before the summary's text: the list below suits it.)
        const leadsOf = kinds.map(
          (kind) =>
            sql<SqlBool>`exists ${this.leads
              .sourceQuery(this.db, kind, filter)
              .query.clearSelect()
              .select(sql`1`.as("one"))
              .where(() => sql<SqlBool>`${kind.address} = ps.email`)
              .limit(1)
              .offset(0)}`,
        );
        where.push(sql<SqlBool>`(${sql.join(leadsOf, sql` or `)})`);
      } else {
        const addresses = kinds.map((kind) => this.leads.sourceQuery(this.db, kind, filter).query.clearSelect().select(kind.address.as("address")));
        const union = addresses.slice(1).reduce((all, next) => all.unionAll(next), addresses[0]!);
        where.push(sql<SqlBool>`ps.email in (${union})`);
      }
    }
    // The team's work on the person (`people`, one row at most, none for most people) as
    // semi-joins and anti-joins, never joined: the list reads it for its page's people only
    // (`workOf`), and "no one's" and "new" include the people without a row.
    if (filter.owner === "unowned") where.push(sql<SqlBool>`not exists (select 1 from people w where w.email = ps.email and w.owner is not null)`);
    else if (filter.owner) where.push(sql<SqlBool>`exists (select 1 from people w where w.email = ps.email and w.owner = ${filter.owner === "me" ? member : filter.owner})`);
    if (filter.stage === "new") where.push(sql<SqlBool>`not exists (select 1 from people w where w.email = ps.email and w.stage <> 'new')`);
    else if (filter.stage) where.push(sql<SqlBool>`exists (select 1 from people w where w.email = ps.email and w.stage = ${filter.stage})`);
    if (filter.due) where.push(sql<SqlBool>`exists (select 1 from people w where w.email = ps.email and w.follow_up_on <= ${today})`);
    return where;
  }

  private matching(where: Expression<SqlBool>[]) {
    let query = this.db.selectFrom("person_summaries as ps");
    for (const condition of where) query = query.where(() => condition);
    return query;
  }

  /**
   * How many people the filter matches, counted up to PEOPLE_COUNT_CAP (beyond, the list says "More than 10,000 people"):
   * a count stops once it has its cap, where an exact one reads every match.
   */
  private async count(where: Expression<SqlBool>[]): Promise<number> {
    const matches = this.matching(where).select(sql<number>`1`.as("one")).limit(PEOPLE_COUNT_CAP + 1).as("matches");
    const row = await this.db.selectFrom(matches).select((eb) => eb.fn.countAll<number | string>().as("n")).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** The team's work on these people (owner, stage, follow-up), by address. */
  private async workOf(emails: string[]) {
    if (emails.length === 0) return new Map<string, { owner: string | null; stage: PersonStageName; follow_up_on: string | null }>();
    const rows = await this.db.selectFrom("people").select(["email", "owner", "stage", "follow_up_on"]).where("email", "in", emails).execute();
    return new Map(rows.map((row) => [row.email, row]));
  }

  /**
   * One page of people for `member`, whose day is `today` (YYYY-MM-DD in their time zone). Throws
   * the TeamError "invalid-cursor" for a cursor this server did not make (or made for another order).
   */
  async page(filter: PeopleFilter, member: string, today: string): Promise<PeoplePage> {
    const cursor = filter.after ? decodeCursor(filter.after, filter.sort) : undefined;
    if (filter.after && !cursor) throw new TeamError("invalid-cursor", TEAM_ERRORS);
    const where = this.conditions(filter, member, today);
    const key = filter.sort === "name" ? sql.ref("ps.sort_name") : sql.ref("ps.last_lead_at");
    const direction = filter.sort === "newest" ? "desc" : "asc";
    let rows = this.matching(where).select(["ps.email", "ps.name", "ps.company", "ps.sort_name", "ps.last_lead_at", "ps.lead_count", "ps.plans", "ps.languages", "ps.leads"]);
    if (cursor) {
      rows = rows.where(
        direction === "desc"
          ? sql<SqlBool>`(${key} < ${cursor.key} or (${key} = ${cursor.key} and ps.email < ${cursor.email}))`
          : sql<SqlBool>`(${key} > ${cursor.key} or (${key} = ${cursor.key} and ps.email > ${cursor.email}))`,
      );
    }
    const [found, total] = await Promise.all([rows.orderBy(key, direction).orderBy("ps.email", direction).limit(filter.size + 1).execute(), this.count(where)]);
    const listed = found.slice(0, filter.size);
    const work = await this.workOf(listed.map((row) => row.email));
    const people = listed.map((row): PersonEntry => {
      const done = work.get(row.email);
      return {
        email: row.email,
        name: row.name,
        company: row.company,
        lastLeadAt: row.last_lead_at,
        leadCount: Number(row.lead_count),
        leads: JSON.parse(row.leads) as SummaryLead[],
        plans: listedValues(row.plans),
        languages: listedValues(row.languages).filter(isLocale),
        owner: done?.owner ?? null,
        stage: done?.stage ?? "new",
        followUpOn: done?.follow_up_on ?? null,
      };
    });
    const last = found.length > filter.size ? found[filter.size - 1] : undefined;
    return {
      people,
      total,
      next: last ? encodeCursor({ sort: filter.sort, key: filter.sort === "name" ? last.sort_name : last.last_lead_at, email: last.email }) : undefined,
    };
  }

  /** The members who own someone, by address (the owner filter's choices). */
  async owners(): Promise<string[]> {
    const rows = await this.db.selectFrom("people").select("owner").distinct().where("owner", "is not", null).orderBy("owner").execute();
    return rows.flatMap((row) => (row.owner ? [row.owner] : []));
  }

  /** The member's saved filters, by name. */
  savedFilters(member: string): Promise<Pick<SavedFiltersTable, "id" | "name" | "query">[]> {
    return this.db.selectFrom("saved_filters").select(["id", "name", "query"]).where("member", "=", member).orderBy("name").execute();
  }

  /** Saves (or replaces, under the same name) one of the member's filters; audited. */
  async saveFilter(member: string, name: string, query: string): Promise<"saved" | "too-many"> {
    return this.db.transaction().execute(async (trx) => {
      const existing = await trx.selectFrom("saved_filters").select("name").where("member", "=", member).execute();
      if (existing.length >= SAVED_FILTERS_MAX && !existing.some((row) => row.name === name)) return "too-many";
      await trx
        .insertInto("saved_filters")
        .values({ id: newRowId(), member, name, query, created_at: nowIso() })
        .onConflict((conflict) => conflict.columns(["member", "name"]).doUpdateSet({ query }))
        .execute();
      await this.audit.record(trx, { actor: member, action: "saved-filter-save", subject: name, detail: { query } });
      return "saved";
    });
  }

  /** Deletes one of the member's saved filters (never another member's); audited. Whether it was there. */
  async deleteFilter(member: string, id: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx.deleteFrom("saved_filters").where("id", "=", id).where("member", "=", member).returning("name").executeTakeFirst();
      if (row) await this.audit.record(trx, { actor: member, action: "saved-filter-delete", subject: row.name });
      return row !== undefined;
    });
  }
}
