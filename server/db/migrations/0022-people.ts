import type { Kysely } from "kysely";

/**
 * people: how the team works one person (one normalized address): who owns them, their stage,
 * a follow-up date. No row: New, nobody's, no follow-up.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("people")
    .addColumn("email", "text", (c) => c.primaryKey())
    .addColumn("owner", "text")
    .addColumn("stage", "text", (c) => c.notNull().defaultTo("new"))
    .addColumn("lost_reason", "text")
    .addColumn("follow_up_on", "text")
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("updated_by", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("people_owner").on("people").columns(["owner", "stage"]).execute();
  await db.schema.createIndex("people_follow_up").on("people").column("follow_up_on").execute();
}
