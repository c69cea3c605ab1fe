/**
 * The chat's decisions, composed from its parts: who the visitor is and what they said
 * (visitors.ts), what they may still ask (allowance.ts), the answer (reply.ts), the transcript
 * (transcript.ts) and "Ask the team" (handover.ts). The HTTP layer (routes.ts) only parses input and streams output.
 */
import type { ChatLimits, ChatMessage } from "~/features/chat/chat-contract";
import { demoLimitMessage } from "~/features/chat/chat-lines";
import type { Locale } from "~/shared/i18n/locale";
import type { Config } from "../config";
import type { Db } from "../db/database";
import type { AttributionColumns } from "../db/schema";
import { scheduleShared } from "../db/jobs";
import type { Logger } from "../logger";
import { createAllowance } from "./allowance";
import { type KnowledgeBases, buildKnowledgeBases } from "./knowledge-base";
import type { ChatProvider } from "./provider";
import { sweepCounters } from "../db/counters";
import { SERVER_TIME_ZONE } from "./local-day";
import { type RunReply, createReplier } from "./reply";
import { type HandoverOutcome, type RecordContactMessage, createHandovers } from "./handover";
import { type ChatOutbox, type TranscriptOutcome, createTranscripts } from "./transcript";
import { addMessage, conversation, countChatOpened, ensureVisitor, storeLead, visitorRow } from "./visitors";
import type { LeadAlerts } from "../mail/lead-alerts";

export type ReplyResult =
  | { kind: "lead-required" }
  | { kind: "limit"; limits: ChatLimits }
  | { kind: "unavailable" }
  | { kind: "reply"; run: RunReply };

export interface ChatService {
  readonly provider: ChatProvider | undefined;
  limits(visitorId: string, timeZone: string | undefined): Promise<ChatLimits>;
  /** `opened`: the chat was opened by a browser without a chat session yet (counted for the team's insights). */
  session(visitorId: string, timeZone: string | undefined, opened?: boolean): Promise<{ limits: ChatLimits; name?: string; email?: string; history: ChatMessage[] }>;
  /**
   * `attribution`: where the visit came from, stored on a new lead row. `lead.locale`: the page's
   * language (English when absent): Max Load's opening lines are stored in it, and so is the lead.
   */
  saveLead(visitorId: string, lead: { name: string; email: string; timeZone?: string; locale?: Locale }, attribution?: AttributionColumns): Promise<{ message: string; limits: ChatLimits }>;
  /**
   * `client` is the key per-IP limits count under (server/http/client-address.ts). `locale`: the
   * page's language: the knowledge base asked and the language of the fixed texts; the provider
   * answers in the language of the question.
   */
  reply(visitorId: string, text: string, client: string, timeZone: string | undefined, locale?: Locale): Promise<ReplyResult>;
  /** `locale`: the page's language, named in the mail to the team. */
  sendTranscript(visitorId: string, client: string, locale?: Locale): Promise<TranscriptOutcome>;
  /**
   * "Ask the team": the conversation to the team as the visitor's contact message; none of the daily
   * messages. `locale`: the page's language (Max Load's confirmation; named to the team).
   * `attribution`: where the visit came from, stored on the contact message.
   */
  handOver(visitorId: string, client: string, locale?: Locale, attribution?: AttributionColumns): Promise<HandoverOutcome>;
  close(): void;
}

