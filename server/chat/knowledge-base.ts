/**
 * The chat's knowledge base: one passage per section and item of the site's own pages (Home,
 * /platform, the accessibility and AI/ML policies), built at start from the content modules the
 * pages render, each with the link to where it is shown. What a question draws on combines the
 * retrieval rule of spec §7 (an entry is included when its word-overlap score is above 0.3; plan
 * entries carry confidence 0.9, the others 1; results are sorted by confidence) with the ranking
 * of ranking.ts, which includes what else matches well and orders entries of equal confidence
 * (docs/decisions/0110-chat-retrieval-minisearch.md).
 */
import type { ChatSource } from "~/features/chat/chat-contract";
import { ITEM_PREFIXES, SECTION_IDS, anchorId, itemAnchor } from "~/content/anchors";
import { ASSISTANT_NAME, PRODUCT_NAME } from "~/content/brand";
import { home } from "~/content/home";
import { type LegalBlock, type LegalPage, legal } from "~/content/legal";
import { platform } from "~/content/platform";
import type { ContentCard } from "~/content/types";
import { formatPrice } from "~/content/price";
import { type Ranked, createIndex } from "./ranking";
import { isRegulatory, withoutParameters } from "./regulatory";

// English for now: the French knowledge base follows the French content.
const { chatSection, featuresSection, hero, intro, valueSection } = home.en;
const { accessibilityStatement, aiMlPolicy } = legal.en;
const { additionalServices, advancedMapSoftware, coreFeatures, mission, overview, planGroups, vision2026 } = platform.en;

export type KnowledgeCategory = "home" | "overview" | "mission" | "feature" | "map" | "service" | "plan" | "vision" | "policy";

export interface KnowledgeEntry {
  /** Where the passage is shown: a page path and an id on that page ("/platform#tokens"). */
  href: string;
  /** The link's text when the passage is an answer's source. */
  label: string;
  category: KnowledgeCategory;
  title: string;
  text: string;
  /** Extra words a visitor may use for this entry (e.g. "services" for the overview). */
  keywords?: readonly string[];
}

export interface KnowledgeMatch {
  entry: KnowledgeEntry;
  /** The spec's word-overlap score. */
  score: number;
  confidence: number;
  /** The ranking's BM25 score when the ranking included the entry; 0 when only the spec's rule did. */
  relevance: number;
  /** The question's words the ranking matched in this entry. */
  matchedWords: readonly string[];
}

export interface KnowledgeBase {
  entries: readonly KnowledgeEntry[];
  rank: (query: string) => Ranked[];
  /** Each entry's words for the overlap score, in entry order (read once). */
  words: readonly ReadonlySet<string>[];
  /** The href of the passage on the platform's permit tools, drawn on by every regulatory question. */
  permitTools: string;
}

const HOME = "/";
const PLATFORM = "/platform";
const at = (path: string, id: string) => `${path}#${id}`;

/** The core feature on permits: what a regulatory answer says the platform will do. */
const PERMIT_TOOLS = at(PLATFORM, itemAnchor(ITEM_PREFIXES.feature, coreFeatures.find((feature) => /permit/i.test(feature.title))?.title ?? "Permit Management"));

export const SCORE_THRESHOLD = 0.3;
export const PLAN_CONFIDENCE = 0.9;
export const DEFAULT_CONFIDENCE = 1;

/**
 * The ranking includes an entry when it matches at least half of the question's terms, or three
 * of them and more than the spec's share (0.3) in a long question, and scores at least
 * RELATIVE_FLOOR of the best such entry: below, the question is not about it.
 */
export const MIN_COVERAGE = 0.5;
export const ENOUGH_TERMS = 3;
export const RELATIVE_FLOOR = 0.35;

/** A regulatory question's permit-tools passage ranks at this share of the best passage, at least. */
const PERMIT_TOOLS_SHARE = 0.99;

