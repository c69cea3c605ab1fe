/**
 * Whether a question asks for a jurisdiction's rule (permit requirements, dimension limits,
 * escorts, routes in a given state or province). The site states no such rule: Max Load leaves it
 * to the authority that issues the permit and says what the platform's permit tools will do.
 */

export type JurisdictionKind = "state" | "province";

export interface Jurisdiction {
  name: string;
  kind: JurisdictionKind;
}

const STATES =
  "Alabama,Alaska,Arizona,Arkansas,California,Colorado,Connecticut,Delaware,Florida,Georgia,Hawaii,Idaho,Illinois,Indiana,Iowa,Kansas,Kentucky,Louisiana,Maine,Maryland,Massachusetts,Michigan,Minnesota,Mississippi,Missouri,Montana,Nebraska,Nevada,New Hampshire,New Jersey,New Mexico,New York,North Carolina,North Dakota,Ohio,Oklahoma,Oregon,Pennsylvania,Rhode Island,South Carolina,South Dakota,Tennessee,Texas,Utah,Vermont,Virginia,Washington,West Virginia,Wisconsin,Wyoming,District of Columbia";
const PROVINCES =
  "Alberta,British Columbia,Manitoba,New Brunswick,Newfoundland and Labrador,Newfoundland,Nova Scotia,Ontario,Prince Edward Island,Quebec,Québec,Saskatchewan,Northwest Territories,Nunavut,Yukon," +
  // Their French names, for questions asked in French.
  "Colombie-Britannique,Nouveau-Brunswick,Terre-Neuve-et-Labrador,Terre-Neuve,Nouvelle-Écosse,Territoires du Nord-Ouest";

/** Longest names first, so "West Virginia" is found before "Virginia". */
const JURISDICTIONS: readonly Jurisdiction[] = [
  ...STATES.split(",").map((name) => ({ name, kind: "state" as const })),
  ...PROVINCES.split(",").map((name) => ({ name, kind: "province" as const })),
].sort((a, b) => b.name.length - a.name.length);

const NAMED = new RegExp(`\\b(${JURISDICTIONS.map((j) => j.name.replace(/ /g, "\\s+")).join("|")})\\b`, "i");
/**
 * A word of these in English or French (French words may begin or end with an accented letter,
 * which `\b` does not see as a letter).
 */
const words = (english: string, french: string) => new RegExp(`(?<![\\p{L}\\p{N}])(?:${english}|${french})(?![\\p{L}\\p{N}])`, "iu");
/** "my state", "our province", "ma province": a jurisdiction without its name. */
const UNNAMED = words(
  "(?:my|our|your|each|every|this|that|which)\\s+(?:state|province|country|jurisdiction)",
  "(?:ma|mon|notre|votre|chaque|cette|cet|ce|quel|quelle)\\s+(?:province|[ée]tat|pays|territoire)",
);
/** A dimension or a weight: "5 metre", "16 ft", "4.5m", "80,000 lbs", "14'6", "5 mètres", "12 pi". */
const MEASURE = /\d[\d.,]*\s*(m|metres?|meters?|mètres?|ft|feet|foot|pieds?|pi|'|inch(es)?|in\b|pouces?|po|cm|mm|t|tons?|tonnes?|lbs?|pounds?|livres?|kg|axles?|essieux)\b/i;
/** Words that ask for a rule. */
const RULE = words(
  "rules?|regulations?|regulatory|laws?|legal(?:ly)?|allowed|permitted|maximum|max|limits?|restrictions?|requirements?|required|requires?|need|must|mandatory|curfews?",
  "r[èe]gles?|r[ée]glements?|r[ée]glementations?|r[èe]glementations?|lois?|l[ée]gale?s?|autoris[ée]e?s?|maximale?s?|maximaux|exigences?|exig[ée]e?s?|obligatoires?|faut|dois|doit|besoin",
);
/** What a rule would be about. */
const SUBJECT = words(
  "permits?|escorts?|pilot\\s+cars?|wide|width|high|height|heavy|weight|long|length|oversized?|overweight|osow|superloads?|loads?|routes?|travel|signs?|signage|flags?|lights?|hours?",
  "permis|escortes?|voitures?\\s+pilotes?|largeur|larges?|hauteur|hauts?|lourde?s?|poids|longueur|longs?|hors\\s+normes?|surdimensionn[ée]e?s?|charges?|convois?|itin[ée]raires?|trajets?|signalisation|panneaux|drapeaux|feux|heures?",
);

/** The jurisdiction a question names, if any. */
export function jurisdictionIn(question: string): Jurisdiction | undefined {
  const found = NAMED.exec(question)?.[1];
  if (!found) return undefined;
  const name = found.replace(/\s+/g, " ").toLowerCase();
  return JURISDICTIONS.find((j) => j.name.toLowerCase() === name);
}

/**
 * A rule about a load's permit, dimensions, escorts or route, asked for a jurisdiction or for a
 * measured load ("What permits do I need for a 5 metre wide load?").
 */
export function isRegulatory(question: string): boolean {
  if (!SUBJECT.test(question)) return false;
  const located = NAMED.test(question) || UNNAMED.test(question);
  const measured = MEASURE.test(question);
  return (RULE.test(question) && (located || measured)) || (located && measured);
}

/**
 * The question without the jurisdiction's name and the load's measures ("in Texas", "5 metre"):
 * what the site can say about it does not depend on them, and the ranking should not count them.
 */
export function withoutParameters(question: string): string {
  return question.replace(new RegExp(NAMED.source, "gi"), " ").replace(new RegExp(MEASURE.source, "gi"), " ");
}
