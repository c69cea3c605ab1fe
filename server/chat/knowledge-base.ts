/**
 * The chat's knowledge base (spec §3: overview, mission, features, advanced map software,
 * subscription plans, vision 2026), built from the same content modules the pages render, and
 * the retrieval rule of spec §7: an entry is included when its word-overlap score is above 0.3;
 * plan entries carry confidence 0.9, the others 1; results are sorted by confidence.
 */
import { PRODUCT_NAME } from "~/content/brand";
import {
  advancedMapSoftware,
  coreFeatures,
  type ContentCard,
  mission,
  overview,
  planGroups,
  vision2026,
} from "~/content/platform";

export type KnowledgeCategory = "overview" | "mission" | "feature" | "map" | "plan" | "vision";

export interface KnowledgeEntry {
  id: string;
  category: KnowledgeCategory;
  title: string;
  text: string;
  /** Extra words a visitor may use for this entry (e.g. "services" for the overview). */
  keywords?: readonly string[];
}

export interface KnowledgeMatch {
  entry: KnowledgeEntry;
  score: number;
  confidence: number;
}

export const SCORE_THRESHOLD = 0.3;
export const PLAN_CONFIDENCE = 0.9;
export const DEFAULT_CONFIDENCE = 1;

const STOP_WORDS = new Set(
  (
    "a an the and or but of to in on at by for with about from into over as is are was were be been being " +
    "will would can could shall should may might must do does did done have has had i me my we our us you your " +
    "it its this that these those what which who whom how when where why there here any some all also than then " +
    "so if not no yes please tell know want like just get hi hello hey thanks thank"
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
  const queryWords = new Set(tokenize(query));
  if (queryWords.size === 0) return 0;
  const entryWords = new Set(tokenize(entryText));
  let shared = 0;
  for (const word of queryWords) if (entryWords.has(word)) shared += 1;
  return shared / queryWords.size;
}

export const confidenceOf = (category: KnowledgeCategory): number =>
  category === "plan" ? PLAN_CONFIDENCE : DEFAULT_CONFIDENCE;

const searchableText = (entry: KnowledgeEntry): string => [entry.title, entry.text, ...(entry.keywords ?? [])].join(" ");

/**
 * Entries whose score is above 0.3, sorted by confidence (highest first), then by score, then in
 * knowledge-base order. `limit` keeps the prompt small.
 */
export function findRelevant(query: string, entries: readonly KnowledgeEntry[], limit = 6): KnowledgeMatch[] {
  const matches: (KnowledgeMatch & { order: number })[] = [];
  entries.forEach((entry, order) => {
    const score = overlapScore(query, searchableText(entry));
    if (score > SCORE_THRESHOLD) matches.push({ entry, score, confidence: confidenceOf(entry.category), order });
  });
  matches.sort((a, b) => b.confidence - a.confidence || b.score - a.score || a.order - b.order);
  return matches.slice(0, limit).map(({ entry, score, confidence }) => ({ entry, score, confidence }));
}

const cardText = (card: ContentCard): string =>
  [card.description, ...(card.items ?? [])].join(" ").replace(/\s+/g, " ").trim();

/** The knowledge base, read from app/content (the pages' own data). */
export function buildKnowledgeBase(): KnowledgeEntry[] {
  const entries: KnowledgeEntry[] = [
    {
      id: "overview",
      category: "overview",
      title: overview.title,
      text: overview.description,
      keywords: ["services", "service", "offer", "offers", "platform", "overview", "features", "product", PRODUCT_NAME],
    },
    { id: "mission", category: "mission", title: mission.title, text: mission.description, keywords: ["mission", "goal", "purpose", "why"] },
  ];
  for (const feature of coreFeatures) {
    entries.push({ id: `feature:${feature.title}`, category: "feature", title: feature.title, text: cardText(feature) });
  }
  entries.push({
    id: "map",
    category: "map",
    title: advancedMapSoftware.title,
    text: advancedMapSoftware.description,
    keywords: ["map", "mapping", "software"],
  });
  for (const feature of advancedMapSoftware.features) {
    entries.push({
      id: `map:${feature.title}`,
      category: "map",
      title: `${advancedMapSoftware.title}: ${feature.title}`,
      text: cardText(feature),
      keywords: ["map", "mapping"],
    });
  }
  for (const group of planGroups) {
    for (const plan of group.plans) {
      entries.push({
        id: `plan:${group.planType}:${plan.name}`,
        category: "plan",
        title: `${group.title}: ${plan.name} (${plan.price})`,
        text: `${plan.description} ${plan.items.join(". ")}.`.replace(/\.\./g, "."),
        keywords: [group.planType, group.title, "plan", "price", "pricing"],
      });
    }
    for (const note of group.notes ?? []) {
      entries.push({ id: `plan:${group.planType}:${note.title}`, category: "plan", title: note.title, text: cardText(note), keywords: [group.planType] });
    }
  }
  entries.push({
    id: "vision",
    category: "vision",
    title: vision2026.title,
    text: `${vision2026.description} ${vision2026.items.map((item) => `${item.title}: ${item.description}`).join(" ")}`,
    keywords: ["roadmap", "future", "2026", "vision", "next", "eld", "tms"],
  });
  return entries;
}
