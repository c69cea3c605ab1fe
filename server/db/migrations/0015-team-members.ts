import { type Kysely, sql } from "kysely";

/**
 * - team_members: TEAM_MEMBERS as the last instance to start found it, each address with when it
 *   joined (server/team/access.ts): a session from before an address was removed and added again
 *   stays ended, on every instance. The addresses of today's sessions count as members from
 *   always, so an upgrade signs nobody out (the first start deletes those no longer members).
 * - Sign-in mails are now rendered when sent, their link made then (never stored). Those already
 *   sent or failed lose the link stored in their body; a queued one keeps it until it is sent.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("team_members")
    .addColumn("email", "text", (c) => c.primaryKey())
    .addColumn("since", "text", (c) => c.notNull())
    .execute();
  await sql`insert into team_members (email, since) select distinct email, ${new Date(0).toISOString()} from team_sessions`.execute(db);
  await sql`update mail set text = '', html = '' where status <> 'pending' and text like '%/team/sign-in/link?token=%'`.execute(db);
}
