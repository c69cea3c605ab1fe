/**
 * The chat's own words on the page (spec §2 Chat demo, §8 transcript toasts): placeholders,
 * labels, suggestions, in the page's language (call them while rendering). What Max Load says is
 * in chat-lines.ts; what the endpoints answer with is in chat-contract.ts.
 */
import * as m from "~/paraglide/messages.js";
import type { ChatStep } from "./chat-reducer";

export const placeholder = (step: ChatStep): string =>
  step === "name" ? m.chat_placeholder_name() : step === "email" ? m.chat_placeholder_email() : m.chat_placeholder_message();

/** The input's accessible name at each step. */
export const inputLabel = (step: ChatStep): string =>
  step === "name" ? m.chat_label_name() : step === "email" ? m.chat_label_email() : m.chat_label_message();

/** "Max Load says:", "Ada says:" above a bubble. */
export const saysLabel = (name: string): string => m.chat_says({ name });

/** The popular questions offered above the chat. */
export const suggestions = (): string[] => [
  m.chat_suggestion_services(),
  m.chat_suggestion_route_planning(),
  m.chat_suggestion_compliance(),
  m.chat_suggestion_cost(),
  m.chat_suggestion_training(),
  m.chat_suggestion_permits(),
];

/** A suggestion picked before the lead is captured: asked right after it. */
export const questionKept = (question: string): string => m.chat_question_kept({ question });
