/**
 * What Max Load says without asking the provider (spec §9 fixed texts): the server stores these
 * lines in the conversation (and so in transcripts), and the page shows the same words.
 * Home's first load imports this module (the greeting of the static shell): no zod, no React.
 */
import { DAILY_MESSAGES } from "./chat-contract";

export const GREETING = "Hi, I'm Max Load, your AI transport specialist! What's your name?";

export const niceToMeetYou = (name: string): string =>
  `Nice to meet you, ${name}! Could you please share your email address so I can keep you updated about our launch?`;

/** Spec §2, word for word: "N messages remaining" (also for 1). */
export const remainingLabel = (remaining: number): string => `${remaining} messages remaining`;

/** Spec §4 step 3 and §9: the demo limit, that more will come with the plans, and what is left. */
export const demoLimitMessage = (remaining: number): string =>
  `Thank you! This is a demo of Max Load: you can send ${DAILY_MESSAGES} free messages per 24 hours, and the count resets at midnight, your local time. More messages will come with our subscription plans. You have ${remainingLabel(remaining)} today. What would you like to know about oversized transport?`;

/** Max Load's confirmation once the conversation went to the team ("Ask the team"). */
export const handedOver = (name: string, email: string): string =>
  `Thanks, ${name}: the team has your conversation and will write to you at ${email}.`;
