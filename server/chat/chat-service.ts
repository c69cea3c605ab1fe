/**
 * The chat's decisions: who the visitor is, what is stored, what is counted, what the provider is
 * asked. The HTTP layer (routes.ts) only parses input and streams output.
 */
import crypto from "node:crypto";
import type { Kysely } from "kysely";
import { CHAT_FAILURE, type ChatLimits, type ChatMessage, DAILY_MESSAGES } from "../../app/features/chat/chat-contract";
import { GREETING, demoLimitMessage, niceToMeetYou } from "../../app/features/chat/chat-lines";
import type { Config } from "../config";
import type { Db } from "../db/database";
import type { ChatMessagesTable, Database } from "../db/schema";
import type { Logger } from "../logger";
import { type KnowledgeEntry, buildKnowledgeBase, findRelevant } from "./knowledge-base";
import { assembleMessages } from "./prompt";
import type { ChatProvider } from "./provider";
import { knowledgeBaseAnswer } from "./replies";
import {
  SERVER_TIME_ZONE,
  type Slot,
  localDate,
  nextLocalMidnight,
  nextUtcMidnight,
  refundSlot,
  slotCount,
  sweepCounters,
  takeSlot,
  utcDate,
} from "./quota";

/** The mail outbox as the chat uses it (server/mail/outbox.ts). */
export interface ChatOutbox {
  /** `about`: the address of the person the mail is about (MailInput in server/mail/compose.ts). */
  enqueue(trx: Kysely<Database>, mail: { to: string; subject: string; text: string; about: string | null }): Promise<string>;
  nudge(): void;
}

export const TRANSCRIPTS_PER_VISITOR_PER_HOUR = 3;
export const TRANSCRIPTS_PER_CLIENT_PER_HOUR = 10;
export const TRANSCRIPTS_PER_DAY = 200;

export type ReplyResult =
  | { kind: "lead-required" }
  | { kind: "limit"; limits: ChatLimits }
  | { kind: "unavailable" }
  | {
      kind: "reply";
      /** Streams the reply through onDelta; resolves with the final event's content. */
      run(onDelta: (text: string) => void, signal: AbortSignal): Promise<ReplyOutcome>;
    };

export type ReplyOutcome =
  | { ok: true; reply: string; source: "ai" | "knowledge-base" | "fallback"; limits: ChatLimits }
  | { ok: false; reply?: string; error: string; limits: ChatLimits };

export interface ChatService {
  readonly provider: ChatProvider | undefined;
  limits(visitorId: string, timeZone: string | undefined): Promise<ChatLimits>;
  session(visitorId: string, timeZone: string | undefined): Promise<{ limits: ChatLimits; name?: string; email?: string; history: ChatMessage[] }>;
  saveLead(visitorId: string, lead: { name: string; email: string; timeZone?: string }): Promise<{ message: string; limits: ChatLimits }>;
  /** `client` is the key per-IP limits count under (server/http/client-address.ts). */
  reply(visitorId: string, text: string, client: string, timeZone: string | undefined): Promise<ReplyResult>;
  sendTranscript(visitorId: string, client: string): Promise<"sent" | "empty" | "too-many">;
  close(): void;
}

/** Timestamps that never repeat within the process, so stored messages keep their order. */
let lastStamp = 0;
function stamp(): string {
  const now = Math.max(Date.now(), lastStamp + 1);
  lastStamp = now;
  return new Date(now).toISOString();
}

export function composeTranscript(name: string | null, messages: readonly { role: string; content: string }[]): { subject: string; text: string } {
  const subject = `Chat Transcript from ${name || "Anonymous"}`;
  const text = messages
    .map((message) => `${message.role === "user" ? name || "User" : "Max Load"}: ${message.content}`)
    .join("\n\n");
  return { subject, text };
}

