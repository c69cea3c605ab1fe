/**
 * The workspace's insights (/team/insights): for a period, visitors and page views
 * (server/analytics/queries.ts) joined to the leads of the four kinds by where they came from
 * (their attribution columns), per source, campaign, landing page and referrer; leads per
 * converting page; and the chat funnel. Each table also as CSV. A source is `sourceOf`'s, for the
 * page views and the leads alike.
 */
import { sql } from "kysely";
import type { Db } from "../db/database";
import { type Period, type TrafficWayIn, daysOf, sourceOf, trafficByWayIn } from "../analytics/queries";
import { nextDay } from "../analytics/rollup";
import { CHAT_OPENED_SCOPE } from "../chat/visitors";
import { LEAD_KIND_TABLES } from "../leads/lead-kinds";
import { csvField } from "../leads/export";
import { INSIGHT_TABLE_HEADINGS, type InsightTable, NOT_RECORDED, conversionRate } from "~/features/team/insights-contract";

/** A row of a breakdown. `visitors` and `views` are null where page views are not counted that way (converting pages). */
export interface InsightRow {
  label: string;
  visitors: number | null;
  views: number | null;
  leads: number;
}

export interface Totals {
  visitors: number;
  views: number;
  leads: number;
}

export interface ChatFunnel {
  /** Browsers that opened the chat (asked for a chat session for the first time). */
  opened: number;
  /** Chat visitors whose name reached the server. */
  named: number;
  /** Chat leads (name and email given). */
  leads: number;
  /** Chat visitors who asked at least one question. */
  asked: number;
}

export interface Insights {
  totals: Totals;
  days: { day: string; visitors: number; views: number; leads: number }[];
  tables: Record<InsightTable, InsightRow[]>;
  funnel: ChatFunnel;
}

/** What the period's leads are, per way in: counts per attribution. */
interface LeadWayIn {
  /** sourceOf's. */
  source: string;
  referrer: string | null;
  campaign: string | null;
  landing: string | null;
  converted: string | null;
  leads: number;
}

const periodBounds = (period: Period) => ({ since: `${period.from}T00:00:00.000Z`, until: `${nextDay(period.to)}T00:00:00.000Z` });

async function leadsByWayIn(db: Db, period: Period): Promise<LeadWayIn[]> {
  const { since, until } = periodBounds(period);
  const all: LeadWayIn[] = [];
  for (const kind of LEAD_KIND_TABLES) {
    // The time as an expression, not a column: the planner then reads the attribution index
    // (migration 0020) in its order and counts without a sort, instead of sorting every lead of
    // the period found through the time index.
    const time = sql<string>`${sql.ref(kind.time)} || ''`;
    const rows = await db
      .selectFrom(kind.table)
      .select([sourceOf("utm_source", "referrer").as("source"), "referrer", "utm_campaign", "landing_path", "converted_path", (eb) => eb.fn.countAll<number | string>().as("n")])
      .where(time, ">=", since)
      .where(time, "<", until)
      .groupBy(["utm_source", "referrer", "utm_campaign", "landing_path", "converted_path"])
      .execute();
    for (const row of rows) all.push({ source: row.source, referrer: row.referrer, campaign: row.utm_campaign, landing: row.landing_path, converted: row.converted_path, leads: Number(row.n) });
  }
  return all;
}

/** Leads per day of the period: a count of each day's range of each kind's time index, in one statement per kind (no sort). */
async function leadsPerDay(db: Db, period: Period): Promise<Map<string, number>> {
  const days = daysOf(period);
  const bounds = sql.join(
    days.map((day, i) => (i === 0 ? sql`select ${day} as day, ${`${day}T00:00:00.000Z`} as since, ${`${nextDay(day)}T00:00:00.000Z`} as until` : sql`select ${day}, ${`${day}T00:00:00.000Z`}, ${`${nextDay(day)}T00:00:00.000Z`}`)),
    sql` union all `,
  );
  const perDay = new Map<string, number>();
  for (const kind of LEAD_KIND_TABLES) {
    const time = sql.ref(`t.${kind.time}`);
    const { rows } = await sql<{ day: string; n: number | string }>`select d.day, (select count(*) from ${sql.table(kind.table)} t where ${time} >= d.since and ${time} < d.until) as n
      from (${bounds}) d`.execute(db);
    for (const row of rows) perDay.set(row.day, (perDay.get(row.day) ?? 0) + Number(row.n));
  }
  return perDay;
}

