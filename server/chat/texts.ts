/**
 * The server's own chat texts (spec §8) and the answers composed from the knowledge base when
 * there is no AI key or the site-wide daily cap is reached.
 */
import { ASSISTANT_NAME, PRODUCT_NAME } from "~/content/brand";
import type { KnowledgeMatch } from "./knowledge-base";

/** Spec §8: technical difficulties, temporarily unavailable, high demand. */
export const APOLOGIES = [
  "I'm sorry, I'm having some technical difficulties right now. Please try again in a moment.",
  "I'm sorry, I'm temporarily unavailable. Please try again shortly.",
  "I'm sorry, I'm experiencing high demand right now. Please try again in a few minutes.",
] as const;

/** The apology shown before "Failed to get a response…" for provider errors other than 429. */
export const ERROR_APOLOGY = APOLOGIES[0];

export const QUOTA_EXCEEDED_ERROR = "API quota exceeded";

export const capacityMessage = (teamEmail: string): string =>
  `I'm sorry, our chat service has reached its capacity for now. Please contact our support team at ${teamEmail}, or come back in a couple of hours.`;

export const referralMessage = (teamEmail: string): string =>
  `I can only help with questions about ${PRODUCT_NAME} and oversized transport: routing, permits, certifications, compliance, tools and our roadmap. For anything else, please write to our team at ${teamEmail} or use the contact form on this page.`;

export const disclaimer = (teamEmail: string): string =>
  `${ASSISTANT_NAME}'s answers are estimates to be verified. For anything more specific, write to our team at ${teamEmail} or use the contact form on this page.`;

const passage = ({ entry }: KnowledgeMatch): string => `- **${entry.title}**: ${entry.text}`;

/**
 * A helpful answer from the matching passages, or the polite referral when none matches.
 * `earlier`: Max Load's earlier answers in this conversation. A passage one of them already gave
 * (the overview matches most questions) is left out unless nothing else matches, and the
 * disclaimer is said once per conversation.
 */
export function knowledgeBaseAnswer(matches: readonly KnowledgeMatch[], teamEmail: string, earlier: readonly string[] = []): string {
  if (matches.length === 0) return referralMessage(teamEmail);
  const given = (line: string) => earlier.some((answer) => answer.includes(line));
  const all = matches.map(passage);
  const fresh = all.filter((line) => !given(line));
  const lines = (fresh.length > 0 ? fresh : all).slice(0, 4);
  const closing = disclaimer(teamEmail);
  return [`Here is what I can tell you about ${PRODUCT_NAME}:`, "", ...lines, ...(given(closing) ? [] : ["", closing])].join("\n");
}
