/**
 * The knowledge base's ranking: a MiniSearch index (BM25) over the passages, on English stems
 * (the `stemmer` package's Porter stemmer), with prefix and fuzzy matching, titles boosted, and a
 * small table of the words heavy-transport people use for the same thing. Measured against the
 * question set in bench/chat-questions.ts (docs/decisions/0110-chat-retrieval-minisearch.md).
 */
import MiniSearch, { type SearchResult } from "minisearch";
import { stemmer } from "stemmer";

/** Words and phrases read as the group's first word, in passages and in questions alike. */
const SYNONYMS: readonly (readonly string[])[] = [
  ["oversize", "oversized", "over-size", "wide load", "osow", "overdimensional", "over-dimensional", "over dimensional", "overweight", "superload", "heavy haul", "heavy-haul"],
  ["permit", "permitting", "authorization", "authorisation"],
  ["escort", "pilot car", "pilot-car", "pilot vehicle"],
  ["eld", "logbook", "log book", "hours of service", "electronic logging device"],
  ["cost", "price", "pricing", "quote", "fee", "how much"],
  ["route", "routing", "itinerary"],
  ["dot", "department of transportation", "transport department", "transportation department", "transport ministry"],
  ["clearance", "height", "tall", "low bridge", "overhead"],
  // The assistant's name, so its "load" is not read as a load.
  ["maxload", "max load"],
  ["training", "course", "certification"],
];

/** Words that say nothing about what is asked (the spec's overlap score has its own list). */
const STOP_WORDS = new Set(
  (
    "a an the and or but of to in on at by for with about from into over as is are was were be been being will would can could shall should " +
    "may might must do does did done have has had i me my we our us you your it its this that these those what which who whom how when where why " +
    "there here any some all also than then so if not no yes please tell know want like just get hi hello hey thanks thank s t d ll re ve m " +
    "need use using give show let make work works help"
  ).split(" "),
);

/** Terms that fit any passage of a platform of tools: counted only when the question has no other. */
const GENERIC = new Set(["tool", "avail", "featur"]);

const wordsOf = (text: string): string[] => text.toLowerCase().normalize("NFKD").match(/[\p{L}\p{N}]+/gu) ?? [];

/** The stems of a synonym variant, e.g. "pilot car" → ["pilot", "car"]. */
const stemsOf = (phrase: string): string[] => wordsOf(phrase).map((word) => stemmer(word));

/** Each variant's stems → its group's term; longest variants first so "pilot car" wins over "pilot". */
const VARIANTS: readonly { stems: readonly string[]; term: string }[] = SYNONYMS.flatMap((group) =>
  group.map((variant) => ({ stems: stemsOf(variant), term: stemmer(group[0]!) })),
).sort((a, b) => b.stems.length - a.stems.length);

/** One term of a text, with the words it was read from ("wide load" → oversize). */
export interface Term {
  term: string;
  words: string;
}

/** The terms of a text: stems, synonyms read as their group's term, stop words left out. */
export function termsOf(text: string): Term[] {
  const words = wordsOf(text);
  const stems = words.map((word) => stemmer(word));
  const terms: Term[] = [];
  for (let i = 0; i < words.length; ) {
    const variant = VARIANTS.find(({ stems: v }) => v.every((stem, k) => stems[i + k] === stem));
    if (variant && (variant.stems.length > 1 || !STOP_WORDS.has(words[i]!))) {
      terms.push({ term: variant.term, words: words.slice(i, i + variant.stems.length).join(" ") });
      i += variant.stems.length;
      continue;
    }
    if (!STOP_WORDS.has(words[i]!)) terms.push({ term: stems[i]!, words: words[i]! });
    i += 1;
  }
  return terms;
}

export interface Searchable {
  id: string;
  title: string;
  text: string;
  keywords: string;
}

export interface Ranked {
  id: string;
  /** BM25 score, with the boosts. */
  relevance: number;
  /** Share of the question's distinct terms this passage matched (prefix and fuzzy included). */
  coverage: number;
  /** How many of them. */
  matchedTerms: number;
  /** The question's own words behind the matched terms, in the question's order. */
  matchedWords: string[];
}

/** Field boosts: a passage's title says what it is about, its keywords what people call it. */
const BOOST = { title: 3, keywords: 2, text: 1 } as const;

/** A passage index, built once when the server starts (a few milliseconds). */
export function createIndex(passages: readonly Searchable[]): (query: string) => Ranked[] {
  const search = new MiniSearch<Searchable>({
    fields: ["title", "text", "keywords"],
    tokenize: (text) => termsOf(text).map(({ term }) => term),
    processTerm: (term) => term,
    searchOptions: {
      // The query handed to MiniSearch is already its terms (below).
      tokenize: (terms) => terms.split(" "),
      boost: BOOST,
      // A stem of 4+ letters also finds longer stems ("rout" → "routing"); 5+ letters forgive a typo.
      prefix: (term) => term.length >= 4,
      fuzzy: (term) => (term.length >= 5 ? 0.2 : false),
      weights: { prefix: 0.5, fuzzy: 0.4 },
    },
  });
  search.addAll(passages);
  return (query) => {
    const all = termsOf(query);
    const focused = all.filter(({ term }) => !GENERIC.has(term));
    const terms = focused.length > 0 ? focused : all;
    const distinct = new Set(terms.map(({ term }) => term));
    if (distinct.size === 0) return [];
    return search.search([...distinct].join(" ")).map((result: SearchResult) => {
      const matched = new Set(result.queryTerms);
      const matchedWords = [...new Set(terms.filter(({ term }) => matched.has(term)).map(({ words }) => words))];
      return { id: String(result.id), relevance: result.score, coverage: matched.size / distinct.size, matchedTerms: matched.size, matchedWords };
    });
  };
}
