/**
 * "Ask the team": the visitor's conversation goes to the team as their contact message (the
 * contact-message lead of their address, which the workspace shows) and as one mail to TEAM_EMAIL
 * through the outbox, with Max Load's confirmation stored in the conversation, all in one
 * transaction. It takes none of the visitor's daily messages; its own caps per visitor, per
 * client IP and site-wide count apart from the transcript's.
 */
import { ASSISTANT_NAME } from "~/content/brand";
import { handedOver } from "~/features/chat/chat-lines";
import type { Kysely } from "kysely";
import { LOCALES, type Locale } from "~/shared/i18n/locale";
import type { Db } from "../db/database";
import type { AttributionColumns, Database } from "../db/schema";
import type { Logger } from "../logger";
import { headerSafe } from "../mail/compose";
import type { Allowance } from "./allowance";
import { nextUtcMidnight, utcDate } from "./local-day";
import { languageLine } from "../mail/lead-alerts";
import { teamTime } from "~/features/team/team-time-lines";
import { recipientZone } from "../mail/team-time";
import { type ChatOutbox, composeTranscript } from "./transcript";
import { CONVERSATION, addMessage, history, visitorRow } from "./visitors";

/** In any hour (a sliding window). */
export const HANDOVERS_PER_VISITOR_PER_HOUR = 3;
export const HANDOVERS_PER_CLIENT_PER_HOUR = 10;
/** Per UTC day, reset at 00:00 UTC. */
export const HANDOVERS_PER_DAY = 200;
const HOUR_MS = 60 * 60_000;

/** The counter scope of a visitor's hand-overs (erasure removes it with the visitor). */
export const handoverScope = (visitorId: string): string => `handover:visitor:${visitorId}`;

/**
 * Stores the visitor's contact message inside the caller's transaction: the contact form's own
 * writer (server/leads/lead-capture.ts), given by the composition (leads/ sits above chat/).
 * `message.locale`: the page's language, the potential customer's.
 */
export type RecordContactMessage = (
  trx: Kysely<Database>,
  message: { name: string; email: string; category: "question"; message: string; locale: Locale },
  now: string,
  attribution?: AttributionColumns,
) => Promise<void>;

export type HandoverOutcome =
  | { kind: "sent"; message: string }
  /** No name and email yet: the team could not write back. */
  | { kind: "lead-required" }
  /** No question asked yet: nothing to hand over. */
  | { kind: "empty" }
  /** Nothing said since the last hand-over: the team already has it all. */
  | { kind: "already" }
  | { kind: "too-many" };

/** The contact message's text: where it came from, then the conversation as the transcript gives it. */
export const handoverMessage = (conversation: string): string => `Sent with "Ask the team" from the ${ASSISTANT_NAME} chat. The conversation:\n\n${conversation}`;

export function createHandovers(options: {
  db: Db;
  logger: Logger;
  allowance: Allowance;
  outbox: ChatOutbox | undefined;
  recordContactMessage: RecordContactMessage | undefined;
  teamEmail: string;
  /** TEAM_TIMEZONE: the notice's time is in TEAM_EMAIL's zone as a member, else this one. */
  teamTimeZone: string;
}): (visitorId: string, client: string, locale: Locale, attribution?: AttributionColumns) => Promise<HandoverOutcome> {
  const { db, logger, allowance, teamEmail, teamTimeZone } = options;

  return async (visitorId, client, locale, attribution) => {
    const { outbox, recordContactMessage } = options;
    if (!outbox || !recordContactMessage) throw new Error("The mail outbox or the contact messages are not configured");
    const visitor = await visitorRow(db, visitorId);
    if (!visitor?.name || !visitor.email) return { kind: "lead-required" };
    const { name, email } = visitor;
    const messages = await history(db, visitorId, CONVERSATION);
    const questions = await history(db, visitorId, ["chat"]);
    if (!questions.some((message) => message.role === "user")) return { kind: "empty" };
    const confirmation = handedOver(name, email, locale);
    // Confirmed already, in whichever language the page was then.
    if (LOCALES.some((language) => messages.at(-1)?.content === handedOver(name, email, language))) return { kind: "already" };

    const now = new Date();
    const siteWide = { slot: { scope: "handover:total", period: utcDate(now) }, limit: HANDOVERS_PER_DAY, expiresAt: nextUtcMidnight(now).toISOString() };
    const taken = await allowance.takeAll([
      { scope: handoverScope(visitorId), limit: HANDOVERS_PER_VISITOR_PER_HOUR, windowMs: HOUR_MS },
      { scope: `handover:ip:${client}`, limit: HANDOVERS_PER_CLIENT_PER_HOUR, windowMs: HOUR_MS },
      siteWide,
    ]);
    if ("refused" in taken) {
      if (taken.refused === siteWide) logger.warn("site-wide daily hand-over cap reached");
      return { kind: "too-many" };
    }

    const conversation = composeTranscript(name, messages).text;
    const at = now.toISOString();
    const shownName = headerSafe(name, 100);
    const subject = `Ask the team: ${shownName} (${ASSISTANT_NAME} chat)`;
    const noticeText = (zone: string) =>
      [
        `${shownName} asked the team from the ${ASSISTANT_NAME} chat. Please write to them at ${email}.`,
        "",
        `Name: ${shownName}`,
        `Email: ${email}`,
        languageLine(locale),
        `Received at: ${teamTime(at, zone)}`,
        "",
        "Conversation:",
        "",
        conversation,
      ].join("\n");
    try {
      await db.transaction().execute(async (trx) => {
        await recordContactMessage(trx, { name, email, category: "question", message: handoverMessage(conversation), locale }, at, attribution);
        await outbox.enqueue(trx, { to: teamEmail, subject, text: noticeText(await recipientZone(trx, teamEmail, teamTimeZone)), about: email });
        await addMessage(trx, visitorId, "assistant", "notice", confirmation);
      });
    } catch (error) {
      await allowance.refund(taken.slots);
      throw error;
    }
    outbox.nudge();
    return { kind: "sent", message: confirmation };
  };
}
