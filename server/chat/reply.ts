/**
 * The answer to one admitted question: from the knowledge base (no provider, or the site-wide
 * cap reached) or from the provider with the stored conversation as context. The answer is
 * stored; a provider reply that failed gives the visitor's allowance back and is stored as a
 * notice (in the transcript, never in the prompt).
 */
import { type ChatLimits, type ChatSource, chatFailure } from "~/features/chat/chat-contract";
import type { Locale } from "~/shared/i18n/locale";
import type { Db } from "../db/database";
import type { ChatMessagesTable } from "../db/schema";
import type { Logger } from "../logger";
import { chatAnswers } from "../metrics";
import type { Admission, Allowance } from "./allowance";
import { type KnowledgeBases, bestPassages, findRelevant, sourceOf } from "./knowledge-base";
import { assembleMessages } from "./prompt";
import type { ChatProvider, ProviderOutcome } from "./provider";
import { knowledgeBaseAnswer } from "./texts";
import { addMessage, history } from "./visitors";

export type ReplyOutcome =
  | { ok: true; reply: string; source: "ai" | "knowledge-base" | "fallback"; limits: ChatLimits; sources: ChatSource[] }
  | { ok: false; reply?: string; error: string; limits: ChatLimits };

/** Streams the reply through onDelta; resolves with the final event's content. */
export type RunReply = (onDelta: (text: string) => void, signal: AbortSignal) => Promise<ReplyOutcome>;

/** A provider answer links to at most this many sections, as a knowledge-base answer draws on one or two. */
const PROVIDER_SOURCES = 2;

export interface Question {
  visitorId: string;
  visitorName: string | null;
  text: string;
  admission: Admission;
  /**
   * The page's language: the knowledge base asked (its passages, the sources' links) and the
   * language of a knowledge-base answer and of the fixed texts. The provider answers in the
   * language of the question, this one when unclear.
   */
  locale: Locale;
}

export function createReplier(options: {
  db: Db;
  logger: Logger;
  provider: ChatProvider | undefined;
  knowledgeBases: KnowledgeBases;
  teamEmail: string;
  allowance: Allowance;
}): (question: Question) => RunReply {
  const { db, logger, provider, knowledgeBases, teamEmail, allowance } = options;

  const store = async (visitorId: string, kind: ChatMessagesTable["kind"], content: string, answeredBy: "provider" | "knowledge-base" | null = null, sources: readonly ChatSource[] = []) => {
    try {
      await db.transaction().execute((trx) => addMessage(trx, visitorId, "assistant", kind, content, answeredBy, sources));
    } catch (error) {
      logger.error({ err: error }, "could not store a chat reply");
    }
  };

  /** Max Load's earlier answers, so a knowledge-base answer does not repeat them; none when unreadable. */
  const earlierAnswers = async (visitorId: string): Promise<string[]> => {
    try {
      const turns = await history(db, visitorId, ["chat"]);
      return turns.filter((turn) => turn.role === "assistant").map((turn) => turn.content);
    } catch (error) {
      logger.warn({ err: error }, "could not read the earlier chat answers");
      return [];
    }
  };

  return ({ visitorId, visitorName, text, admission, locale }) =>
    async (onDelta, signal) => {
      const matches = findRelevant(text, knowledgeBases[locale]);
      const answered = allowance.limitsFor(admission.count, admission.resetTime);
      if (admission.knowledgeOnly || !provider) {
        const earlier = await earlierAnswers(visitorId);
        const { text: reply, sources } = knowledgeBaseAnswer(text, matches, teamEmail, earlier, locale);
        onDelta(reply);
        await store(visitorId, "chat", reply, "knowledge-base", sources);
        chatAnswers.inc({ source: "knowledge-base" });
        return { ok: true, reply, source: "knowledge-base", limits: answered, sources };
      }
      let outcome: ProviderOutcome;
      try {
        const turns = await history(db, visitorId, ["chat"]);
        outcome = await provider.complete(assembleMessages({ teamEmail, matches, visitorName, history: turns, locale }), onDelta, signal, locale);
      } catch (error) {
        logger.error({ err: error }, "chat reply failed");
        outcome = { kind: "failed", text: "", error: chatFailure(locale) };
      }
      if (outcome.kind === "answer") {
        // The sections the prompt's best passages come from, never links the model wrote.
        const sources = bestPassages(matches)
          .slice(0, PROVIDER_SOURCES)
          .map(({ entry }) => sourceOf(entry));
        await store(visitorId, "chat", outcome.text, "provider", sources);
        chatAnswers.inc({ source: "provider" });
        return { ok: true, reply: outcome.text, source: "ai", limits: answered, sources };
      }
      chatAnswers.inc({ source: outcome.kind === "fallback" ? "fallback" : "failed" });
      // A reply that failed does not use up the allowance.
      await allowance.refund(admission.taken);
      const refunded = allowance.limitsFor(admission.count - 1, admission.resetTime);
      if (outcome.text) await store(visitorId, "notice", outcome.text);
      if (outcome.kind === "fallback") return { ok: true, reply: outcome.text, source: "fallback", limits: refunded, sources: [] };
      return { ok: false, ...(outcome.text ? { reply: outcome.text } : {}), error: outcome.error, limits: refunded };
    };
}
