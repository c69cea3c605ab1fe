/**
 * Raw page views become daily rows (analytics_daily), and are deleted after
 * ANALYTICS_RAW_RETENTION_DAYS. Each visitor of a day counts once, in the row of their first view
 * that day (its path is their landing page, its source, referrer and campaign how they came), with
 * all their views of the day: so a day's rows add up to its visitors and views. A view without a
 * visitor (Sec-GPC) is a row's view and no visitor.
 */
import { type RawBuilder, sql } from "kysely";
import type { Db } from "../db/database";
import { scheduleShared } from "../db/jobs";
import type { Logger } from "../logger";
import { utcDay } from "./page-view";
import { deleteSaltsBefore } from "./visitor";

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * The raw views of the days from `from` to `to` (inclusive), in analytics_daily's columns and
 * order: what a day's rollup stores, and what the queries read for the days not rolled up yet.
 */
export function landingRows(from: string, to: string): RawBuilder<unknown> {
  return sql`select v.day, v.path as landing_path, coalesce(v.utm_source, '') as source, coalesce(v.referrer, '') as referrer,
      coalesce(v.utm_campaign, '') as campaign, v.device, count(*) as visitors, sum(f.views) as views
    from (select day, visitor, min(id) as first_id, count(*) as views from analytics_page_views
          where visitor is not null and day >= ${from} and day <= ${to} group by day, visitor) f
    join analytics_page_views v on v.id = f.first_id
    group by v.day, v.path, v.utm_source, v.referrer, v.utm_campaign, v.device
    union all
    select day, path, coalesce(utm_source, ''), coalesce(referrer, ''), coalesce(utm_campaign, ''), device, 0, count(*)
    from analytics_page_views where visitor is null and day >= ${from} and day <= ${to}
    group by day, path, utm_source, referrer, utm_campaign, device`;
}

/**
 * Rolls up every day that ended more than an hour ago and has no daily rows yet (the hour lets
 * every instance write its last batch of the day first), one transaction per day; then deletes
 * the raw views older than `retentionDays` days, and the salts of the days before today.
 */
export async function rollUpPageViews(db: Db, retentionDays: number, now = new Date()): Promise<{ days: string[]; deleted: number }> {
  const ended = utcDay(new Date(now.getTime() - HOUR_MS));
  const pending = await db
    .selectFrom("analytics_page_views")
    .select("day")
    .distinct()
    .where("day", "<", ended)
    .where((eb) => eb("day", "not in", eb.selectFrom("analytics_daily").select("day")))
    .orderBy("day")
    .execute();
  const days = pending.map((row) => row.day);
  for (const day of days) {
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom("analytics_daily").where("day", "=", day).execute();
      await sql`insert into analytics_daily (day, landing_path, source, referrer, campaign, device, visitors, views) ${landingRows(day, day)}`.execute(trx);
    });
  }
  const keepFrom = utcDay(new Date(now.getTime() - retentionDays * DAY_MS));
  const result = await db.deleteFrom("analytics_page_views").where("day", "<", keepFrom).executeTakeFirst();
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
