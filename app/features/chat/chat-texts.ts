/**
 * The chat's own words on the page (spec §2 Chat demo, §8 transcript toasts): placeholders,
 * labels, suggestions. What Max Load says is in chat-lines.ts; what the endpoints answer with is
 * in chat-contract.ts.
 */
import type { ChatStep } from "./chat-reducer";

export const PLACEHOLDERS: Readonly<Record<ChatStep, string>> = {
  name: "Enter your name...",
  email: "Enter your email...",
  message: "Type your message...",
};
export const PLACEHOLDER_NAME = PLACEHOLDERS.name;
export const PLACEHOLDER_EMAIL = PLACEHOLDERS.email;
export const PLACEHOLDER_MESSAGE = PLACEHOLDERS.message;

/** The input's accessible name at each step. */
export const INPUT_LABELS: Readonly<Record<ChatStep, string>> = {
  name: "Your name",
  email: "Your email",
  message: "Your message to Max Load",
};

export const TYPING = "Max Load is typing…";
export const METER_LABEL = "Free messages remaining today";

export const TRANSCRIPT_LINK = "Send conversation transcript";
export const TRANSCRIPT_SENDING = "Sending...";
export const TRANSCRIPT_SENT = "Transcript sent successfully!";
export const ASK_TEAM = "Ask the team";
export const ASK_TEAM_SENDING = "Asking the team...";
/** The label of the links below an answer to the site sections it drew on. */
export const SOURCES_LABEL = "Sources:";
export const UNEXPECTED_ERROR = "An unexpected error occurred. Please try again.";

export const SUGGESTIONS_TITLE = "Popular questions for Max Load";
export const SUGGESTIONS = [
  "What services do you offer?",
  "Tell me about the route planning tool.",
  "What compliance tools will be available?",
  "How will the cost simulation work?",
  "Will the platform include training resources?",
  "How will the permit management system work?",
] as const;

/** A suggestion picked before the lead is captured: asked right after it. */
export const questionKept = (question: string): string =>
  `Max Load will answer “${question}” as soon as you have shared your name and email address.`;

/** Below the daily-limit error: where to go until the messages reset. */
export const NEXT_STEPS_TITLE = "Until then, stay in touch:";
export const NEXT_STEP_NEWSLETTER = "Join our newsletter";
export const NEXT_STEP_CONTACT = "Write to us with the contact form";
