/**
 * What Max Load says without asking the provider (spec §9 fixed texts), in the page's language:
 * the server stores these lines in the conversation (and so in transcripts) in the visitor's
 * language, and the page shows the same words. `locale` defaults to the page's (getLocale()).
 * Home's first load imports this module (the greeting of the static shell): no zod, no React.
 */
import * as m from "~/paraglide/messages.js";
import type { Locale } from "~/shared/i18n/locale";
import { DAILY_MESSAGES } from "./chat-contract";

export const greeting = (locale?: Locale): string => m.chat_greeting({}, { locale });

export const niceToMeetYou = (name: string, locale?: Locale): string => m.chat_nice_to_meet_you({ name }, { locale });

/** Spec §2, word for word: "N messages remaining" (also for 1). */
export const remainingLabel = (remaining: number, locale?: Locale): string => m.chat_remaining({ count: remaining }, { locale });

/** Spec §4 step 3 and §9: the demo limit, that more will come with the plans, and what is left. */
export const demoLimitMessage = (remaining: number, locale?: Locale): string =>
  m.chat_demo_limit({ daily: DAILY_MESSAGES, remaining }, { locale });

/** Max Load's confirmation once the conversation went to the team ("Ask the team"). */
export const handedOver = (name: string, email: string, locale?: Locale): string => m.chat_handed_over({ name, email }, { locale });
