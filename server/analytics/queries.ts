/**
 * What the team reads of the page views: visitors and views per day, and per source, campaign,
 * landing page, referrer or device over a period. Rolled-up days come from analytics_daily; the
 * days after the last one rolled up (today, yesterday until the rollup has run) from the raw
 * views, counted the same way (rollup.ts `landingRows`). A visitor is one per day (the salt changes daily), so a period's
 * visitors are the sum of its days'.
 */
import { sql } from "kysely";
import { DIRECT } from "~/features/team/insights-contract";
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

/**
 * The one definition of a source, for the page views and the leads alike: the link's
 * `utm_source` when it had one; else the referring site's host name (its origin without the
 * scheme, port and a leading "www."); else Direct.
 */
export function sourceOf(utmSource: string | null | undefined, referrer: string | null | undefined): string {
  if (utmSource) return utmSource;
  if (!referrer) return DIRECT;
  try {
    return new URL(referrer).hostname.replace(/^www\./, "");
  } catch {
    return referrer;
  }
}

/** The traffic of a way in: landing page, utm_source, referrer and campaign ("" where absent). */
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
  type Row = { day: string; landing_path: string; source: string; referrer: string; campaign: string; visitors: number | string; views: number | string };
  const inPeriod = sql`day >= ${period.from} and day <= ${period.to}`;
  const { rows: ways } = await sql<Row>`select landing_path, source, referrer, campaign, sum(visitors) as visitors, sum(views) as views
    from analytics_daily where ${inPeriod} group by landing_path, source, referrer, campaign`.execute(db);
  const { rows: days } = await sql<{ day: string; visitors: number | string; views: number | string }>`select day, sum(visitors) as visitors, sum(views) as views
    from analytics_daily where ${inPeriod} group by day`.execute(db);
  const last = await lastRolledUpDay(db);
  const liveFrom = last === undefined || last < period.from ? period.from : nextDay(last);
  const live = liveFrom > period.to ? [] : (await sql<Row>`${landingRows(liveFrom, period.to)}`.execute(db)).rows;
  const byDay = new Map(daysOf(period).map((day) => [day, { day, visitors: 0, views: 0 }]));
  for (const row of [...days, ...live]) {
    const day = byDay.get(row.day);
    if (day) {
      day.visitors += Number(row.visitors);
      day.views += Number(row.views);
    }
  }
  return {
    ways: [...ways, ...live].map((row) => ({ landing: row.landing_path, source: row.source, referrer: row.referrer, campaign: row.campaign, visitors: Number(row.visitors), views: Number(row.views) })),
    days: [...byDay.values()],
  };
}
