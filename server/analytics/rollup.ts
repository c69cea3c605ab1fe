/**
 * Raw page views become daily rows (analytics_daily), and are deleted after
 * ANALYTICS_RAW_RETENTION_DAYS. Each visitor of a day counts once, in the row of their first view
 * that day (its path is their landing page, its source, referrer and campaign how they came), with
 * all their views of the day: so a day's rows add up to its visitors and views. A view without a
 * visitor (Sec-GPC) is a row's view and no visitor.
 */
import { type RawBuilder, type SqlBool, sql } from "kysely";
import type { Db } from "../db/database";
import { scheduleShared } from "../db/jobs";
import { rowIdFrom } from "../db/row-id";
import type { Logger } from "../logger";
import { utcDay } from "./page-view";
import { deleteSaltsBefore } from "./visitor";

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** The day after `day` (YYYY-MM-DD). */
export const nextDay = (day: string): string => utcDay(new Date(Date.parse(`${day}T00:00:00.000Z`) + DAY_MS));

/** The raw views served on the days from `from` to `to` (inclusive), found on the primary key (row-id.ts). */
const servedOn = (from: string, to: string) =>
  sql<SqlBool>`id >= ${rowIdFrom(Date.parse(`${from}T00:00:00.000Z`))} and id < ${rowIdFrom(Date.parse(`${nextDay(to)}T00:00:00.000Z`))}`;

/**
 * The raw views of the days from `from` to `to` (inclusive), in analytics_daily's columns and
 * order: what a day's rollup stores, and what the queries read for the days not rolled up yet.
 */
export function landingRows(from: string, to: string): RawBuilder<unknown> {
  return sql`select v.day, v.path as landing_path, coalesce(v.utm_source, '') as source, coalesce(v.referrer, '') as referrer,
      coalesce(v.utm_campaign, '') as campaign, v.device, count(*) as visitors, sum(f.views) as views
    from (select day, visitor, min(id) as first_id, count(*) as views from analytics_page_views
          where visitor is not null and ${servedOn(from, to)} group by day, visitor) f
    join analytics_page_views v on v.id = f.first_id
    group by v.day, v.path, v.utm_source, v.referrer, v.utm_campaign, v.device
    union all
    select day, path, coalesce(utm_source, ''), coalesce(referrer, ''), coalesce(utm_campaign, ''), device, 0, count(*)
    from analytics_page_views where visitor is null and ${servedOn(from, to)}
    group by day, path, utm_source, referrer, utm_campaign, device`;
}

/** The last day rolled up, or undefined: the days after it are read from the raw views. */
export async function lastRolledUpDay(db: Db): Promise<string | undefined> {
  const row = await db.selectFrom("analytics_daily").select((eb) => eb.fn.max("day").as("day")).executeTakeFirst();
  return row?.day ?? undefined;
}

/**
 * Rolls up, in order, each day after the last one rolled up that ended more than an hour ago (the
 * hour lets every instance write its last batch of the day first), one transaction per day; then
 * deletes the raw views older than `retentionDays` days, and the salts of the days before today.
 */
export async function rollUpPageViews(db: Db, retentionDays: number, now = new Date()): Promise<{ days: string[]; deleted: number }> {
  const ended = utcDay(new Date(now.getTime() - HOUR_MS));
  const oldest = await db.selectFrom("analytics_page_views").select("day").orderBy("id").limit(1).executeTakeFirst();
  const last = await lastRolledUpDay(db);
  const days: string[] = [];
  if (oldest) {
    for (let day = last && last >= oldest.day ? nextDay(last) : oldest.day; day < ended; day = nextDay(day)) {
      const any = await db.selectFrom("analytics_page_views").select("id").where(servedOn(day, day)).limit(1).executeTakeFirst();
      if (!any) continue;
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom("analytics_daily").where("day", "=", day).execute();
        await sql`insert into analytics_daily (day, landing_path, source, referrer, campaign, device, visitors, views) ${landingRows(day, day)}`.execute(trx);
      });
      days.push(day);
    }
  }
  const keepFrom = utcDay(new Date(now.getTime() - retentionDays * DAY_MS));
  const result = await db.deleteFrom("analytics_page_views").where("id", "<", rowIdFrom(Date.parse(`${keepFrom}T00:00:00.000Z`))).executeTakeFirst();
  await deleteSaltsBefore(db, utcDay(now));
  return { days, deleted: Number(result.numDeletedRows) };
}

/**
 * Rolls up once an hour across every instance sharing the database (server/db/jobs.ts): the
 * instance that claims the hour does it. Returns a function that stops this instance's checks.
 */
export function scheduleRollup(db: Db, retentionDays: number, logger: Logger): () => void {
  return scheduleShared(
    db,
    "analytics-rollup",
    async () => {
      const { days, deleted } = await rollUpPageViews(db, retentionDays);
      if (days.length > 0 || deleted > 0) logger.info({ days, deleted }, "analytics: page views rolled up");
    },
    { periodMs: HOUR_MS, onError: (error) => logger.error({ err: error }, "analytics: the rollup failed") },
  );
}
