/**
 * The chat's contract between the browser and the server (/api/chat/*): the limits, the shapes
 * exchanged, and the texts the endpoints answer with, which the browser shows as they are.
 * The request schemas built from these are in chat-schemas.ts (zod, kept out of the page's
 * first load); what Max Load says is in chat-lines.ts; the page's own words in chat-texts.ts.
 * No zod and no React here: Home's first load imports this module (through chat-lines.ts).
 */
import { FIELD_MESSAGES } from "~/shared/forms/form-result";

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

// What the endpoints answer when they refuse (spec §5, §8); the browser shows these texts.
export const INVALID_EMAIL = FIELD_MESSAGES.email;
export const NAME_REQUIRED = FIELD_MESSAGES.nameRequired;
export const EMPTY_MESSAGE = "Please type a message.";
export const MESSAGE_TOO_LONG = `Your message is too long: ${MAX_MESSAGE_LENGTH.toLocaleString("en-US")} characters at most.`;
export const LIMIT_REACHED = "You've reached the daily message limit. Please try again tomorrow.";
export const CHAT_FAILURE = "Failed to get a response. Please try again.";
export const LEAD_REQUIRED = "Please share your name and email address before asking Max Load a question.";
export const SESSION_MISSING = "Your chat session has expired. Please reload the page.";
export const QUOTA_UNAVAILABLE = "The chat is unavailable right now. Please try again later.";
export const TRANSCRIPT_FAILED = "Failed to send transcript. Please try again.";
export const TRANSCRIPT_EMPTY = "There is no conversation to send yet.";
export const TRANSCRIPT_TOO_MANY = "You've sent several transcripts recently. Please try again later.";
export const HANDOVER_LEAD_REQUIRED = "Please share your name and email address first, so the team can write to you.";
export const HANDOVER_EMPTY = "Ask Max Load your question first: the team receives it with the conversation.";
export const HANDOVER_ALREADY = "The team already has this conversation and will write to you soon.";
export const HANDOVER_TOO_MANY = "You've asked the team several times recently. Please try again later.";
export const HANDOVER_FAILED = "Failed to reach the team. Please try again.";
