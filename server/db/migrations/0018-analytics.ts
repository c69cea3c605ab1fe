import type { Kysely } from "kysely";

/**
 * Cookieless analytics (server/analytics/):
 * - analytics_page_views: one row per page view counted, kept ANALYTICS_RAW_RETENTION_DAYS days.
 *   `visitor` is a hash with the day's salt, never an address or a User-Agent; null for a view
 *   sent with Sec-GPC: 1 (or whose day's salt was already gone). No index but the primary key: its
 *   UUIDv7 ids are in time order, so a day's views are a range of it (db/row-id.ts `rowIdFrom`),
 *   and every view written costs one index less.
 * - analytics_daily: the raw views rolled up per day × landing page × source × referrer ×
 *   campaign × device ("" for none: part of the primary key), each visitor in the row of their
 *   first view of the day; kept.
 * - analytics_salts: the day's salt, shared by every instance; the previous days' are deleted.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("analytics_page_views")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("path", "text", (c) => c.notNull())
    .addColumn("referrer", "text")
    .addColumn("utm_source", "text")
    .addColumn("utm_medium", "text")
    .addColumn("utm_campaign", "text")
    .addColumn("utm_content", "text")
    .addColumn("utm_term", "text")
    .addColumn("device", "text", (c) => c.notNull())
    .addColumn("visitor", "text")
    .execute();
  await db.schema
    .createTable("analytics_daily")
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("landing_path", "text", (c) => c.notNull())
    .addColumn("source", "text", (c) => c.notNull())
    .addColumn("referrer", "text", (c) => c.notNull())
    .addColumn("campaign", "text", (c) => c.notNull())
    .addColumn("device", "text", (c) => c.notNull())
    .addColumn("visitors", "integer", (c) => c.notNull())
    .addColumn("views", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("analytics_daily_pk", ["day", "landing_path", "source", "referrer", "campaign", "device"])
    .execute();
  await db.schema
    .createTable("analytics_salts")
    .addColumn("day", "text", (c) => c.primaryKey())
    .addColumn("salt", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
}
