import type { Kysely } from "kysely";
import { refreshPersonSummaries } from "../person-summary";
import type { Database } from "../schema";

/**
 * The language of each lead, beside its attribution on the lead's own row ("en" or "fr": the
 * language of the page or chat it came from; leads from before were all English). The people
 * list's summary lists its person's languages (`languages`, a valueList like `kinds`) for its
 * language filter (decision 0127). A campaign may have a French version beside the English one:
 * `subject_fr` and `body_fr`, "" when it has none (as `subject` and `body` are "" for a campaign
 * written in French only). Every summary is rewritten by the backfill.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ["potential_customers", "subscribers", "more_information", "contact_messages"]) {
    await db.schema.alterTable(table).addColumn("language", "text", (c) => c.notNull().defaultTo("en")).execute();
  }
  await db.schema.alterTable("person_summaries").addColumn("languages", "text", (c) => c.notNull().defaultTo("\n\n")).execute();
  await db.schema.alterTable("campaigns").addColumn("subject_fr", "text", (c) => c.notNull().defaultTo("")).execute();
  await db.schema.alterTable("campaigns").addColumn("body_fr", "text", (c) => c.notNull().defaultTo("")).execute();
  await refreshPersonSummaries(db as Kysely<Database>, "all");
}
