/**
 * New-lead alerts "at once": a mail to each member who chose them, for each new lead their
 * filter lets through, queued in the transaction that stores the lead (so a lead and its alerts
 * exist together or not at all, and are queued once whichever instance took the lead). The
 * members' choices are in `team_members` (settings page: app/routes/team/settings.tsx); the daily
 * digest is server/team/lead-digest.ts. Every lead path calls `queue`: the contact form and the
 * information request (server/leads/lead-capture.ts), the chat's lead and its "Ask the team"
 * (server/chat/), the newsletter sign-up (server/newsletter/sign-up.ts).
 */
import type { Kysely } from "kysely";
import { PRODUCT_NAME } from "~/content/brand";
import { PLAN_TYPES, type PlanType } from "~/content/plans";
import { personPath } from "~/features/team/members-contract";
import { LEAD_KINDS, LEAD_KIND_LABELS, LEAD_LANGUAGE_LABELS, type LeadKindName } from "~/features/team/team-lines";
import type { Locale } from "~/shared/i18n/locale";
import type { Database } from "../db/schema";
import { type MailInput, textToHtml } from "./compose";
import type { MailOutbox } from "./outbox";
import { teamTime } from "~/features/team/team-time-lines";
import { recipientZone } from "./team-time";

/** A lead as its alert names it. */
export interface NewLead {
  kind: LeadKindName;
  email: string;
  name: string | null;
  /** Information requests only. */
  planType: PlanType | null;
  /** Its stored time (ISO, UTC). */
  at: string;
  /** The lead's language (default English): the alert, in English, names it. */
  language?: Locale | undefined;
}

/** Which leads a member is alerted of: some kinds (null: all); information requests of some plans (null: any). */
export interface AlertFilter {
  kinds: LeadKindName[] | null;
  plans: PlanType[] | null;
}

function listOf<T extends string>(json: string | null, allowed: readonly T[]): T[] | null {
  if (json === null) return null;
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? allowed.filter((item) => value.includes(item)) : null;
  } catch {
    return null;
  }
}

/** The filter stored in a member's row (an unreadable one lets everything through). */
export const alertFilterOf = (row: { alert_kinds: string | null; alert_plans: string | null }): AlertFilter => ({
  kinds: listOf(row.alert_kinds, LEAD_KINDS),
  plans: listOf(row.alert_plans, PLAN_TYPES),
});

/** The plan filter narrows information requests only: the other kinds have no plan type. */
export const alertMatches = (filter: AlertFilter, lead: Pick<NewLead, "kind" | "planType">): boolean =>
  (filter.kinds === null || filter.kinds.includes(lead.kind)) &&
  (filter.plans === null || lead.kind !== "information-request" || (lead.planType !== null && filter.plans.includes(lead.planType)));

/** "Information request (Government)", "Newsletter sign-up". */
export const leadLabel = (lead: Pick<NewLead, "kind" | "planType">): string =>
  lead.kind === "newsletter" ? "Newsletter sign-up" : `${LEAD_KIND_LABELS[lead.kind]}${lead.planType ? ` (${lead.planType})` : ""}`;

/** "Jane Doe <jane@example.com>", or the address alone. */
export const leadWho = (lead: Pick<NewLead, "name" | "email">): string => (lead.name ? `${lead.name.replace(/\s+/g, " ").trim().slice(0, 100)} <${lead.email}>` : lead.email);

/**
 * "Language: French": the line every mail to the team about a lead carries (the team's mail stays
 * in English and tells which language to answer in).
 */
export const languageLine = (language: Locale = "en"): string => `Language: ${LEAD_LANGUAGE_LABELS[language]}`;

/** The settings page, where a member changes their alerts (named at the foot of every alert). */
export const SETTINGS_PATH = "/team/settings";

/** One "at once" alert. */
export function alertMail(lead: NewLead, to: string, zone: string, origin: string): MailInput {
  const text = [
    `A new lead on ${PRODUCT_NAME}: ${leadLabel(lead).toLowerCase()}.`,
    "",
    `Who: ${leadWho(lead)}`,
    `When: ${teamTime(lead.at, zone)}`,
    languageLine(lead.language),
    "",
    `Open the person in the team workspace: ${origin}${personPath(lead.email)}`,
    "",
    `You get this mail because your new-lead alerts are set to "at once". Change them: ${origin}${SETTINGS_PATH}`,
  ].join("\n");
  return { to, about: lead.email, subject: `New lead: ${leadLabel(lead)} from ${leadWho(lead)}`, text, html: textToHtml(text) };
}

export class LeadAlerts {
  constructor(
    private readonly outbox: Pick<MailOutbox, "enqueueMany">,
    /** Where links point (the mail origin, config.ts). */
    private readonly origin: string,
    /** TEAM_TIMEZONE: the zone of a member who chose none. */
    private readonly teamTimeZone: string,
  ) {}

  /** The "at once" alerts of each of `leads` (in their order), read from the members' choices on `db` (the leads' transaction). */
  async mailsFor(db: Kysely<Database>, leads: readonly NewLead[]): Promise<MailInput[][]> {
    if (leads.length === 0) return [];
    const members = await db.selectFrom("team_members").select(["email", "time_zone", "alert_kinds", "alert_plans"]).where("alerts", "=", "now").orderBy("email").execute();
    const filters = members.map((member) => ({ member, filter: alertFilterOf(member) }));
    return leads.map((lead) =>
      filters.filter(({ filter }) => alertMatches(filter, lead)).map(({ member }) => alertMail(lead, member.email, member.time_zone ?? this.teamTimeZone, this.origin)),
    );
  }

  /** The zone `email` reads a team mail's times in (theirs as a member, else TEAM_TIMEZONE): the team's notices of a lead. */
  zoneOf(db: Kysely<Database>, email: string): Promise<string> {
    return recipientZone(db, email, this.teamTimeZone);
  }

  /** Queues the "at once" alerts of `leads` inside `trx`, the transaction that stores them (nudge the outbox after it). */
  async queue(trx: Kysely<Database>, leads: readonly NewLead[]): Promise<void> {
    await this.outbox.enqueueMany(trx, (await this.mailsFor(trx, leads)).flat());
  }
}
