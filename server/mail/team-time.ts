/**
 * Times in the mail the team gets (new-lead alerts, the daily digest, the notices of a contact
 * message, an information request, a chat's "Ask the team" and a newsletter sign-up) are in the
 * recipient's time zone: their own as a member, else TEAM_TIMEZONE. They read as in the workspace
 * (`teamTime`, app/features/team/team-time-lines.ts).
 */
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";

/** The zone a mail's recipient reads times in: their own if they are a member who chose one, else the team's. */
export async function recipientZone(db: Kysely<Database>, email: string, teamTimeZone: string): Promise<string> {
  const row = await db.selectFrom("team_members").select("time_zone").where("email", "=", email.trim().toLowerCase()).executeTakeFirst();
  return row?.time_zone ?? teamTimeZone;
}
