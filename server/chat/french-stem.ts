/**
 * A light French stemmer for the chat's ranking (ranking.ts): the inflections of a word and its
 * close derivatives ("itinéraire", "itinéraires"; "planification", "planifications") share a stem,
 * and prefix matching joins the rest ("planifi" finds "planific"). Light on purpose, as French
 * retrieval studies recommend over aggressive stemming for short texts: plurals, the feminine,
 * and common derivational endings only. Words come lower-cased without accents (ranking.ts).
 */

/** Longest first: the first ending that leaves a stem of MIN_STEM letters is removed. */
const ENDINGS = [
  "issements",
  "issement",
  "atrices",
  "ateurs",
  "ations",
  "atrice",
  "ateur",
  "ation",
  "ements",
  "ement",
  "ances",
  "ences",
  "iques",
  "ismes",
  "istes",
  "ables",
  "ibles",
  "euses",
  "ments",
  "ance",
  "ence",
  "ique",
  "isme",
  "iste",
  "able",
  "ible",
  "euse",
  "ment",
  "ites",
  "ives",
  "ite",
  "ive",
  "eux",
  "ees",
  "ee",
  "es",
  "er",
  "ez",
  "if",
  "e",
  "s",
  "x",
] as const;

/** Shorter stems would join unrelated words ("formation" and "formulaire" in "form"). */
const MIN_STEM = 5;

export function frenchStem(word: string): string {
  if (word.length <= 4) return word;
  // "chevaux" → "cheval", "régionaux" → "regional".
  if (word.endsWith("aux") && word.length > 6) return `${word.slice(0, -3)}al`;
  let stem = word.endsWith("s") || word.endsWith("x") ? word.slice(0, -1) : word;
  for (const ending of ENDINGS) {
    if (stem.endsWith(ending) && stem.length - ending.length >= MIN_STEM) {
      stem = stem.slice(0, -ending.length);
      break;
    }
  }
  return stem;
}
