import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { home } from "~/content/home";
import { platform } from "~/content/platform";
import { previewCaption, previewText, previewWords, type PreviewName } from "~/content/previews";

const messageKeys = (locale: string) =>
  Object.keys(JSON.parse(readFileSync(`messages/${locale}/home.json`, "utf8")) as Record<string, string>)
    .filter((key) => key !== "$schema")
    .sort();

/** Every string of a content module with its path, the English and the French side by side. */
function pairs(en: unknown, fr: unknown, path = ""): Array<{ path: string; en: string; fr: string }> {
  if (typeof en === "string") return [{ path, en, fr: fr as string }];
  if (en === null || typeof en !== "object") return [];
  if (fr === undefined) throw new Error(`no French at ${path}`);
  return Object.entries(en).flatMap(([key, value]) =>
    // Ids, plan types and paths name places, not words: the same in both languages.
    ["id", "planType", "to", "path"].includes(key) ? [] : pairs(value, (fr as Record<string, unknown>)[key], `${path}.${key}`),
  );
}

/**
 * What the French pages keep as it is: two plan names, the vision's title (and its tab), and
 * "Distance", the same word in French (a cost simulator's input).
 */
const SAME_IN_FRENCH = new Set(["Pro Solo", "Pro", "Vision 2026", "Distance"]);

const PREVIEWS: readonly PreviewName[] = ["routePlanner", "permitTracker", "costSimulator"];
const previewStrings = (locale: "en" | "fr") =>
  PREVIEWS.map((name) => {
    const { title: tool, caption } = previewCaption(name, locale);
    return { tool, caption, ...previewText(name, locale) };
  });

/** The words drawn in the preview images, without the places' coordinates. */
const imageWords = (locale: "en" | "fr") => {
  const { clearances, ...words } = previewWords[locale];
  return { ...words, clearances: clearances.map(({ place, limit, verdict }) => ({ place, limit, verdict })), move: words.move("HR-2417"), approved: words.approved(3, 6) };
};

describe("Home and /platform in French", () => {
  it("has the same message keys in English and French", () => {
    expect(messageKeys("fr")).toEqual(messageKeys("en"));
  });

  it.each([
    ["home", home.en, home.fr],
    ["platform", platform.en, platform.fr],
    ["previews", previewStrings("en"), previewStrings("fr")],
    ["the previews' images", imageWords("en"), imageWords("fr")],
  ] as const)("translates every text of %s (names excepted)", (_, en, fr) => {
    const strings = pairs(en, fr);
    expect(strings.length).toBeGreaterThan(10);
    // A text without a letter ("6") is the same in every language.
    const untranslated = strings.filter((s) => s.fr === s.en && /\p{L}/u.test(s.en) && !SAME_IN_FRENCH.has(s.en));
    expect(untranslated).toEqual([]);
  });

  it("writes French punctuation: a non-breaking space before a colon and inside « »", () => {
    const french = [...pairs(home.en, home.fr), ...pairs(platform.en, platform.fr), ...pairs(previewStrings("en"), previewStrings("fr"))].map((s) => s.fr);
    expect(french.filter((text) => / :|[^\u00a0]:|« | »/.test(text.replace(/https?:/g, "")))).toEqual([]);
  });

  it("keeps every price of the English plans", () => {
    const prices = (groups: typeof platform.en.planGroups) => groups.map((group) => group.plans.map((plan) => plan.price));
    expect(prices(platform.fr.planGroups)).toEqual(prices(platform.en.planGroups));
  });
});
