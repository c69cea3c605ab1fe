import type { Kysely } from "kysely";

/** The attribution columns every lead table gains, in this order (schema.ts `AttributionColumns`). */
const ATTRIBUTION_COLUMNS = [
  "landing_path",
  "referrer",
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "utm_content",
  "utm_term",
  "converted_path",
] as const;

/**
 * Where each lead came from, on the lead's own row in each of the four lead tables: the path the
 * visit began on, the other site that sent it (origin only), the UTM parameters of the landing,
 * and the path of the page whose form (or chat) was sent. On the row itself, the person's erasure
 * takes it with the lead and every export reads it with the lead's other columns. All nullable
 * (leads from before, and visits with nothing to tell): added in place by SQLite and PostgreSQL.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ["potential_customers", "subscribers", "more_information", "contact_messages"]) {
    for (const column of ATTRIBUTION_COLUMNS) await db.schema.alterTable(table).addColumn(column, "text").execute();
  }
}
