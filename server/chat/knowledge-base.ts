/**
 * The chat's knowledge base: one passage per section and item of the site's own pages (Home,
 * /platform, the accessibility and AI/ML policies), built at start from the content modules the
 * pages render, each with the link to where it is shown. What a question draws on combines the
 * retrieval rule of spec §7 (an entry is included when its word-overlap score is above 0.3; plan
 * entries carry confidence 0.9, the others 1; results are sorted by confidence) with the ranking
 * of ranking.ts, which includes what else matches well and orders entries of equal confidence
 * (docs/decisions/0110-chat-retrieval-minisearch.md).
 *
 * One knowledge base per language, each from the content in that language (the French pages'
 * `home.fr`, `platform.fr`, `legal.fr`), its links to the pages in that language, and its own
 * words (stop words, stems: ranking.ts): a French page's questions are answered from French text.
 */
import type { ChatSource } from "~/features/chat/chat-contract";
import { ITEM_PREFIXES, SECTION_IDS, itemAnchor } from "~/content/anchors";
import { ASSISTANT_NAME, PRODUCT_NAME } from "~/content/brand";
import { home } from "~/content/home";
import { type LegalBlock, type LegalPage, type LegalPageName, legal, legalSectionIds } from "~/content/legal";
import { platform } from "~/content/platform";
import { formatPrice } from "~/content/price";
import type { ContentCard, Translation } from "~/content/types";
import * as m from "~/paraglide/messages.js";
import { LOCALES, type Locale, pathIn } from "~/shared/i18n/locale";
import { FRENCH_FUNCTION_WORDS, type Ranked, createIndex } from "./ranking";
import { isRegulatory, withoutParameters } from "./regulatory";

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
  /** The language of its passages and of the questions it ranks. */
  locale: Locale;
}

/** The knowledge base of each language. */
export type KnowledgeBases = Readonly<Record<Locale, KnowledgeBase>>;

const HOME = "/";
const PLATFORM = "/platform";
const at = (path: string, id: string) => `${path}#${id}`;

/**
 * The core feature on permits, what a regulatory answer says the platform will do: found by its
 * English title, the same item in every language (a translation keeps the list's order).
 */
const PERMIT_FEATURE = Math.max(0, platform.en.coreFeatures.findIndex((feature) => /permit/i.test(feature.title)));
const permitToolsIn = (locale: Locale): string =>
  pathIn(at(PLATFORM, itemAnchor(ITEM_PREFIXES.feature, platform.en.coreFeatures[PERMIT_FEATURE]?.title ?? "Permit Management")), locale);

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

const STOP_WORDS: Readonly<Record<Locale, ReadonlySet<string>>> = {
  en: new Set(
    (
      "a an the and or but of to in on at by for with about from into over as is are was were be been being " +
      "will would can could shall should may might must do does did done have has had i me my we our us you your " +
      "it its this that these those what which who whom how when where why there here any some all also than then " +
      "so if not no yes please tell know want like just get hi hello hey thanks thank " +
      // What is left of a contraction or a possessive ("what's", "don't", "Max Load's").
      "s t d ll re ve m"
    ).split(" "),
  ),
  // Without accents (words are compared without them): Snowball's French function words (elided
  // articles and pronouns included: "l'", "qu'"), then the chat's own words of asking.
  fr: new Set([
    ...FRENCH_FUNCTION_WORDS,
    ...(
      "sous vers chez entre ca etre elles quoi comment quand pourquoi plus tres trop aussi donc si jusqu lorsqu puisqu oui non merci bonjour salut svp stp " +
      "puis peux peut pouvez pourrais pourriez pourra voudrais veux voulez dire dites savoir parlez parle faire fait fais"
    ).split(" "),
  ]),
};

/** Lower-cased words without accents (NFKD, marks dropped: "é" is "e", never a word break). */
export const plainWords = (text: string): string[] =>
  text.toLowerCase().normalize("NFKD").replace(/\p{M}/gu, "").match(/[\p{L}\p{N}]+/gu) ?? [];

/** Lower-cased words without stop words, with a plural "s" (French: also "x") removed ("plans" → "plan"). */
export function tokenize(text: string, locale: Locale = "en"): string[] {
  const stopWords = STOP_WORDS[locale];
  const plural = locale === "fr" ? /[sx]$/ : /s$/;
  const tokens: string[] = [];
  for (const word of plainWords(text)) {
    if (stopWords.has(word)) continue;
    const stem = word.length > 3 && plural.test(word) && !word.endsWith("ss") ? word.slice(0, -1) : word;
    tokens.push(stem);
  }
  return tokens;
}

/**
 * Word-overlap score: the share of the query's distinct words that occur in the entry.
 * 0 for a query without words.
 */
