/**
 * The server's own chat texts (spec §8) and the answers composed from the knowledge base when
 * there is no AI key or the site-wide daily cap is reached, in the page's language (`locale`).
 */
import { ASSISTANT_NAME, PRODUCT_NAME } from "~/content/brand";
import type { ChatSource } from "~/features/chat/chat-contract";
import * as m from "~/paraglide/messages.js";
import type { Locale } from "~/shared/i18n/locale";
import { type KnowledgeMatch, bestPassages, sourceOf } from "./knowledge-base";
import { type Jurisdiction, isRegulatory, jurisdictionIn } from "./regulatory";

/** Spec §8: technical difficulties, temporarily unavailable, high demand. */
export const apologies = (locale: Locale = "en"): readonly string[] => [
  m.chat_apology_difficulties({}, { locale }),
  m.chat_apology_unavailable({}, { locale }),
  m.chat_apology_demand({}, { locale }),
];

/** The apology shown before "Failed to get a response…" for provider errors other than 429. */
export const errorApology = (locale: Locale = "en"): string => m.chat_apology_difficulties({}, { locale });

/** "API quota exceeded". */
export const quotaExceededError = (locale: Locale = "en"): string => m.chat_quota_exceeded({}, { locale });

export const capacityMessage = (teamEmail: string, locale: Locale = "en"): string => m.chat_capacity({ email: teamEmail }, { locale });

/** When no passage matches well enough: said plainly, with where to ask instead. */
export const referralMessage = (teamEmail: string, locale: Locale = "en"): string => m.chat_referral({ product: PRODUCT_NAME, email: teamEmail }, { locale });

export const disclaimer = (teamEmail: string, locale: Locale = "en"): string => m.chat_disclaimer({ assistant: ASSISTANT_NAME, email: teamEmail }, { locale });

/** The answer to a question asking for a jurisdiction's rule: the authority that issues the permit decides. */
export const authorityMessage = (jurisdiction: Jurisdiction | undefined, locale: Locale = "en"): string => {
  const authority =
    jurisdiction?.kind === "state"
      ? m.chat_authority_state({ name: jurisdiction.name }, { locale })
      : jurisdiction?.kind === "province"
        ? m.chat_authority_province({ name: jurisdiction.name }, { locale })
        : m.chat_authority_any({}, { locale });
  return m.chat_authority({ authority }, { locale });
};

const passageIn =
  (locale: Locale) =>
  ({ entry }: KnowledgeMatch): string =>
    `- ${m.chat_kb_label({ page: `**${entry.title}**`, section: entry.text }, { locale })}`;

/** A second passage joins the best one when the ranking scores it at least this share of the best. */
const SECOND_PASSAGE_SHARE = 0.5;

/** "permits", "permits and wide load", "routes, permits and escorts" ("permis et itinéraire"). */
function listOf(words: readonly string[], locale: Locale): string {
  if (words.length <= 1) return words[0] ?? "";
  return `${words.slice(0, -1).join(", ")} ${m.chat_kb_and({}, { locale })} ${words.at(-1)}`;
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
  locale: Locale = "en",
): KnowledgeBaseAnswer {
  const regulatory = isRegulatory(question);
  const closing = disclaimer(teamEmail, locale);
  const passage = passageIn(locale);
  const given = (line: string) => earlier.some((answer) => answer.includes(line));
  const ending = given(closing) ? [] : ["", closing];
  const best = bestPassages(matches);
  if (best.length === 0) {
    if (!regulatory) return { text: referralMessage(teamEmail, locale), sources: [] };
    return { text: [authorityMessage(jurisdictionIn(question), locale), "", referralMessage(teamEmail, locale)].join("\n"), sources: [] };
  }
  const fresh = best.filter((match) => !given(passage(match)));
  const [first, next] = fresh.length > 0 ? fresh : best;
  const used = next && next.relevance >= SECOND_PASSAGE_SHARE * first!.relevance ? [first!, next] : [first!];
  const asked = listOf([...new Set(used.flatMap((match) => match.matchedWords))].slice(0, 4), locale);
  const about = asked ? `${m.chat_kb_you_asked({ topics: asked }, { locale })} ` : "";
  const product = { product: PRODUCT_NAME };
  const lead = regulatory
    ? [`${about}${authorityMessage(jurisdictionIn(question), locale)}`, "", m.chat_kb_platform_will(product, { locale })]
    : [`${about}${m.chat_kb_from_site(product, { locale })}`];
  return {
    text: [...lead, "", ...used.map(passage), ...ending].join("\n"),
    sources: used.map(({ entry }) => sourceOf(entry)),
  };
}
