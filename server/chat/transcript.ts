/**
 * The chat transcript: the stored conversation as text (also the message of a conversation in
 * `npm run leads -- export`), queued in the mail outbox to TEAM_EMAIL, within its caps per
 * visitor, per client IP and site-wide.
 */
import type { Kysely } from "kysely";
import type { Locale } from "~/shared/i18n/locale";
import type { Db } from "../db/database";
import type { Database } from "../db/schema";
import type { Logger } from "../logger";
import { languageLine } from "../mail/lead-alerts";
import type { Allowance } from "./allowance";
import { nextUtcMidnight, utcDate } from "./local-day";
import { CONVERSATION, history, visitorRow } from "./visitors";

/** In any hour (a sliding window). */
export const TRANSCRIPTS_PER_VISITOR_PER_HOUR = 3;
export const TRANSCRIPTS_PER_CLIENT_PER_HOUR = 10;
/** Per UTC day, reset at 00:00 UTC. */
export const TRANSCRIPTS_PER_DAY = 200;
const HOUR_MS = 60 * 60_000;

/** The mail outbox as the chat uses it (server/mail/outbox.ts). */
export interface ChatOutbox {
  /** `about`: the address of the person the mail is about (MailInput in server/mail/compose.ts). */
  enqueue(trx: Kysely<Database>, mail: { to: string; subject: string; text: string; about: string | null }): Promise<string>;
  nudge(): void;
}

export type TranscriptOutcome = "sent" | "empty" | "too-many";


export function composeTranscript(name: string | null, messages: readonly { role: string; content: string }[]): { subject: string; text: string } {
  const subject = `Chat Transcript from ${name || "Anonymous"}`;
  const text = messages
    .map((message) => `${message.role === "user" ? name || "User" : "Max Load"}: ${message.content}`)
    .join("\n\n");
  return { subject, text };
}

export function createTranscripts(options: {
  db: Db;
  logger: Logger;
  allowance: Allowance;
  outbox: ChatOutbox | undefined;
  teamEmail: string;
}): (visitorId: string, client: string, locale?: Locale) => Promise<TranscriptOutcome> {
  const { db, logger, allowance, teamEmail } = options;

  return async (visitorId, client, locale = "en") => {
    const outbox = options.outbox;
    if (!outbox) throw new Error("The mail outbox is not configured");
    const visitor = await visitorRow(db, visitorId);
    const messages = visitor ? await history(db, visitorId, CONVERSATION) : [];
    if (!visitor || messages.length === 0) return "empty";
    const now = new Date();
    const siteWide = { slot: { scope: "transcript:total", period: utcDate(now) }, limit: TRANSCRIPTS_PER_DAY, expiresAt: nextUtcMidnight(now).toISOString() };
    const taken = await allowance.takeAll([
      { scope: `transcript:visitor:${visitorId}`, limit: TRANSCRIPTS_PER_VISITOR_PER_HOUR, windowMs: HOUR_MS },
      { scope: `transcript:ip:${client}`, limit: TRANSCRIPTS_PER_CLIENT_PER_HOUR, windowMs: HOUR_MS },
      siteWide,
    ]);
    if ("refused" in taken) {
      if (taken.refused === siteWide) logger.warn("site-wide daily transcript cap reached");
      return "too-many";
    }
    const { subject, text } = composeTranscript(visitor.name, messages);
    const mail = { to: teamEmail, subject, text: `${languageLine(locale)}\n\n${text}`, about: visitor.email };
    try {
      await db.transaction().execute((trx) => outbox.enqueue(trx, mail));
    } catch (error) {
      await allowance.refund(taken.slots);
      throw error;
    }
    outbox.nudge();
    return "sent";
  };
}
