/**
 * What may still be asked: the visitor's daily messages (reset at their local midnight), the
 * client IP's and the whole site's per UTC day, taken before a reply and given back when it
 * fails. The counters themselves are server/db/counters.ts; this module decides which slots a request
 * takes, in what order, and what happens when one is refused.
 */
import { type ChatLimits, DAILY_MESSAGES } from "~/features/chat/chat-contract";
import type { Config } from "../config";
import type { Db } from "../db/database";
import type { Logger } from "../logger";
import { limitRefusals } from "../metrics";
import { type Slot, refundSlot, slotCount, takeRollingSlot, takeSlot } from "../db/counters";
import { localDate, nextLocalMidnight, nextUtcMidnight, utcDate } from "./local-day";

/** chat_counters scope of the questions refused by a daily quota, per UTC day (the team's overview). */
export const QUOTA_REFUSALS_SCOPE = "stats:quota-refusals";

/**
 * A slot to take: at most `limit` per (scope, period), the counter going at `expiresAt` (a
 * calendar day); or at most `limit` of `scope` in any `windowMs` (a sliding window).
 */
export type Claim = { slot: Slot; limit: number; expiresAt: string } | { scope: string; limit: number; windowMs: number };

/** Slots taken, and each one's count with this request (in the order of the claims). */
export interface Taken {
  slots: Slot[];
  counts: number[];
}

/** The slots a reply took: what to give back when it fails, and the visitor's limits after it. */
export interface Admission {
  taken: Slot[];
  /** The visitor's count today, this message included. */
  count: number;
  resetTime: Date;
  /** The site-wide cap of provider answers is reached: answer from the knowledge base. */
  knowledgeOnly: boolean;
}

export interface Allowance {
  /** The visitor's remaining messages today in `timeZone`. */
  limits(visitorId: string, timeZone: string): Promise<ChatLimits>;
  /** Limits after `count` messages today, reset at `resetTime`. */
  limitsFor(count: number, resetTime: Date): ChatLimits;
  /**
   * Takes one message of the visitor's day and one of the client IP's, and one of the site's
   * provider answers when `wantsProvider`. Refused (the visitor's or the IP's cap): the limits,
   * nothing kept. Throws when the store fails, having given back what it took.
   */
  admit(visitorId: string, timeZone: string, client: string, wantsProvider: boolean, now: Date): Promise<Admission | { refused: ChatLimits }>;
  /**
   * Takes every claim in order, or none: on the first refused one it gives back those taken and
   * names the refused claim; when the store fails it gives them back and throws.
   */
  takeAll(claims: readonly Claim[]): Promise<Taken | { refused: Claim }>;
  /** Gives slots back; a failure is logged, never thrown (the answer is already decided). */
  refund(slots: readonly Slot[]): Promise<void>;
}

export function createAllowance(db: Db, limits: Config["limits"], logger: Logger): Allowance {
  const visitorDay = (visitorId: string, timeZone: string, now: Date) => ({
    slot: { scope: `visitor:${visitorId}`, period: localDate(now, timeZone) } satisfies Slot,
    resetTime: nextLocalMidnight(now, timeZone),
  });

  const limitsFor = (count: number, resetTime: Date): ChatLimits => ({
    remainingMessages: Math.max(0, DAILY_MESSAGES - count),
    resetTime: resetTime.toISOString(),
  });

  async function refund(slots: readonly Slot[]) {
    for (const slot of slots) {
      try {
        await refundSlot(db, slot);
      } catch (error) {
        logger.error({ err: error, scope: slot.scope }, "could not refund a chat quota slot");
      }
    }
  }

  async function takeAll(claims: readonly Claim[]): Promise<Taken | { refused: Claim }> {
    const taken: Taken = { slots: [], counts: [] };
    try {
      for (const claim of claims) {
        const took =
          "windowMs" in claim
            ? await takeRollingSlot(db, claim.scope, claim.limit, claim.windowMs)
            : await takeSlot(db, claim.slot, claim.limit, claim.expiresAt).then((count) => (count === undefined ? undefined : { slot: claim.slot, count }));
        if (took === undefined) {
          await refund(taken.slots);
          return { refused: claim };
        }
        taken.slots.push(took.slot);
        taken.counts.push(took.count);
      }
    } catch (error) {
      await refund(taken.slots);
      throw error;
    }
    return taken;
  }

  return {
    limitsFor,
    refund,
    takeAll,

    async limits(visitorId, timeZone) {
      const { slot, resetTime } = visitorDay(visitorId, timeZone, new Date());
      return limitsFor(await slotCount(db, slot), resetTime);
    },

    async admit(visitorId, timeZone, client, wantsProvider, now) {
      const { slot, resetTime } = visitorDay(visitorId, timeZone, now);
      const day = utcDate(now);
      const dayEnds = nextUtcMidnight(now).toISOString();
      const taken = await takeAll([
        { slot, limit: DAILY_MESSAGES, expiresAt: resetTime.toISOString() },
        { slot: { scope: `ip:${client}`, period: day }, limit: limits.chatPerIpPerDay, expiresAt: dayEnds },
      ]);
      if ("refused" in taken) {
        limitRefusals.inc({ limit: "slot" in taken.refused && taken.refused.slot.scope.startsWith("ip:") ? "chat-ip-day" : "chat-visitor-day" });
        // Counted for the team's overview (chat usage); a failure here never changes the answer.
        const yearLater = new Date(now.getTime() + 400 * 86_400_000).toISOString();
        takeSlot(db, { scope: QUOTA_REFUSALS_SCOPE, period: day }, Number.MAX_SAFE_INTEGER, yearLater).catch((error: unknown) =>
          logger.warn({ err: error }, "could not count a chat quota refusal"),
        );
        return { refused: limitsFor(DAILY_MESSAGES, resetTime) };
      }
      const admission = { taken: taken.slots, count: taken.counts[0] ?? DAILY_MESSAGES, resetTime, knowledgeOnly: true };
      if (!wantsProvider) return admission;
      let site;
      try {
        site = await takeAll([{ slot: { scope: "total", period: day }, limit: limits.chatTotalPerDay, expiresAt: dayEnds }]);
      } catch (error) {
        await refund(taken.slots);
        throw error;
      }
      if ("refused" in site) {
        limitRefusals.inc({ limit: "chat-site-day" });
        logger.warn({ limit: limits.chatTotalPerDay }, "site-wide daily chat cap reached: answering from the knowledge base");
        return admission;
      }
      return { ...admission, taken: [...taken.slots, ...site.slots], knowledgeOnly: false };
    },
  };
}
