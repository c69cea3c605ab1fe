/**
 * The knowledge base's ranking: a MiniSearch index (BM25) over the passages, on stems, with prefix
 * and fuzzy matching, titles boosted, and a small table of the words heavy-transport people use
 * for the same thing. Measured against the question set in bench/chat-questions.ts
 * (docs/decisions/0110-chat-retrieval-minisearch.md). Each language has its own words: English
 * stems (the `stemmer` package's Porter stemmer) and stop words; French ones (Snowball's French
 * stemmer from `@orama/stemmers`: docs/decisions/0132-french-stemmer-library.md) with Snowball's
 * French stop list (`@orama/stopwords`) and French synonyms, Canadian ones included
 * (docs/decisions/0135-french-stop-words-and-synonyms.md). Stems are compared without accents.
 */
import { stemmer as frenchStemmer } from "@orama/stemmers/french";
import { stopwords as snowballFrenchStopWords } from "@orama/stopwords/french";
import MiniSearch, { type SearchResult } from "minisearch";
import { stemmer } from "stemmer";
import type { Locale } from "~/shared/i18n/locale";

/** Words and phrases read as the group's first word, in passages and in questions alike. */
const SYNONYMS_EN: readonly (readonly string[])[] = [
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

/** The same for French questions and passages (with their accents: the French stemmer reads them). */
const SYNONYMS_FR: readonly (readonly string[])[] = [
  ["hors normes", "hors norme", "surdimensionné", "surdimensionnée", "convoi exceptionnel", "convois exceptionnels", "transport exceptionnel", "charge exceptionnelle", "surpoids", "hors gabarit", "oversize"],
  ["permis", "autorisation", "autorisations"],
  ["escorte", "voiture pilote", "véhicule pilote", "véhicule d'escorte", "accompagnement"],
  ["coût", "prix", "tarif", "tarifs", "tarification", "soumission", "soumissions", "combien"],
  ["itinéraire", "trajet", "parcours", "acheminement"],
  ["ministère des transports", "mtq", "dot", "département des transports"],
  ["dégagement", "hauteur libre", "hauteur", "haut", "gabarit", "pont bas", "viaduc"],
  ["maxload", "max load"],
  ["formation", "cours", "certification"],
  // Canada's term and its abbreviation, the ones the content uses, beside the trade's older words.
  ["consignateur électronique", "dispositif de consignation électronique", "dce", "journal de bord", "carnet de route", "heures de service", "eld"],
  // What a Quebec visitor calls a trailer for heavy loads ("fardier"), and the verb of the noun "location".
  ["remorque", "semi-remorque", "remorque surbaissée", "fardier"],
  ["location", "louer"],
  // The chat, as the content names it ("assistant IA") and as Quebec and visitors call it.
  ["assistant ia", "clavardage", "clavarder", "chatbot", "robot conversationnel", "agent conversationnel"],
];

/** Words that say nothing about what is asked, without accents (the spec's overlap score has its own list). */
const STOP_WORDS_EN = new Set(
  (
    "a an the and or but of to in on at by for with about from into over as is are was were be been being will would can could shall should " +
    "may might must do does did done have has had i me my we our us you your it its this that these those what which who whom how when where why " +
    "there here any some all also than then so if not no yes please tell know want like just get hi hello hey thanks thank s t d ll re ve m " +
    "need use using give show let make work works help"
  ).split(" "),
);

/** Without accents ("é" → "e"), so a question typed without them finds the same words. */
const withoutAccents = (word: string): string => word.normalize("NFKD").replace(/\p{M}/gu, "");

/**
 * French function words, without accents: Snowball's French stop list (the companion of its
 * stemmer, as Orama ships it), articles, pronouns, prepositions, elided forms ("l", "qu") and every
 * form of "être" and "avoir" ("sommes", "aurait"). The spec's overlap rule reads it too.
 */
export const FRENCH_FUNCTION_WORDS: readonly string[] = snowballFrenchStopWords.map(withoutAccents).filter((word) => word !== "");

const STOP_WORDS_FR = new Set([
  ...FRENCH_FUNCTION_WORDS,
  // What a general list leaves in and a question to a chat is full of: the words of asking, greeting
  // and requesting, question words, a few prepositions and adverbs.
  ...(
    "sous vers chez entre ca etre elles quoi comment quand pourquoi plus tres trop aussi donc si jusqu lorsqu puisqu oui non merci bonjour salut svp stp " +
    "puis peux peut pouvez pourrais pourriez pourra voudrais veux voulez dire dites savoir parlez parle parler faire fait fais besoin utiliser aide aider " +
    "montrer donner obtenir avoir trouver"
  ).split(" "),
]);

/** A language's words: its stemmer, stop words, synonyms and generic terms. */
interface Analyzer {
  /** A lower-case word, accents kept → its stem without accents. */
  stem: (word: string) => string;
  stopWords: ReadonlySet<string>;
  /** Each variant's stems → its group's term; longest variants first so "pilot car" wins over "pilot". */
  variants: readonly { stems: readonly string[]; term: string }[];
  /** Terms that fit any passage of a platform of tools: counted only when the question has no other. */
  generic: ReadonlySet<string>;
}

/** Lower-case words with their accents, composed (NFC), as the stemmers read them; a mark is never a word break. */
const wordsOf = (text: string): string[] => text.toLowerCase().normalize("NFC").match(/[\p{L}\p{M}\p{N}]+/gu) ?? [];

function analyzer(stem: (word: string) => string, stopWords: ReadonlySet<string>, synonyms: readonly (readonly string[])[], generic: readonly string[]): Analyzer {
  /** The stems of a synonym variant, e.g. "pilot car" → ["pilot", "car"]. */
  const stemsOf = (phrase: string): string[] => wordsOf(phrase).map(stem);
  const variants = synonyms
    .flatMap((group) => group.map((variant) => ({ stems: stemsOf(variant), term: stemsOf(group[0]!).join("") })))
    .sort((a, b) => b.stems.length - a.stems.length);
  return { stem, stopWords, variants, generic: new Set(generic) };
}

// Porter's rules know no accents; Snowball's French rules need them ("conformité" loses its "-ité"
// only with the accent), so French words are stemmed first and their accents dropped after.
const stemEnglish = (word: string): string => stemmer(withoutAccents(word));
const stemFrench = (word: string): string => withoutAccents(frenchStemmer(word));

const ANALYZERS: Readonly<Record<Locale, Analyzer>> = {
  en: analyzer(stemEnglish, STOP_WORDS_EN, SYNONYMS_EN, ["tool", "avail", "featur"]),
  fr: analyzer(stemFrench, STOP_WORDS_FR, SYNONYMS_FR, ["outil", "disponible", "fonctionnalité"].map(stemFrench)),
};

/** One term of a text, with the words it was read from ("wide load" → oversize). */
export interface Term {
  term: string;
  words: string;
}

/** The terms of a text in a language: stems, synonyms read as their group's term, stop words left out. */
export function termsOf(text: string, locale: Locale = "en"): Term[] {
  const { stem, stopWords, variants } = ANALYZERS[locale];
  const words = wordsOf(text);
  const stems = words.map(stem);
  const isStopWord = (word: string) => stopWords.has(withoutAccents(word));
  const terms: Term[] = [];
  for (let i = 0; i < words.length; ) {
    const variant = variants.find(({ stems: v }) => v.every((s, k) => stems[i + k] === s));
    if (variant && (variant.stems.length > 1 || !isStopWord(words[i]!))) {
      terms.push({ term: variant.term, words: words.slice(i, i + variant.stems.length).join(" ") });
      i += variant.stems.length;
      continue;
    }
    if (!isStopWord(words[i]!)) terms.push({ term: stems[i]!, words: words[i]! });
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

/** A passage index in a language, built once when the server starts (a few milliseconds). */
export function createIndex(passages: readonly Searchable[], locale: Locale = "en"): (query: string) => Ranked[] {
  const { generic } = ANALYZERS[locale];
  const search = new MiniSearch<Searchable>({
    fields: ["title", "text", "keywords"],
    tokenize: (text) => termsOf(text, locale).map(({ term }) => term),
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
    const all = termsOf(query, locale);
    const focused = all.filter(({ term }) => !generic.has(term));
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