/** Adds rows up per label: most visitors first, then most leads, then by label. */
function breakdown(traffic: { label: string; visitors: number; views: number }[], leads: { label: string; leads: number }[], withTraffic = true): InsightRow[] {
  const rows = new Map<string, InsightRow>();
  const row = (label: string) => {
    let found = rows.get(label);
    if (!found) rows.set(label, (found = { label, visitors: withTraffic ? 0 : null, views: withTraffic ? 0 : null, leads: 0 }));
    return found;
  };
  for (const t of traffic) {
    const r = row(t.label);
    r.visitors! += t.visitors;
    r.views! += t.views;
  }
  for (const l of leads) row(l.label).leads += l.leads;
  return [...rows.values()].sort((a, b) => (b.visitors ?? 0) - (a.visitors ?? 0) || b.leads - a.leads || a.label.localeCompare(b.label));
}

const orNone = (value: string | null | undefined) => value || NOT_RECORDED;

const totalsOf = (traffic: { visitors: number; views: number }[], leads: { leads: number }[]): Totals => ({
  visitors: traffic.reduce((sum, t) => sum + t.visitors, 0),
  views: traffic.reduce((sum, t) => sum + t.views, 0),
  leads: leads.reduce((sum, l) => sum + l.leads, 0),
});

function sourcesAndCampaigns(traffic: TrafficWayIn[], leads: LeadWayIn[]) {
  return {
    sources: breakdown(
      traffic.map((t) => ({ label: t.source, visitors: t.visitors, views: t.views })),
      leads.map((l) => ({ label: l.source, leads: l.leads })),
    ),
    campaigns: breakdown(
      traffic.map((t) => ({ label: orNone(t.campaign), visitors: t.visitors, views: t.views })),
      leads.map((l) => ({ label: orNone(l.campaign), leads: l.leads })),
    ),
  };
}

async function chatFunnel(db: Db, period: Period): Promise<ChatFunnel> {
  const { since, until } = periodBounds(period);
  const opened = await db
    .selectFrom("chat_counters")
    .select((eb) => eb.fn.sum<number | string | null>("count").as("n"))
    .where("scope", "=", CHAT_OPENED_SCOPE)
    .where("period", ">=", period.from)
    .where("period", "<=", period.to)
    .executeTakeFirst();
  const named = await db
    .selectFrom("chat_visitors")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("name", "is not", null)
    .where("created_at", ">=", since)
    .where("created_at", "<", until)
    .executeTakeFirst();
  const leads = await db
    .selectFrom("potential_customers")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("created_at", ">=", since)
    .where("created_at", "<", until)
    .executeTakeFirst();
  const asked = await db
    .selectFrom("chat_messages")
    .select(sql<number | string>`count(distinct visitor_id)`.as("n"))
    .where("created_at", ">=", since)
    .where("created_at", "<", until)
    .where("kind", "=", "chat")
    .where("role", "=", "user")
    .executeTakeFirst();
  return { opened: Number(opened?.n ?? 0), named: Number(named?.n ?? 0), leads: Number(leads?.n ?? 0), asked: Number(asked?.n ?? 0) };
}

/** Everything the insights page shows for a period. */
export async function insights(db: Db, period: Period): Promise<Insights> {
  const { ways: traffic, days } = await trafficByWayIn(db, period);
  const leads = await leadsByWayIn(db, period);
  const leadDays = await leadsPerDay(db, period);
  const referred = traffic.filter((t) => t.referrer !== "");
  return {
    totals: totalsOf(traffic, leads),
    days: days.map((day) => ({ ...day, leads: leadDays.get(day.day) ?? 0 })),
    tables: {
      ...sourcesAndCampaigns(traffic, leads),
      "landing-pages": breakdown(
        traffic.map((t) => ({ label: t.landing, visitors: t.visitors, views: t.views })),
        leads.map((l) => ({ label: orNone(l.landing), leads: l.leads })),
      ),
      "converting-pages": breakdown(
        [],
        leads.map((l) => ({ label: orNone(l.converted), leads: l.leads })),
        false,
      ),
      referrers: breakdown(
        referred.map((t) => ({ label: t.referrer, visitors: t.visitors, views: t.views })),
        leads.filter((l) => l.referrer).map((l) => ({ label: l.referrer!, leads: l.leads })),
      ),
    },
    funnel: await chatFunnel(db, period),
  };
}

/** One table of the period as CSV (RFC 4180, formulas neutralised: the leads export's `csvField`). */
export function insightsCsv(rows: InsightRow[], table: InsightTable): string {
  const withTraffic = table !== "converting-pages";
  const header = withTraffic ? [INSIGHT_TABLE_HEADINGS[table], "Visitors", "Leads", "Conversion rate", "Page views"] : [INSIGHT_TABLE_HEADINGS[table], "Leads"];
  const lines = [header.map(csvField).join(",")];
  for (const row of rows) {
    const cells = withTraffic ? [row.label, String(row.visitors ?? 0), String(row.leads), conversionRate(row.leads, row.visitors), String(row.views ?? 0)] : [row.label, String(row.leads)];
    lines.push(cells.map(csvField).join(","));
  }
  return `${lines.join("\r\n")}\r\n`;
}
