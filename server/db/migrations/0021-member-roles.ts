import { type Kysely, sql } from "kysely";

/**
 * team_members gains a role (admin or member) and the member's time zone (null: the team's,
 * TEAM_TIMEZONE). The addresses there today came from TEAM_MEMBERS, the bootstrap list, whose
 * members are admins.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("team_members").addColumn("role", "text", (c) => c.notNull().defaultTo("member")).execute();
  await db.schema.alterTable("team_members").addColumn("time_zone", "text").execute();
  await sql`update team_members set role = 'admin'`.execute(db);
}
