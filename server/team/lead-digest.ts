/**
 * The daily digest of new leads: at 08:00 in each member's own time zone (theirs, else
 * TEAM_TIMEZONE), a mail to each member whose alerts are "daily digest", listing the leads their
 * filter lets through since their last digest, each with a link to the person; none when there
 * were none. An instance checks every few minutes (server/db/jobs.ts); the check that wins its
 * run reads and queues every due member's digest and moves their `digest_due_at` to their next
 * 08:00, all in the claim's transaction: once across instances, and a failure or a killed
 * process leaves the digests due for the next check.
 */
import { type Kysely, type SqlBool, sql } from "kysely";
import { DateTime } from "luxon";
import { PRODUCT_NAME } from "~/content/brand";
import type { PlanType } from "~/content/plans";
import { DIGEST_HOUR, personPath } from "~/features/team/members-contract";
import type { Config } from "../config";
import type { Db } from "../db/database";
import { runIfDue, scheduleShared } from "../db/jobs";
import type { Database } from "../db/schema";
import { LEAD_KIND_TABLES, selectLeads } from "../leads/lead-kinds";
import type { Logger } from "../logger";
import { type MailInput, textToHtml } from "../mail/compose";
import { SETTINGS_PATH, type NewLead, alertFilterOf, alertMatches, leadLabel, leadWho } from "../mail/lead-alerts";
import { teamTime } from "~/features/team/team-time-lines";
import type { MailOutbox } from "../mail/outbox";

const JOB_NAME = "lead-digest";
/** How often an instance asks whether a digest is due: it leaves within this of 08:00. */
const CHECK_EVERY_MS = 5 * 60 * 1000;
/** Most leads one digest lists (the rest are counted, with a link to the list). */
export const DIGEST_LIST_MAX = 100;

/** The first 08:00 in `zone` after `now` (a wall-clock time: DST moves it in UTC, not there). */
export function nextDigestDue(now: Date, zone: string): Date {
  const local = DateTime.fromJSDate(now, { zone });
  const today = local.startOf("day").set({ hour: DIGEST_HOUR });
  return (today > local ? today : today.plus({ days: 1 })).toJSDate();
}

/** The 08:00 one day before `due` in `zone`: where the window of the digest due at `due` starts. */
const dayBefore = (due: Date, zone: string): Date => DateTime.fromJSDate(due, { zone }).minus({ days: 1 }).toJSDate();

/** The leads of every kind stored in [from, to), oldest first, at most `limit` + 1 of each kind. */
async function leadsBetween(db: Db, from: string, to: string, limit: number): Promise<NewLead[]> {
  const perKind = await Promise.all(
    LEAD_KIND_TABLES.map((kind) =>
      selectLeads(db, kind)
        .where(sql<SqlBool>`${sql.ref(`t.${kind.time}`)} >= ${from} and ${sql.ref(`t.${kind.time}`)} < ${to}`)
        .orderBy(sql.ref(`t.${kind.time}`))
        .limit(limit + 1)
        .execute(),
    ),
  );
  return perKind
    .flat()
    .map((lead): NewLead => ({ kind: lead.kind, email: lead.email, name: lead.name, planType: lead.plan_type as PlanType | null, at: lead.created_at }))
    .sort((a, b) => a.at.localeCompare(b.at));
}

/** One member's digest of `leads` (already filtered), or undefined when there are none. */
export function digestMail(leads: readonly NewLead[], to: string, zone: string, origin: string, window: { from: Date; to: Date }): MailInput | undefined {
  if (leads.length === 0) return undefined;
  const shown = leads.slice(0, DIGEST_LIST_MAX);
  const day = DateTime.fromJSDate(window.to, { zone }).toFormat("cccc d LLLL yyyy");
  const count = `${leads.length}${leads.length > DIGEST_LIST_MAX ? "+" : ""} new lead${leads.length === 1 ? "" : "s"}`;
  const text = [
    `${PRODUCT_NAME}: ${count} since ${teamTime(window.from.toISOString(), zone)}.`,
    "",
    ...shown.flatMap((lead) => [`${teamTime(lead.at, zone, { withZone: false })} · ${leadLabel(lead)} · ${leadWho(lead)}`, `  ${origin}${personPath(lead.email)}`, ""]),
    ...(leads.length > shown.length ? [`…and more: every lead is in the workspace, ${origin}/team`, ""] : []),
    `You get this mail because your new-lead alerts are set to "daily digest". Change them: ${origin}${SETTINGS_PATH}`,
  ].join("\n");
  return { to, about: null, subject: `${PRODUCT_NAME} daily digest, ${day}: ${count}`, text, html: textToHtml(text) };
}

export interface LeadDigest {
  /** One check at `now` (the schedule's, or a test's moved clock): queues the due digests when this instance wins its run. */
  check(now: Date): Promise<boolean>;
  /** Starts this instance's checks; returns a function that stops them. */
  schedule(): () => void;
}

export function leadDigest(options: { db: Db; outbox: MailOutbox; logger: Logger; config: Pick<Config, "teamTimeZone" | "mail"> }): LeadDigest {
  const { db, outbox, logger, config } = options;
  const job = async (now: Date, trx: Kysely<Database>) => {
    const due = await trx
      .selectFrom("team_members")
      .select(["email", "time_zone", "alert_kinds", "alert_plans", "digest_due_at"])
      .where("alerts", "=", "daily")
      .where("digest_due_at", "<=", now.toISOString())
      .execute();
    const mails: MailInput[] = [];
    for (const member of due) {
      const zone = member.time_zone ?? config.teamTimeZone;
      // From the day before the due 08:00 to the last 08:00 passed: consecutive windows meet, and a late run covers every day it missed.
      const next = nextDigestDue(now, zone);
      const window = { from: dayBefore(new Date(member.digest_due_at!), zone), to: dayBefore(next, zone) };
      const filter = alertFilterOf(member);
      const leads = (await leadsBetween(trx, window.from.toISOString(), window.to.toISOString(), DIGEST_LIST_MAX)).filter((lead) => alertMatches(filter, lead));
      const mail = digestMail(leads, member.email, zone, config.mail.origin, window);
      if (mail) mails.push(mail);
      await trx.updateTable("team_members").set({ digest_due_at: next.toISOString() }).where("email", "=", member.email).execute();
    }
    await outbox.enqueueMany(trx, mails);
    if (due.length > 0) logger.info({ members: due.length, mails: mails.length }, "daily lead digests queued");
  };
  const timing = { periodMs: CHECK_EVERY_MS, inClaimTransaction: true };
  return {
    check: (now) => runIfDue(db, JOB_NAME, job, timing, now),
    schedule: () => scheduleShared(db, JOB_NAME, job, { ...timing, checkEveryMs: CHECK_EVERY_MS, onError: (error) => logger.error({ err: error }, "the daily lead digests could not be queued") }),
  };
}
