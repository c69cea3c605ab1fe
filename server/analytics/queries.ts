/**
 * What the team reads of the page views: visitors and views per day, and per source, campaign,
 * landing page, referrer or device over a period. Rolled-up days come from analytics_daily; the
 * days after the last one rolled up (today, yesterday until the rollup has run) from the raw
 * views, counted the same way (rollup.ts `landingRows`). A visitor is one per day (the salt changes daily), so a period's
 * visitors are the sum of its days'.
 */
import { type RawBuilder, sql } from "kysely";
import { DIRECT_SOURCE } from "~/features/team/insights-contract";
import type { Db } from "../db/database";
import { landingRows, lastRolledUpDay, nextDay } from "./rollup";

/** UTC days, YYYY-MM-DD, both included. */
export interface Period {
  from: string;
  to: string;
}

export interface Traffic {
  visitors: number;
  views: number;
}

/** Dimensions of analytics_daily a breakdown groups by. */
const DIMENSIONS = { source: "source", campaign: "campaign", landing: "landing_path", referrer: "referrer", device: "device" } as const;
export type TrafficDimension = keyof typeof DIMENSIONS;

/**
 * Every daily row of the period: rolled up, and counted now from the raw views for the days after
 * the last one rolled up (the rollup goes day after day: rollup.ts).
 */
async function dailyRows(db: Db, period: Period) {
  const rolled = sql`select day, landing_path, source, referrer, campaign, device, visitors, views from analytics_daily where day >= ${period.from} and day <= ${period.to}`;
  const last = await lastRolledUpDay(db);
  const liveFrom = last === undefined || last < period.from ? period.from : nextDay(last);
  return liveFrom > period.to ? rolled : sql`${rolled} union all ${landingRows(liveFrom, period.to)}`;
}

/** Each day of the period (none left out: a day without views is 0 and 0), oldest first. */
export async function trafficPerDay(db: Db, period: Period): Promise<(Traffic & { day: string })[]> {
  const { rows } = await sql<{ day: string; visitors: number | string; views: number | string }>`select day, sum(visitors) as visitors, sum(views) as views
    from (${await dailyRows(db, period)}) daily group by day`.execute(db);
  const byDay = new Map(rows.map((row) => [row.day, { visitors: Number(row.visitors), views: Number(row.views) }]));
  return daysOf(period).map((day) => ({ day, ...(byDay.get(day) ?? { visitors: 0, views: 0 }) }));
}

/** The period's days, oldest first. */
export function daysOf(period: Period): string[] {
  const days: string[] = [];
  for (let at = new Date(`${period.from}T00:00:00.000Z`); at.toISOString().slice(0, 10) <= period.to; at.setUTCDate(at.getUTCDate() + 1)) days.push(at.toISOString().slice(0, 10));
  return days;
}

/**
 * The period's visitors and views per value of `by` (null: none, e.g. no utm_source, no referrer
 * from another site), most visitors first, then most views, then by value.
 */
export async function trafficBy(db: Db, period: Period, by: TrafficDimension): Promise<(Traffic & { value: string | null })[]> {
  const column = sql.ref(`daily.${DIMENSIONS[by]}`);
  const { rows } = await sql<{ value: string; visitors: number | string; views: number | string }>`select ${column} as value, sum(visitors) as visitors, sum(views) as views
    from (${await dailyRows(db, period)}) daily group by ${column}`.execute(db);
  return rows
    .map((row) => ({ value: row.value === "" ? null : row.value, visitors: Number(row.visitors), views: Number(row.views) }))
    .sort((a, b) => b.visitors - a.visitors || b.views - a.views || (a.value ?? "").localeCompare(b.value ?? ""));
}

/** A lead table as the lead registry (server/leads/lead-kinds.ts) names it, and its row's time. */
export interface LeadTable {
  table: "subscribers" | "contact_messages" | "more_information" | "potential_customers";
  time: "subscribed_at" | "created_at";
}

export { DIRECT_SOURCE };

/**
 * Where a visit or a lead came from, as the team reads it: its utm_source, else the origin of the
 * site that referred it, else "Direct". Absent is null in the lead tables, "" in analytics_daily.
 */
export const sourceOf = (utmSource: string, referrer: string) =>
  sql<string>`coalesce(nullif(${sql.ref(utmSource)}, ''), nullif(${sql.ref(referrer)}, ''), ${DIRECT_SOURCE})`;

/** Start of the UTC day `day` and of the day after `to`, as the lead tables' ISO times compare. */
const periodBounds = (period: Period) => [`${period.from}T00:00:00.000Z`, `${nextDay(period.to)}T00:00:00.000Z`] as const;

/**
 * The period's leads of every table in `tables` per source (sourceOf) or per utm_campaign (null:
 * none), most leads first, then by value.
 */