export function createChatService(options: {
  db: Db;
  config: Config;
  logger: Logger;
  provider: ChatProvider | undefined;
  outbox: ChatOutbox | undefined;
  /** "Ask the team" records the visitor's contact message with it. */
  recordContactMessage?: RecordContactMessage;
  /** The members' "at once" alerts of a new chat lead. */
  alerts?: Pick<LeadAlerts, "queue">;
  /** One knowledge base per language (the default: each built from the site's content in that language). */
  knowledgeBases?: KnowledgeBases;
}): ChatService {
  const { db, config, logger, provider, outbox, recordContactMessage, alerts } = options;
  const teamEmail = config.mail.teamEmail;
  const allowance = createAllowance(db, config.limits, logger);
  const knowledgeBases = options.knowledgeBases ?? buildKnowledgeBases();
  const answer = createReplier({ db, logger, provider, knowledgeBases, teamEmail, allowance });
  const sendTranscript = createTranscripts({ db, logger, allowance, outbox, teamEmail });
  const handOver = createHandovers({ db, logger, allowance, outbox, recordContactMessage, teamEmail, teamTimeZone: config.teamTimeZone });

  // Expired counters (chat quotas, POST rate windows): once an hour across instances.
  const stopSweep = scheduleShared(db, "counter-sweep", () => sweepCounters(db), {
    periodMs: 60 * 60 * 1000,
    checkEveryMs: 5 * 60 * 1000,
    firstCheckMs: 60_000,
    onError: (error) => logger.warn({ err: error }, "could not sweep chat counters"),
  });

  /** The visitor's own time zone once stored, else the one the browser sent, else the server's. */
  async function limits(visitorId: string, timeZone: string | undefined): Promise<ChatLimits> {
    const row = await visitorRow(db, visitorId);
    return allowance.limits(visitorId, row?.time_zone ?? timeZone ?? SERVER_TIME_ZONE);
  }

  /** Stores the question once its visitor has given name and email and its slots are taken. */
  async function admit(visitorId: string, text: string, client: string, timeZone: string | undefined, now: Date) {
    // The lead comes first (spec §4): no answer, and no provider request, before name and email.
    const known = await visitorRow(db, visitorId);
    if (!known?.name || !known.email) return { kind: "lead-required" } as const;
    const visitor = await ensureVisitor(db, visitorId, timeZone);
    const admitted = await allowance.admit(visitorId, visitor.time_zone ?? SERVER_TIME_ZONE, client, provider !== undefined, now);
    if ("refused" in admitted) return { kind: "limit", limits: admitted.refused } as const;
    try {
      await db.transaction().execute((trx) => addMessage(trx, visitorId, "user", "chat", text));
    } catch (error) {
      await allowance.refund(admitted.taken);
      throw error;
    }
    return { kind: "admitted", visitor, admission: admitted } as const;
  }

  return {
    provider,
    limits,
    sendTranscript: (visitorId, client, locale = "en") => sendTranscript(visitorId, client, locale),
    handOver: (visitorId, client, locale = "en", attribution) => handOver(visitorId, client, locale, attribution),

    async session(visitorId, timeZone, opened = false) {
      if (opened) countChatOpened(db).catch((error: unknown) => logger.warn({ err: error }, "could not count a chat opened"));
      const row = await visitorRow(db, visitorId);
      const messages = row ? await conversation(db, visitorId) : [];
      return {
        limits: await limits(visitorId, timeZone),
        ...(row?.name ? { name: row.name } : {}),
        ...(row?.email ? { email: row.email } : {}),
        history: messages,
      };
    },

    async saveLead(visitorId, lead, attribution) {
      const visitor = await ensureVisitor(db, visitorId, lead.timeZone);
      const current = await limits(visitorId, lead.timeZone);
      const locale = lead.locale ?? "en";
      const message = demoLimitMessage(current.remainingMessages, locale);
      if (await storeLead(db, visitor, { name: lead.name, email: lead.email, locale }, message, attribution, alerts)) outbox?.nudge();
      return { message, limits: current };
    },

    async reply(visitorId, text, client, timeZone, locale = "en") {
      let question;
      try {
        question = await admit(visitorId, text, client, timeZone, new Date());
      } catch (error) {
        logger.error({ err: error }, "chat quota store unavailable: refusing to answer");
        return { kind: "unavailable" };
      }
      if (question.kind !== "admitted") return question;
      return { kind: "reply", run: answer({ visitorId, visitorName: question.visitor.name, text, admission: question.admission, locale }) };
    },

    close() {
      stopSweep();
    },
  };
}