export function overlapScore(query: string, entryText: string, locale: Locale = "en"): number {
  return overlapOf(new Set(tokenize(query, locale)), new Set(tokenize(entryText, locale)));
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

/** The knowledge base of these entries (in `locale`), with its ranking index. */
export function knowledgeBaseOf(entries: readonly KnowledgeEntry[], permitTools = permitToolsIn("en"), locale: Locale = "en"): KnowledgeBase {
  const rank = createIndex(
    entries.map((entry) => ({ id: entry.href, title: entry.title, text: entry.text, keywords: (entry.keywords ?? []).join(" ") })),
    locale,
  );
  return { entries, rank, words: entries.map((entry) => new Set(tokenize(searchableText(entry), locale))), permitTools, locale };
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
  const queryWords = new Set(tokenize(query, kb.locale));
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

/** "Home: Features" ("Accueil : Fonctionnalités"). */
const labelIn = (locale: Locale) => (page: string, section: string) => m.chat_kb_label({ page, section }, { locale });

function policyEntries(name: LegalPageName, locale: Locale): KnowledgeEntry[] {
  const label = labelIn(locale);
  const page: Translation<LegalPage> = legal[locale][name];
  const ids = legalSectionIds(name);
  return page.sections.map((section, index) => ({
    href: pathIn(`${page.path}#${ids[index]}`, locale),
    label: label(page.title, section.heading),
    category: "policy",
    title: label(page.title, section.heading),
    text: section.body.map(blockText).join(" "),
  }));
}

/**
 * The words a visitor may use for an entry beyond its own text, in each language (the French
 * ones without accents, as words are compared).
 */
const KEYWORDS: Readonly<Record<Locale, Readonly<Record<"intro" | "value" | "overview" | "mission" | "features" | "map" | "plan" | "vision", readonly string[]>>>> = {
  en: {
    intro: ["who", "audience", "customers"],
    value: ["why", "choose", "advertising", "privacy"],
    overview: ["services", "service", "offer", "offers", "platform", "overview", "features", "product", PRODUCT_NAME],
    mission: ["mission", "goal", "purpose", "why"],
    features: ["features", "list", "tools"],
    map: ["map", "mapping", "software"],
    plan: ["plan", "plans", "price"],
    vision: ["roadmap", "future", "2026", "vision", "next"],
  },
  fr: {
    intro: ["qui", "public", "clients", "clientele"],
    value: ["pourquoi", "choisir", "publicite", "confidentialite"],
    overview: ["services", "service", "offrez", "offre", "offres", "plateforme", "apercu", "fonctionnalites", "produit", PRODUCT_NAME],
    mission: ["mission", "objectif", "but", "pourquoi"],
    features: ["fonctionnalites", "liste", "outils"],
    map: ["carte", "cartographie", "logiciel"],
    plan: ["forfait", "forfaits", "abonnement", "prix", "tarif"],
    vision: ["feuille de route", "avenir", "2026", "vision", "prochaines etapes"],
  },
};


/** Every language's knowledge base. */
export const buildKnowledgeBases = (): KnowledgeBases =>
  Object.fromEntries(LOCALES.map((locale) => [locale, buildKnowledgeBase(locale)])) as Record<Locale, KnowledgeBase>;

/** The knowledge base of a language, read from app/content (the pages' own data), in page order. */
export function buildKnowledgeBase(locale: Locale = "en"): KnowledgeBase {
  const { chatSection, featuresSection, hero, intro, valueSection } = home[locale];
  // Items are linked by their English titles' ids, the same on both languages' pages.
  const english = { home: home.en, platform: platform.en };
  const { additionalServices, advancedMapSoftware, coreFeatures, mission, overview, planGroups, vision2026 } = platform[locale];
  const keywords = KEYWORDS[locale];
  const label = labelIn(locale);
  const homeLabel = m.chat_kb_home({}, { locale });
  const servicesLabel = m.chat_kb_additional_services({}, { locale });
  const coreLabel = m.chat_kb_core_features({ count: coreFeatures.length }, { locale });
  // Each entry's link goes to the page in this language.
  const link = (path: string, id: string) => pathIn(`${path}#${id}`, locale);
  const entries: KnowledgeEntry[] = [
    { href: link(HOME, SECTION_IDS.homeHero), label: homeLabel, category: "home", title: hero.headline, text: hero.lead },
    { href: link(HOME, SECTION_IDS.homeIntro), label: label(homeLabel, intro.title), category: "home", title: intro.title, text: intro.description, keywords: keywords.intro },
    {
      href: link(HOME, SECTION_IDS.homeFeatures),
      label: label(homeLabel, featuresSection.title),
      category: "home",
      title: featuresSection.title,
      text: `${featuresSection.description} ${featuresSection.cards.map((card) => card.title).join(", ")}. ${featuresSection.launchNote}`,
    },
    ...featuresSection.cards.map((card, index): KnowledgeEntry => ({
      href: link(HOME, itemAnchor(SECTION_IDS.homeFeatures, english.home.featuresSection.cards[index]?.title ?? card.title)),
      label: label(homeLabel, card.title),
      category: "home",
      title: card.title,
      text: cardText(card),
    })),
    {
      href: link(HOME, SECTION_IDS.homeValue),
      label: label(homeLabel, valueSection.title),
      category: "home",
      title: valueSection.title,
      text: `${valueSection.description} ${valueSection.cards.map((card) => `${card.title}: ${card.description}`).join(" ")} ${valueSection.tags.join(". ")}.`,
      keywords: keywords.value,
    },
    { href: link(HOME, SECTION_IDS.homeChat), label: label(homeLabel, ASSISTANT_NAME), category: "home", title: chatSection.title, text: chatSection.description },
    {
      href: link(PLATFORM, SECTION_IDS.overview),
      label: overview.title,
      category: "overview",
      title: overview.title,
      text: overview.description,
      keywords: keywords.overview,
    },
    { href: link(PLATFORM, SECTION_IDS.mission), label: mission.title, category: "mission", title: mission.title, text: mission.description, keywords: keywords.mission },
    {
      href: link(PLATFORM, SECTION_IDS.coreFeatures),
      label: coreLabel,
      category: "feature",
      title: coreLabel,
      text: `${coreFeatures.map((feature) => feature.title).join(", ")}.`,
      keywords: keywords.features,
    },
    ...coreFeatures.map((feature, index): KnowledgeEntry => ({
      href: link(PLATFORM, itemAnchor(ITEM_PREFIXES.feature, english.platform.coreFeatures[index]?.title ?? feature.title)),
      label: feature.title,
      category: "feature",
      title: feature.title,
      text: cardText(feature),
    })),
    { href: link(PLATFORM, SECTION_IDS.mapSoftware), label: advancedMapSoftware.title, category: "map", title: advancedMapSoftware.title, text: advancedMapSoftware.description, keywords: keywords.map },
    ...advancedMapSoftware.features.map((feature, index): KnowledgeEntry => ({
      href: link(PLATFORM, itemAnchor(ITEM_PREFIXES.map, english.platform.advancedMapSoftware.features[index]?.title ?? feature.title)),
      label: label(advancedMapSoftware.title, feature.title),
      category: "map",
      title: label(advancedMapSoftware.title, feature.title),
      text: cardText(feature),
      keywords: keywords.map.slice(0, 2),
    })),
    {
      href: link(PLATFORM, SECTION_IDS.additionalServices),
      label: servicesLabel,
      category: "service",
      title: servicesLabel,
      text: `${additionalServices.map((service) => service.title).join(", ")}.`,
    },
    ...additionalServices.map((service, index): KnowledgeEntry => ({
      href: link(PLATFORM, itemAnchor(ITEM_PREFIXES.service, english.platform.additionalServices[index]?.title ?? service.title)),
      label: label(servicesLabel, service.title),
      category: "service",
      title: service.title,
      text: cardText(service),
    })),
  ];
  for (const group of planGroups) {
    const englishGroup = english.platform.planGroups.find((other) => other.id === group.id);
    entries.push({
      href: link(PLATFORM, group.id),
      label: group.title,
      category: "plan",
      title: group.title,
      text: `${group.description} ${group.plans.map((plan) => `${plan.name}: ${formatPrice(plan.price, locale)}.`).join(" ")}`,
      keywords: [group.planType, ...keywords.plan],
    });
    for (const [index, plan] of group.plans.entries()) {
      entries.push({
        href: link(PLATFORM, itemAnchor(group.id, englishGroup?.plans[index]?.name ?? plan.name)),
        label: label(group.title, plan.name),
        category: "plan",
        title: `${label(group.title, plan.name)} (${formatPrice(plan.price, locale)})`,
        text: `${plan.description} ${plan.items.join(". ")}.`.replace(/\.\./g, "."),
        keywords: [group.planType, group.title, keywords.plan[0]!, keywords.plan.at(-1)!],
      });
    }
    for (const [index, note] of (group.notes ?? []).entries()) {
      entries.push({ href: link(PLATFORM, itemAnchor(group.id, englishGroup?.notes?.[index]?.title ?? note.title)), label: label(group.title, note.title), category: "plan", title: note.title, text: cardText(note), keywords: [group.planType] });
    }
  }
  entries.push({
    href: link(PLATFORM, SECTION_IDS.vision),
    label: vision2026.title,
    category: "vision",
    title: vision2026.title,
    text: `${vision2026.description} ${vision2026.items.map((item) => `${item.title}: ${item.description}`).join(" ")}`,
    keywords: keywords.vision,
  });
  for (const [index, item] of vision2026.items.entries()) {
    entries.push({
      href: link(PLATFORM, itemAnchor(ITEM_PREFIXES.vision, english.platform.vision2026.items[index]?.title ?? item.title)),
      label: label(vision2026.title, item.title),
      category: "vision",
      title: label(vision2026.title, item.title),
      text: item.description,
    });
  }
  entries.push(...policyEntries("accessibilityStatement", locale), ...policyEntries("aiMlPolicy", locale));
  return knowledgeBaseOf(entries, permitToolsIn(locale), locale);
}
