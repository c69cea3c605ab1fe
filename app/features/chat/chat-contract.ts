/**
 * The chat's contract between the browser and the server (/api/chat/*): the limits, the shapes
 * exchanged, and the texts the endpoints answer with, which the browser shows as they are.
 * The request schemas built from these are in chat-schemas.ts (zod, kept out of the page's
 * first load); what Max Load says is in chat-lines.ts; the page's own words in chat-texts.ts.
 * No zod and no React here: Home's first load imports this module (through chat-lines.ts).
 * Every request body carries the page's language (`locale`): the server answers in it.
 */
import * as m from "~/paraglide/messages.js";
import { LIMITS } from "~/shared/forms/form-result";
import { LANGUAGE_TAG, type Locale, getLocale } from "~/shared/i18n/locale";

/** Spec §9: answered messages per visitor per day, reset at the visitor's next local midnight. */
export const DAILY_MESSAGES = 5;
/** Characters in one message to Max Load. */
export const MAX_MESSAGE_LENGTH = 1000;
/** An IANA time zone name (the browser's), used to find the visitor's local midnight. */
export const TIME_ZONE_MAX_LENGTH = 100;

export interface ChatLimits {
  remainingMessages: number;
  /** ISO timestamp of the visitor's next local midnight. */
  resetTime: string;
}

/**
 * A section of the site an answer drew on, shown as a link below the answer. The server picks it
 * from the passages it used (never from the model's text); `href` is a page path with the
 * section's id ("/platform#tokens", "/#features").
 */
export interface ChatSource {
  href: string;
  label: string;
}

export interface ChatMessage {
  role: "user" | "assistant" | "system";
  content: string;
  /** Assistant answers only: the sections the answer drew on. */
  sources?: ChatSource[];
}

/** GET /api/chat/session?timeZone=… */
export interface SessionResponse {
  user: { id: string };
  limits: ChatLimits;
  name?: string;
  email?: string;
  history?: ChatMessage[];
}

/** POST /api/chat/lead */
export interface LeadResponse {
  message: string;
  limits: ChatLimits;
}

/** POST /api/chat/handover {}: the conversation went to the team as the visitor's contact message. */
export interface HandoverResponse {
  message: string;
}

/** The body of a refused request (4xx/5xx); a 429 of POST /api/chat/messages carries the limits. */
export interface ErrorResponse {
  error: string;
  limits?: ChatLimits;
}

/** One line of the NDJSON reply stream of POST /api/chat/messages; the last is "done" or "error". */
export type ReplyEvent =
  | { type: "delta"; text: string }
  | { type: "done"; reply: string; limits: ChatLimits; source: "ai" | "knowledge-base" | "fallback"; sources?: ChatSource[] }
  | { type: "error"; reply?: string; error: string; limits: ChatLimits };

// What the endpoints answer when they refuse (spec §5, §8), in the page's language (the server
// passes the request's; the browser's page knows its own); the browser shows these texts. Each is
// a function so that only the texts a bundle uses are in it.
type In = Locale | undefined;
const at = (locale: In) => ({ locale });
/** "1,000" in English, "1 000" in French. */
const count = (value: number, locale: In) => value.toLocaleString(LANGUAGE_TAG[locale ?? getLocale()]);

export const invalidEmail = (locale?: Locale) => m.chat_invalid_email({}, at(locale));
export const emailTooLong = (locale?: Locale) => m.chat_email_too_long({ max: count(LIMITS.email, locale) }, at(locale));
export const nameRequired = (locale?: Locale) => m.chat_name_required({}, at(locale));
export const nameTooLong = (locale?: Locale) => m.chat_name_too_long({ max: count(LIMITS.name, locale) }, at(locale));
export const controlCharacters = (locale?: Locale) => m.chat_control_chars({}, at(locale));
export const emptyMessage = (locale?: Locale) => m.chat_empty_message({}, at(locale));
export const messageTooLong = (locale?: Locale) => m.chat_message_too_long({ max: count(MAX_MESSAGE_LENGTH, locale) }, at(locale));
export const limitReached = (locale?: Locale) => m.chat_limit_reached({}, at(locale));
export const chatFailure = (locale?: Locale) => m.chat_failure({}, at(locale));
export const leadRequired = (locale?: Locale) => m.chat_lead_required({}, at(locale));
export const sessionMissing = (locale?: Locale) => m.chat_session_missing({}, at(locale));
export const quotaUnavailable = (locale?: Locale) => m.chat_quota_unavailable({}, at(locale));
export const transcriptFailed = (locale?: Locale) => m.chat_transcript_failed({}, at(locale));
export const transcriptEmpty = (locale?: Locale) => m.chat_transcript_empty({}, at(locale));
export const transcriptTooMany = (locale?: Locale) => m.chat_transcript_too_many({}, at(locale));
export const handoverLeadRequired = (locale?: Locale) => m.chat_handover_lead_required({}, at(locale));
export const handoverEmpty = (locale?: Locale) => m.chat_handover_empty({}, at(locale));
export const handoverAlready = (locale?: Locale) => m.chat_handover_already({}, at(locale));
export const handoverTooMany = (locale?: Locale) => m.chat_handover_too_many({}, at(locale));
export const handoverFailed = (locale?: Locale) => m.chat_handover_failed({}, at(locale));
