/**
 * Every fixed text of the chat (spec §2 Chat demo, §5, §8, §9), shared by the page and the server
 * (the server stores the opening exchange and answers with the same words).
 */
export const ASSISTANT_LABEL = "Max Load";
export const DAILY_MESSAGES = 5;
export const MAX_MESSAGE_LENGTH = 1000;

export const GREETING = "Hi, I'm Max Load, your AI transport specialist! What's your name?";

export const niceToMeetYou = (name: string): string =>
  `Nice to meet you, ${name}! Could you please share your email address so I can keep you updated about our launch?`;

export const demoLimitMessage = (remaining: number): string =>
  `Thank you! This is a demo of Max Load: you can send ${DAILY_MESSAGES} free messages per 24 hours, and the count resets at midnight, your local time. You have ${remainingLabel(remaining)} today. What would you like to know about oversized transport?`;

/** Spec §2, word for word: "N messages remaining" (also for 1). */
export const remainingLabel = (remaining: number): string => `${remaining} messages remaining`;

export const INVALID_EMAIL = "Please enter a valid email address.";
export const LIMIT_REACHED = "You've reached the daily message limit. Please try again tomorrow.";
export const CHAT_FAILURE = "Failed to get a response. Please try again.";
export const MESSAGE_TOO_LONG = `Your message is too long: ${MAX_MESSAGE_LENGTH.toLocaleString("en-US")} characters at most.`;
export const EMPTY_MESSAGE = "Please type a message.";
export const NAME_REQUIRED = "Please enter your name.";
export const LEAD_REQUIRED = "Please share your name and email address before asking Max Load a question.";
export const SESSION_MISSING = "Your chat session has expired. Please reload the page.";
export const QUOTA_UNAVAILABLE = "The chat is unavailable right now. Please try again later.";

export const TRANSCRIPT_LINK = "Send conversation transcript";
export const TRANSCRIPT_SENDING = "Sending...";
export const TRANSCRIPT_SENT = "Transcript sent successfully!";
export const TRANSCRIPT_FAILED = "Failed to send transcript. Please try again.";
export const UNEXPECTED_ERROR = "An unexpected error occurred. Please try again.";
export const TRANSCRIPT_EMPTY = "There is no conversation to send yet.";
export const TRANSCRIPT_TOO_MANY = "You've sent several transcripts recently. Please try again later.";

export const PLACEHOLDER_NAME = "Enter your name...";
export const PLACEHOLDER_EMAIL = "Enter your email...";
export const PLACEHOLDER_MESSAGE = "Type your message...";

export const SUGGESTIONS_TITLE = "Popular questions for Max Load";
export const SUGGESTIONS = [
  "What services do you offer?",
  "Tell me about the route planning tool.",
  "What compliance tools will be available?",
  "How will the cost simulation work?",
  "Will the platform include training resources?",
  "How will the permit management system work?",
] as const;

/** Spec §5: the shape {email} with no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const isValidEmail = (value: string): boolean => value.length <= 254 && EMAIL_PATTERN.test(value);

/** Browser storage keys of spec §3. */
export const STORAGE_KEYS = { userName: "userName", chatHistory: "chatHistory", chatLimits: "chatLimits" } as const;

/** Shapes exchanged with /api/chat/* (the server imports these types too). */
export interface ChatLimits {
  remainingMessages: number;
  /** ISO timestamp of the visitor's next local midnight. */
  resetTime: string;
}

export interface ChatMessage {
  role: "user" | "assistant" | "system";
  content: string;
}

export interface SessionResponse {
  user: { id: string };
  limits: ChatLimits;
  name?: string;
  email?: string;
  history?: ChatMessage[];
}

export interface LeadResponse {
  message: string;
  limits: ChatLimits;
}

/** One line of the NDJSON reply stream of POST /api/chat/messages. */
export type ReplyEvent =
  | { type: "delta"; text: string }
  | { type: "done"; reply: string; limits: ChatLimits; source: "ai" | "knowledge-base" | "fallback" }
  | { type: "error"; reply?: string; error: string; limits: ChatLimits };
