/**
 * The server's own chat texts (spec §8) and the answers composed from the knowledge base when
 * there is no AI key or the site-wide daily cap is reached.
 */
import { ASSISTANT_NAME, PRODUCT_NAME } from "~/content/brand";
import type { ChatSource } from "~/features/chat/chat-contract";
import { type KnowledgeMatch, bestPassages, sourceOf } from "./knowledge-base";
import { type Jurisdiction, isRegulatory, jurisdictionIn } from "./regulatory";

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

/** When no passage matches well enough: said plainly, with where to ask instead. */
export const referralMessage = (teamEmail: string): string =>
  `I don't have an answer to that on ${PRODUCT_NAME}'s site. I can only help with questions about ${PRODUCT_NAME} and oversized transport: routing, permits, certifications, compliance, tools and our roadmap. For anything else, please write to our team at ${teamEmail} or use the contact form on this page.`;

export const disclaimer = (teamEmail: string): string =>
  `${ASSISTANT_NAME}'s answers are estimates to be verified. For anything more specific, write to our team at ${teamEmail} or use the contact form on this page.`;

/** The answer to a question asking for a jurisdiction's rule: the authority that issues the permit decides. */
export const authorityMessage = (jurisdiction: Jurisdiction | undefined): string => {
  const authority =
    jurisdiction?.kind === "state"
      ? `in ${jurisdiction.name}, the state's permit office (usually part of its department of transportation)`
      : jurisdiction?.kind === "province"
        ? `in ${jurisdiction.name}, the provincial or territorial transport ministry`
        : "in the US, the state's permit office (usually part of its department of transportation); in Canada, the provincial or territorial transport ministry";
  return `Permit rules, dimension and weight limits, escort requirements and allowed routes are set by the authority that issues the permit: ${authority}. They differ between jurisdictions and change often, so I won't state a rule: please check with that authority before the move.`;
};

const passage = ({ entry }: KnowledgeMatch): string => `- **${entry.title}**: ${entry.text}`;

/** A second passage joins the best one when the ranking scores it at least this share of the best. */
const SECOND_PASSAGE_SHARE = 0.5;

/** "permits", "permits and wide load", "routes, permits and escorts". */
function listOf(words: readonly string[]): string {
  if (words.length <= 1) return words[0] ?? "";
  return `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;
}

export interface KnowledgeBaseAnswer {
  text: string;
  /** The passages the answer drew on; none when it declined. */
  sources: ChatSource[];
}

/**
 * The answer from the one or two best passages, after a lead-in naming what was asked; the polite
 * referral when none matches. A regulatory question first gets the authority that decides, then
 * what the platform's tools will do. `earlier`: Max Load's earlier answers in this conversation: a
 * passage one of them already gave is left out unless nothing else matches, and the disclaimer is
 * said once per conversation.
 */
export function knowledgeBaseAnswer(
  question: string,
  matches: readonly KnowledgeMatch[],
  teamEmail: string,
  earlier: readonly string[] = [],
): KnowledgeBaseAnswer {
  const regulatory = isRegulatory(question);
  const closing = disclaimer(teamEmail);
  const given = (line: string) => earlier.some((answer) => answer.includes(line));
  const ending = given(closing) ? [] : ["", closing];
  const best = bestPassages(matches);
  if (best.length === 0) {
    if (!regulatory) return { text: referralMessage(teamEmail), sources: [] };
    return { text: [authorityMessage(jurisdictionIn(question)), "", referralMessage(teamEmail)].join("\n"), sources: [] };
  }
  const fresh = best.filter((match) => !given(passage(match)));
  const [first, next] = fresh.length > 0 ? fresh : best;
  const used = next && next.relevance >= SECOND_PASSAGE_SHARE * first!.relevance ? [first!, next] : [first!];
  const asked = listOf([...new Set(used.flatMap((match) => match.matchedWords))].slice(0, 4));
  const about = asked ? `You asked about ${asked}. ` : "";
  const lead = regulatory
    ? [`${about}${authorityMessage(jurisdictionIn(question))}`, "", `What ${PRODUCT_NAME} will do for you:`]
    : [`${about}Here is what I can tell you from ${PRODUCT_NAME}'s site:`];
  return {
    text: [...lead, "", ...used.map(passage), ...ending].join("\n"),
    sources: used.map(({ entry }) => sourceOf(entry)),
  };
}
