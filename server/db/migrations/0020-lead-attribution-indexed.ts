import type { Kysely } from "kysely";

/**
 * The insights page counts a period's leads of each kind per attribution. An index on each lead
 * table's attribution columns, then its time, gives the rows already grouped: the count streams
 * through the index, where the time index needed a sort of every lead of the period
 * (docs/decisions/0117-insights-from-daily-rows-and-lead-attribution.md has the measurement).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [table, time] of [
    ["potential_customers", "created_at"],
    ["subscribers", "subscribed_at"],
    ["more_information", "created_at"],
    ["contact_messages", "created_at"],
  ] as const) {
    await db.schema
      .createIndex(`${table}_attribution`)
      .on(table)
      .columns(["utm_source", "referrer", "utm_campaign", "landing_path", "converted_path", time])
      .execute();
  }
}
