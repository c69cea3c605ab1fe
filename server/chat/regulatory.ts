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
  "Alberta,British Columbia,Manitoba,New Brunswick,Newfoundland and Labrador,Newfoundland,Nova Scotia,Ontario,Prince Edward Island,Quebec,Québec,Saskatchewan,Northwest Territories,Nunavut,Yukon";

/** Longest names first, so "West Virginia" is found before "Virginia". */
const JURISDICTIONS: readonly Jurisdiction[] = [
  ...STATES.split(",").map((name) => ({ name, kind: "state" as const })),
  ...PROVINCES.split(",").map((name) => ({ name, kind: "province" as const })),
].sort((a, b) => b.name.length - a.name.length);

const NAMED = new RegExp(`\\b(${JURISDICTIONS.map((j) => j.name.replace(/ /g, "\\s+")).join("|")})\\b`, "i");
/** "my state", "our province": a jurisdiction without its name. */
const UNNAMED = /\b(my|our|your|each|every|this|that|which)\s+(state|province|country|jurisdiction)\b/i;
/** A dimension or a weight: "5 metre", "16 ft", "4.5m", "80,000 lbs", "14'6". */
const MEASURE = /\d[\d.,]*\s*(m|metres?|meters?|ft|feet|foot|'|inch(es)?|in\b|cm|mm|t|tons?|tonnes?|lbs?|pounds?|kg|axles?)\b/i;
/** Words that ask for a rule. */
const RULE = /\b(rules?|regulations?|regulatory|laws?|legal(ly)?|allowed|permitted|maximum|max|limits?|restrictions?|requirements?|required|requires?|need|must|mandatory|curfews?)\b/i;
/** What a rule would be about. */
const SUBJECT = /\b(permits?|escorts?|pilot\s+cars?|wide|width|high|height|heavy|weight|long|length|oversized?|overweight|osow|superloads?|loads?|routes?|travel|signs?|signage|flags?|lights?|hours?)\b/i;

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