const goodEnough = (rank: Ranked): boolean => rank.coverage >= MIN_COVERAGE || (rank.matchedTerms >= ENOUGH_TERMS && rank.coverage > SCORE_THRESHOLD);

const STOP_WORDS = new Set(
  (
    "a an the and or but of to in on at by for with about from into over as is are was were be been being " +
    "will would can could shall should may might must do does did done have has had i me my we our us you your " +
    "it its this that these those what which who whom how when where why there here any some all also than then " +
    "so if not no yes please tell know want like just get hi hello hey thanks thank " +
    // What is left of a contraction or a possessive ("what's", "don't", "Max Load's").
    "s t d ll re ve m"
  ).split(" "),
);

/** Lower-cased words without stop words, with a plural "s" removed ("plans" → "plan"). */
export function tokenize(text: string): string[] {
  const words = text.toLowerCase().normalize("NFKD").match(/[\p{L}\p{N}]+/gu) ?? [];
  const tokens: string[] = [];
  for (const word of words) {
    if (STOP_WORDS.has(word)) continue;
    const stem = word.length > 3 && word.endsWith("s") && !word.endsWith("ss") ? word.slice(0, -1) : word;
    tokens.push(stem);
  }
  return tokens;
}

/**
 * Word-overlap score: the share of the query's distinct words that occur in the entry.
 * 0 for a query without words.
 */
export function overlapScore(query: string, entryText: string): number {
  return overlapOf(new Set(tokenize(query)), new Set(tokenize(entryText)));
}

function overlapOf(queryWords: ReadonlySet<string>, entryWords: ReadonlySet<string>): number {
  if (queryWords.size === 0) return 0;
  let shared = 0;
  for (const word of queryWords) if (entryWords.has(word)) shared += 1;
  return shared / queryWords.size;
}

export const confidenceOf = (category: KnowledgeCategory): number =>
  category === "plan" ? PLAN_CONFIDENCE : DEFAULT_CONFIDENCE;

const searchableText = (entry: KnowledgeEntry): string => [entry.title, entry.text, ...(entry.keywords ?? [])].join(" ");

/** The knowledge base of these entries, with its ranking index. */
export function knowledgeBaseOf(entries: readonly KnowledgeEntry[], permitTools = PERMIT_TOOLS): KnowledgeBase {
  const rank = createIndex(entries.map((entry) => ({ id: entry.href, title: entry.title, text: entry.text, keywords: (entry.keywords ?? []).join(" ") })));
  return { entries, rank, words: entries.map((entry) => new Set(tokenize(searchableText(entry)))), permitTools };
}

/**
 * What a question draws on: the entries the spec's rule includes (overlap above 0.3) and those
 * the ranking finds good enough, sorted by confidence (highest first), then by the ranking, then
 * by overlap, then in knowledge-base order. `limit` keeps the prompt small: beyond it, the entries
 * the ranking did not include go first, the lowest overlap first. A regulatory question also draws
 * on the platform's permit tools, what the answer says the platform will do.
 */
export function findRelevant(query: string, kb: KnowledgeBase, limit = 6): KnowledgeMatch[] {
  const ranked = new Map(kb.rank(withoutParameters(query)).map((r) => [r.id, r]));
  const best = Math.max(0, ...[...ranked.values()].filter(goodEnough).map((r) => r.relevance));
  if (isRegulatory(query)) {
    const permit = ranked.get(kb.permitTools);
    // First, or right after the best passage: an answer uses the two best.
    const relevance = Math.max(best * PERMIT_TOOLS_SHARE, permit?.relevance ?? 0, Number.MIN_VALUE);
    ranked.set(kb.permitTools, { id: kb.permitTools, relevance, coverage: 1, matchedTerms: ENOUGH_TERMS, matchedWords: permit?.matchedWords ?? [] });
  }
  const queryWords = new Set(tokenize(query));
  const matches: (KnowledgeMatch & { order: number })[] = [];
  kb.entries.forEach((entry, order) => {
    const score = overlapOf(queryWords, kb.words[order]!);
    const rank = ranked.get(entry.href);
    const wellRanked = rank !== undefined && goodEnough(rank) && rank.relevance >= RELATIVE_FLOOR * best;
    if (score > SCORE_THRESHOLD || wellRanked) {
      matches.push({ entry, score, confidence: confidenceOf(entry.category), relevance: wellRanked ? rank.relevance : 0, matchedWords: rank?.matchedWords ?? [], order });
    }
  });
  const kept = [...matches].sort((a, b) => b.relevance - a.relevance || b.score - a.score || a.order - b.order).slice(0, limit);
  kept.sort((a, b) => b.confidence - a.confidence || b.relevance - a.relevance || b.score - a.score || a.order - b.order);
  return kept.map(({ order: _order, ...match }) => match);
}