export function createChatService(options: {
  db: Db;
  config: Config;
  logger: Logger;
  provider: ChatProvider | undefined;
  outbox: ChatOutbox | undefined;
  knowledgeBase?: KnowledgeEntry[];
}): ChatService {
  const { db, config, logger, provider } = options;
  const teamEmail = config.mail.teamEmail;
  const knowledgeBase = options.knowledgeBase ?? buildKnowledgeBase();

  const sweep = setInterval(() => {
    sweepCounters(db).catch((error: unknown) => logger.warn({ err: error }, "could not sweep chat counters"));
  }, 60 * 60 * 1000);
  sweep.unref();

  async function visitorRow(visitorId: string) {
    return db.selectFrom("chat_visitors").selectAll().where("id", "=", visitorId).executeTakeFirst();
  }

  /** Creates the visitor row on first use; its time zone is set once (validated) and then kept. */
  async function ensureVisitor(visitorId: string, timeZone: string | undefined) {
    const now = new Date().toISOString();
    await db
      .insertInto("chat_visitors")
      .values({ id: visitorId, name: null, email: null, time_zone: timeZone ?? null, created_at: now, updated_at: now })
      .onConflict((oc) => oc.column("id").doNothing())
      .execute();
    if (timeZone) {
      await db.updateTable("chat_visitors").set({ time_zone: timeZone }).where("id", "=", visitorId).where("time_zone", "is", null).execute();
    }
    const row = await visitorRow(visitorId);
    if (!row) throw new Error("visitor row vanished");
    return row;
  }

  function quotaPeriod(visitorId: string, timeZone: string, now: Date) {
    return {
      slot: { scope: `visitor:${visitorId}`, period: localDate(now, timeZone) } satisfies Slot,
      resetTime: nextLocalMidnight(now, timeZone),
    };
  }

  const limitsFor = (count: number, resetTime: Date): ChatLimits => ({
    remainingMessages: Math.max(0, DAILY_MESSAGES - count),
    resetTime: resetTime.toISOString(),
  });

  async function limits(visitorId: string, timeZone: string | undefined): Promise<ChatLimits> {
    const row = await visitorRow(visitorId);
    const zone = row?.time_zone ?? timeZone ?? SERVER_TIME_ZONE;
    const { slot, resetTime } = quotaPeriod(visitorId, zone, new Date());
    return limitsFor(await slotCount(db, slot), resetTime);
  }

  async function history(visitorId: string, kinds: ChatMessagesTable["kind"][]) {
    return db
      .selectFrom("chat_messages")
      .select(["role", "content", "kind"])
      .where("visitor_id", "=", visitorId)
      .where("kind", "in", kinds)
      .orderBy("created_at")
      .orderBy("id")
      .execute();
  }

  async function addMessage(trx: Kysely<Database>, visitorId: string, role: "user" | "assistant", kind: ChatMessagesTable["kind"], content: string) {
    await trx
      .insertInto("chat_messages")
      .values({ id: crypto.randomUUID(), visitor_id: visitorId, role, kind, content, created_at: stamp() })
      .execute();
  }

  async function refundAll(slots: Slot[]) {
    for (const slot of slots) {
      try {
        await refundSlot(db, slot);
      } catch (error) {
        logger.error({ err: error, scope: slot.scope }, "could not refund a chat quota slot");
      }
    }
  }

  return {
    provider,
    limits,

    async session(visitorId, timeZone) {
      const row = await visitorRow(visitorId);
      const messages = row ? await history(visitorId, ["intro", "chat", "notice"]) : [];
      return {
        limits: await limits(visitorId, timeZone),
        ...(row?.name ? { name: row.name } : {}),
        ...(row?.email ? { email: row.email } : {}),
        history: messages.map(({ role, content }) => ({ role, content })),
      };
    },

    async saveLead(visitorId, lead) {
      const visitor = await ensureVisitor(visitorId, lead.timeZone);
      const current = await limits(visitorId, lead.timeZone);
      const message = demoLimitMessage(current.remainingMessages);
      await db.transaction().execute(async (trx) => {
        const now = new Date().toISOString();
        if (visitor.email !== lead.email || visitor.name !== lead.name) {
          await trx.insertInto("potential_customers").values({ id: crypto.randomUUID(), name: lead.name, email: lead.email, source: "chat", created_at: now }).execute();
        }
        await trx.updateTable("chat_visitors").set({ name: lead.name, email: lead.email, updated_at: now }).where("id", "=", visitorId).execute();
        const hasIntro = await trx.selectFrom("chat_messages").select("id").where("visitor_id", "=", visitorId).where("kind", "=", "intro").limit(1).executeTakeFirst();
        if (!hasIntro) {
          await addMessage(trx, visitorId, "assistant", "intro", GREETING);
          await addMessage(trx, visitorId, "user", "intro", lead.name);
          await addMessage(trx, visitorId, "assistant", "intro", niceToMeetYou(lead.name));
        }
        await addMessage(trx, visitorId, "user", "intro", lead.email);
        await addMessage(trx, visitorId, "assistant", "intro", message);
      });
      return { message, limits: current };
    },

    async reply(visitorId, text, client, timeZone) {
      const now = new Date();
      const taken: Slot[] = [];
      let visitor;
      let visitorCount: number;
      let resetTime: Date;
      let knowledgeOnly = !provider;
      try {
        // The lead comes first (spec §4): no answer, and no provider request, before name and email.
        const known = await visitorRow(visitorId);
        if (!known?.name || !known.email) return { kind: "lead-required" };
        visitor = await ensureVisitor(visitorId, timeZone);
        const period = quotaPeriod(visitorId, visitor.time_zone ?? SERVER_TIME_ZONE, now);
        resetTime = period.resetTime;
        const count = await takeSlot(db, period.slot, DAILY_MESSAGES, resetTime.toISOString());
        if (count === undefined) return { kind: "limit", limits: limitsFor(DAILY_MESSAGES, resetTime) };
        taken.push(period.slot);
        visitorCount = count;

        const day = utcDate(now);
        const dayEnds = nextUtcMidnight(now).toISOString();
        const ipSlot = { scope: `ip:${client}`, period: day };
        if ((await takeSlot(db, ipSlot, config.limits.chatPerIpPerDay, dayEnds)) === undefined) {
          await refundAll(taken);
          return { kind: "limit", limits: limitsFor(DAILY_MESSAGES, resetTime) };
        }
        taken.push(ipSlot);

        if (!knowledgeOnly) {
          const totalSlot = { scope: "total", period: day };
          if ((await takeSlot(db, totalSlot, config.limits.chatTotalPerDay, dayEnds)) === undefined) {
            logger.warn({ limit: config.limits.chatTotalPerDay }, "site-wide daily chat cap reached: answering from the knowledge base");
            knowledgeOnly = true;
          } else {
            taken.push(totalSlot);
          }
        }
        await db.transaction().execute((trx) => addMessage(trx, visitorId, "user", "chat", text));
      } catch (error) {
        logger.error({ err: error }, "chat quota store unavailable: refusing to answer");
        await refundAll(taken);
        return { kind: "unavailable" };
      }

      const visitorName = visitor.name;
      const finalResetTime = resetTime;
      const counted = visitorCount;
      return {
        kind: "reply",
        async run(onDelta, signal) {
          const matches = findRelevant(text, knowledgeBase);
          const answered = limitsFor(counted, finalResetTime);
          const store = async (role: "assistant", kind: ChatMessagesTable["kind"], content: string) => {
            try {
              await db.transaction().execute((trx) => addMessage(trx, visitorId, role, kind, content));
            } catch (error) {
              logger.error({ err: error }, "could not store a chat reply");
            }
          };
          if (knowledgeOnly || !provider) {
            const reply = knowledgeBaseAnswer(matches, teamEmail);
            onDelta(reply);
            await store("assistant", "chat", reply);
            return { ok: true, reply, source: "knowledge-base", limits: answered };
          }
          let outcome;
          try {
            const turns = await history(visitorId, ["chat"]);
            const messages = assembleMessages({
              teamEmail,
              matches,
              visitorName,
              history: turns.map(({ role, content }) => ({ role, content })),
            });
            outcome = await provider.complete(messages, onDelta, signal);
          } catch (error) {
            logger.error({ err: error }, "chat reply failed");
            outcome = { kind: "failed" as const, text: undefined, error: CHAT_FAILURE };
          }
          if (outcome.kind === "answer") {
            await store("assistant", "chat", outcome.text);
            return { ok: true, reply: outcome.text, source: "ai", limits: answered };
          }
          // A reply that failed does not use up the allowance.
          await refundAll(taken);
          const refunded = limitsFor(counted - 1, finalResetTime);
          if (outcome.text) await store("assistant", "notice", outcome.text);
          if (outcome.kind === "fallback") return { ok: true, reply: outcome.text, source: "fallback", limits: refunded };
          return { ok: false, ...(outcome.text ? { reply: outcome.text } : {}), error: outcome.error, limits: refunded };
        },
      };
    },

    async sendTranscript(visitorId, client) {
      const outbox = options.outbox;
      if (!outbox) throw new Error("The mail outbox is not configured");
      const visitor = await visitorRow(visitorId);
      const messages = visitor ? await history(visitorId, ["intro", "chat", "notice"]) : [];
      if (!visitor || messages.length === 0) return "empty";
      const now = new Date();
      const hour = now.toISOString().slice(0, 13);
      const perVisitor = { scope: `transcript:visitor:${visitorId}`, period: hour };
      const perClient = { scope: `transcript:ip:${client}`, period: hour };
      const siteWide = { scope: "transcript:total", period: utcDate(now) };
      const hourEnds = new Date(Date.parse(`${hour}:00:00.000Z`) + 3_600_000).toISOString();
      if ((await takeSlot(db, perVisitor, TRANSCRIPTS_PER_VISITOR_PER_HOUR, hourEnds)) === undefined) return "too-many";
      if ((await takeSlot(db, perClient, TRANSCRIPTS_PER_CLIENT_PER_HOUR, hourEnds)) === undefined) {
        await refundAll([perVisitor]);
        return "too-many";
      }
      if ((await takeSlot(db, siteWide, TRANSCRIPTS_PER_DAY, nextUtcMidnight(now).toISOString())) === undefined) {
        await refundAll([perVisitor, perClient]);
        logger.warn("site-wide daily transcript cap reached");
        return "too-many";
      }
      const { subject, text } = composeTranscript(visitor.name, messages);
      try {
        await db.transaction().execute((trx) => outbox.enqueue(trx, { to: teamEmail, subject, text, about: visitor.email }));
      } catch (error) {
        await refundAll([perVisitor, perClient, siteWide]);
        throw error;
      }
      outbox.nudge();
      return "sent";
    },

    close() {
      clearInterval(sweep);
    },
  };
}