export async function leadsBy(db: Db, period: Period, by: "source" | "campaign", tables: readonly LeadTable[]): Promise<{ value: string | null; leads: number }[]> {
  const [start, end] = periodBounds(period);
  const value = by === "source" ? sourceOf("utm_source", "referrer") : sql<string>`utm_campaign`;
  const each = tables.map((lead) => sql`select ${value} as value from ${sql.table(lead.table)} where ${sql.ref(lead.time)} >= ${start} and ${sql.ref(lead.time)} < ${end}`);
  if (each.length === 0) return [];
  const { rows } = await sql<{ value: string | null; leads: number | string }>`select value, count(*) as leads from (${sql.join(each, sql` union all `)}) l group by value`.execute(db);
  return rows
    .map((row) => ({ value: row.value === "" ? null : row.value, leads: Number(row.leads) }))
    .sort((a, b) => b.leads - a.leads || (a.value ?? "").localeCompare(b.value ?? ""));
}

/** One source's or campaign's week. */
export interface WeeklyLine {
  value: string;
  visitors: number;
  leads: number;
}

/** A week as the digest mail reports it. */
export interface WeeklySummary {
  visitors: number;
  leads: number;
  /** Every source of the period (sourceOf), most leads first, then most visitors, then by name. */
  sources: WeeklyLine[];
  /** Every utm_campaign of the period (visits and leads without one are left out), in the same order. */
  campaigns: WeeklyLine[];
}

/**
 * The period's visitors and leads, overall and per source and campaign: what the weekly digest
 * reports of a week. Visitors of a source are those whose first view of the day came from it.
 */
export async function weeklySummary(db: Db, period: Period, tables: readonly LeadTable[]): Promise<WeeklySummary> {
  const daily = await dailyRows(db, period);
  const visitorsBy = async (value: RawBuilder<string>) =>
    (await sql<{ value: string; visitors: number | string }>`select value, sum(visitors) as visitors from (select ${value} as value, visitors from (${daily}) daily) v group by value`.execute(db)).rows;
  const [bySource, byCampaign, leadSources, leadCampaigns] = await Promise.all([
    visitorsBy(sourceOf("daily.source", "daily.referrer")),
    visitorsBy(sql<string>`daily.campaign`),
    leadsBy(db, period, "source", tables),
    leadsBy(db, period, "campaign", tables),
  ]);
  const lines = (visits: { value: string; visitors: number | string }[], leads: { value: string | null; leads: number }[]): WeeklyLine[] => {
    const byValue = new Map<string, WeeklyLine>();
    const line = (value: string) => byValue.get(value) ?? byValue.set(value, { value, visitors: 0, leads: 0 }).get(value)!;
    for (const row of visits) if (row.value !== "") line(row.value).visitors += Number(row.visitors);
    for (const row of leads) if (row.value !== null) line(row.value).leads += row.leads;
    return [...byValue.values()].filter((entry) => entry.visitors > 0 || entry.leads > 0).sort((a, b) => b.leads - a.leads || b.visitors - a.visitors || a.value.localeCompare(b.value));
  };
  return {
    visitors: bySource.reduce((sum, row) => sum + Number(row.visitors), 0),
    leads: leadSources.reduce((sum, row) => sum + row.leads, 0),
    sources: lines(bySource, leadSources),
    campaigns: lines(byCampaign, leadCampaigns),
  };
}

/** The traffic of a way in: landing page, source (sourceOf), referrer and campaign ("" where absent). */
export interface TrafficWayIn extends Traffic {
  landing: string;
  source: string;
  referrer: string;
  campaign: string;
}

/**
 * The period's visitors and views per way in (a way in may come in more than one row: add them
 * up), and per day (each day of the period, oldest first). The raw views after the last day rolled
 * up are counted once, for both; the rolled-up days are grouped twice, per day along their primary
 * key and per way in.
 */
export async function trafficByWayIn(db: Db, period: Period): Promise<{ ways: TrafficWayIn[]; days: (Traffic & { day: string })[] }> {
  type Row = { day: string; landing_path: string; way_source: string; referrer: string; campaign: string; visitors: number | string; views: number | string };
  const inPeriod = sql`day >= ${period.from} and day <= ${period.to}`;
  const { rows: ways } = await sql<Row>`select landing_path, ${sourceOf("source", "referrer")} as way_source, referrer, campaign, sum(visitors) as visitors, sum(views) as views
    from analytics_daily where ${inPeriod} group by landing_path, source, referrer, campaign`.execute(db);
  const { rows: days } = await sql<{ day: string; visitors: number | string; views: number | string }>`select day, sum(visitors) as visitors, sum(views) as views
    from analytics_daily where ${inPeriod} group by day`.execute(db);
  const last = await lastRolledUpDay(db);
  const liveFrom = last === undefined || last < period.from ? period.from : nextDay(last);
  const live =
    liveFrom > period.to
      ? []
      : (await sql<Row>`select live.*, ${sourceOf("live.source", "live.referrer")} as way_source from (${landingRows(liveFrom, period.to)}) live`.execute(db)).rows;
  const byDay = new Map(daysOf(period).map((day) => [day, { day, visitors: 0, views: 0 }]));
  for (const row of [...days, ...live]) {
    const day = byDay.get(row.day);
    if (day) {
      day.visitors += Number(row.visitors);
      day.views += Number(row.views);
    }
  }
  return {
    ways: [...ways, ...live].map((row) => ({ landing: row.landing_path, source: row.way_source, referrer: row.referrer, campaign: row.campaign, visitors: Number(row.visitors), views: Number(row.views) })),
    days: [...byDay.values()],
  };
}
