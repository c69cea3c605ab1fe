import type { Kysely } from "kysely";

/**
 * team_members becomes the team's one list, shared by every instance: who invited an address
 * (null: it came from TEAM_MEMBERS, the bootstrap list) and the member's new-lead alerts: at
 * once, a daily digest, or none (default), optionally only some lead kinds or plan types (JSON
 * arrays; null: all), with when the member's next digest is due.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("team_members").addColumn("invited_by", "text").execute();
  await db.schema.alterTable("team_members").addColumn("alerts", "text", (c) => c.notNull().defaultTo("none")).execute();
  await db.schema.alterTable("team_members").addColumn("alert_kinds", "text").execute();
  await db.schema.alterTable("team_members").addColumn("alert_plans", "text").execute();
  await db.schema.alterTable("team_members").addColumn("digest_due_at", "text").execute();
}