/**
 * The passages an answer rests on, best first: those of `matches` the ranking included, by its
 * score. None when the ranking found nothing good enough, even if the spec's overlap rule included
 * an entry (one shared word of a short question is enough for it: "help" in "help me with my tax
 * return?").
 */
export function bestPassages(matches: readonly KnowledgeMatch[]): KnowledgeMatch[] {
  return matches.filter((match) => match.relevance > 0).sort((a, b) => b.relevance - a.relevance);
}

/** The link to a passage, as an answer's source. */
export const sourceOf = ({ href, label }: KnowledgeEntry): ChatSource => ({ href, label });

const cardText = (card: ContentCard): string =>
  [card.description, ...(card.items ?? [])].join(" ").replace(/\s+/g, " ").trim();

const blockText = (block: LegalBlock): string => (typeof block === "string" ? block : block.list.join(" "));

function policyEntries(page: LegalPage): KnowledgeEntry[] {
  return page.sections.map((section) => ({
    href: `${page.path}#${anchorId(section.heading)}`,
    label: `${page.title}: ${section.heading}`,
    category: "policy",
    title: `${page.title}: ${section.heading}`,
    text: section.body.map(blockText).join(" "),
  }));
}


/** The knowledge base, read from app/content (the pages' own data), in page order. */
export function buildKnowledgeBase(): KnowledgeBase {
  const entries: KnowledgeEntry[] = [
    { href: at(HOME, SECTION_IDS.homeHero), label: "Home", category: "home", title: hero.headline, text: hero.lead },
    { href: at(HOME, SECTION_IDS.homeIntro), label: `Home: ${intro.title}`, category: "home", title: intro.title, text: intro.description, keywords: ["who", "audience", "customers"] },
    {
      href: at(HOME, SECTION_IDS.homeFeatures),
      label: `Home: ${featuresSection.title}`,
      category: "home",
      title: featuresSection.title,
      text: `${featuresSection.description} ${featuresSection.cards.map((card) => card.title).join(", ")}. ${featuresSection.launchNote}`,
    },
    ...featuresSection.cards.map((card): KnowledgeEntry => ({
      href: at(HOME, itemAnchor(SECTION_IDS.homeFeatures, card.title)),
      label: `Home: ${card.title}`,
      category: "home",
      title: card.title,
      text: cardText(card),
    })),
    {
      href: at(HOME, SECTION_IDS.homeValue),
      label: `Home: ${valueSection.title}`,
      category: "home",
      title: valueSection.title,
      text: `${valueSection.description} ${valueSection.cards.map((card) => `${card.title}: ${card.description}`).join(" ")} ${valueSection.tags.join(". ")}.`,
      keywords: ["why", "choose", "advertising", "privacy"],
    },
    { href: at(HOME, SECTION_IDS.homeChat), label: `Home: ${ASSISTANT_NAME}`, category: "home", title: chatSection.title, text: chatSection.description },
    {
      href: at(PLATFORM, SECTION_IDS.overview),
      label: overview.title,
      category: "overview",
      title: overview.title,
      text: overview.description,
      keywords: ["services", "service", "offer", "offers", "platform", "overview", "features", "product", PRODUCT_NAME],
    },
    { href: at(PLATFORM, SECTION_IDS.mission), label: mission.title, category: "mission", title: mission.title, text: mission.description, keywords: ["mission", "goal", "purpose", "why"] },
    {
      href: at(PLATFORM, SECTION_IDS.coreFeatures),
      label: `${coreFeatures.length} core features`,
      category: "feature",
      title: `${coreFeatures.length} core features`,
      text: `${coreFeatures.map((feature) => feature.title).join(", ")}.`,
      keywords: ["features", "list", "tools"],
    },
    ...coreFeatures.map((feature): KnowledgeEntry => ({
      href: at(PLATFORM, itemAnchor(ITEM_PREFIXES.feature, feature.title)),
      label: feature.title,
      category: "feature",
      title: feature.title,
      text: cardText(feature),
    })),
    { href: at(PLATFORM, SECTION_IDS.mapSoftware), label: advancedMapSoftware.title, category: "map", title: advancedMapSoftware.title, text: advancedMapSoftware.description, keywords: ["map", "mapping", "software"] },
    ...advancedMapSoftware.features.map((feature): KnowledgeEntry => ({
      href: at(PLATFORM, itemAnchor(ITEM_PREFIXES.map, feature.title)),
      label: `${advancedMapSoftware.title}: ${feature.title}`,
      category: "map",
      title: `${advancedMapSoftware.title}: ${feature.title}`,
      text: cardText(feature),
      keywords: ["map", "mapping"],
    })),
    {
      href: at(PLATFORM, SECTION_IDS.additionalServices),
      label: "Additional services",
      category: "service",
      title: "Additional services",
      text: `${additionalServices.map((service) => service.title).join(", ")}.`,
    },
    ...additionalServices.map((service): KnowledgeEntry => ({
      href: at(PLATFORM, itemAnchor(ITEM_PREFIXES.service, service.title)),
      label: `Additional services: ${service.title}`,
      category: "service",
      title: service.title,
      text: cardText(service),
    })),
  ];
  for (const group of planGroups) {
    entries.push({
      href: at(PLATFORM, group.id),
      label: group.title,
      category: "plan",
      title: group.title,
      text: `${group.description} ${group.plans.map((plan) => `${plan.name}: ${formatPrice(plan.price, "en")}.`).join(" ")}`,
      keywords: [group.planType, "plan", "plans", "price"],
    });
    for (const plan of group.plans) {
      entries.push({
        href: at(PLATFORM, itemAnchor(group.id, plan.name)),
        label: `${group.title}: ${plan.name}`,
        category: "plan",
        title: `${group.title}: ${plan.name} (${formatPrice(plan.price, "en")})`,
        text: `${plan.description} ${plan.items.join(". ")}.`.replace(/\.\./g, "."),
        keywords: [group.planType, group.title, "plan", "price"],
      });
    }
    for (const note of group.notes ?? []) {
      entries.push({ href: at(PLATFORM, itemAnchor(group.id, note.title)), label: `${group.title}: ${note.title}`, category: "plan", title: note.title, text: cardText(note), keywords: [group.planType] });
    }
  }
  entries.push({
    href: at(PLATFORM, SECTION_IDS.vision),
    label: vision2026.title,
    category: "vision",
    title: vision2026.title,
    text: `${vision2026.description} ${vision2026.items.map((item) => `${item.title}: ${item.description}`).join(" ")}`,
    keywords: ["roadmap", "future", "2026", "vision", "next"],
  });
  for (const item of vision2026.items) {
    entries.push({
      href: at(PLATFORM, itemAnchor(ITEM_PREFIXES.vision, item.title)),
      label: `${vision2026.title}: ${item.title}`,
      category: "vision",
      title: `${vision2026.title}: ${item.title}`,
      text: item.description,
    });
  }
  entries.push(...policyEntries(accessibilityStatement), ...policyEntries(aiMlPolicy));
  return knowledgeBaseOf(entries);
}
