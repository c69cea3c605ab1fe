/**
 * The French legal pages are translated, not copied: every text differs from its English
 * counterpart and reads as French; the lists of cookies and storage keys name the same keys in
 * both languages (the keys the site really uses); the frame's messages have the same keys in both
 * languages; the effective date is written each language's way.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { effectiveDate } from "~/features/legal/legal-page";
import { LANGUAGE_KEY } from "~/features/layout/language-choice";
import { AI_DISCLAIMER_IN, PARTNER_CREDITS_IN, TAGLINE_IN } from "./brand";
import { legal, LOCAL_STORAGE_KEYS, SITE_COOKIES } from "./legal";
import { legalLinks } from "./legal-index";

/** Every string of a content value with its path, fields that are not words (`path`) left out. */
function strings(value: unknown, at = ""): [string, string][] {
  if (typeof value === "string") return [[at, value]];
  if (Array.isArray(value)) return value.flatMap((item, index) => strings(item, `${at}[${index}]`));
  if (value && typeof value === "object")
    return Object.entries(value).flatMap(([key, item]) => (key === "path" ? [] : strings(item, `${at}.${key}`)));
  return [];
}

/** Words that appear in English sentences and never in French ones. */
const ENGLISH_WORDS = /\b(the|and|your|you|our|with|which|when|is|are|of|to|for)\b/i;

/** What a list item names before its colon ("maxload_session : …" → "maxload_session"). */
const named = (item: string) => item.slice(0, item.indexOf(":")).trim();

describe("the French legal pages", () => {
  const en = strings(legal.en);
  const fr = strings(legal.fr);

  it("have a French text in place of every English one", () => {
    expect(fr.map(([path]) => path)).toEqual(en.map(([path]) => path));
    const copied = fr.filter(([, text], index) => text === en[index]![1]).map(([path]) => path);
    expect(copied, "French texts identical to the English").toEqual([]);
    const english = fr.filter(([, text]) => ENGLISH_WORDS.test(text)).map(([path, text]) => `${path}: ${text}`);
    expect(english, "French texts with English words").toEqual([]);
  });

  it("name the same cookies and local-storage keys as the English ones, the language choice included", () => {
    const lists = (language: "en" | "fr") =>
      legal[language].cookiePolicy.sections.flatMap((section) => section.body.flatMap((block) => (typeof block === "string" ? [] : [block.list.map(named)])));
    expect(lists("fr")).toEqual(lists("en"));
    expect(lists("en")).toEqual([SITE_COOKIES.map(named), LOCAL_STORAGE_KEYS.map(named)]);
    expect(LOCAL_STORAGE_KEYS.map(named)).toContain(LANGUAGE_KEY);
  });

  it("say in both languages that the site is in English and French and that a lead keeps its language", () => {
    const text = (language: "en" | "fr") => strings(legal[language].privacyPolicy).map(([, words]) => words).join("\n");
    expect(text("en")).toContain("the site is offered in English and French");
    expect(text("en")).toContain("we store the language of the page you used, so we answer you");
    expect(text("fr")).toContain("le site est offert en anglais et en français");
    expect(text("fr")).toContain("nous conservons la langue de la page que vous avez utilisée, afin de vous répondre");
  });

  it("repeat the footer's AI disclaimer in the AI/ML policy, in each language", () => {
    for (const language of ["en", "fr"] as const) {
      expect(strings(legal[language].aiMlPolicy).map(([, words]) => words)).toContain(AI_DISCLAIMER_IN[language]);
    }
  });

  it("take their titles from the legal index, which has a French title for each page", () => {
    for (const link of legalLinks) {
      expect(link.title.fr).not.toBe(link.title.en);
      const page = legal.fr.legalPages.find((candidate) => candidate.path === link.path);
      expect(page?.title).toBe(link.title.fr);
    }
  });

  it("write the effective date each language's way", () => {
    expect(effectiveDate("en")).toBe("December 28, 2024");
    expect(effectiveDate("fr")).toBe("28 décembre 2024");
  });
});

describe("the frame's words", () => {
  const messages = (language: string): Record<string, string> =>
    JSON.parse(readFileSync(new URL(`../../messages/${language}/site.json`, import.meta.url), "utf8")) as Record<string, string>;
  const en = messages("en");
  const fr = messages("fr");
  const params = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

  it("have the same keys, with the same parameters, in English and French", () => {
    expect(Object.keys(fr).sort()).toEqual(Object.keys(en).sort());
    for (const key of Object.keys(en)) expect(params(fr[key]!), key).toEqual(params(en[key]!));
  });

  it("are translated, the words that are the same in both languages excepted", () => {
    const same = new Set(["$schema", "nav_menu", "nav_contact"]);
    const copied = Object.keys(en).filter((key) => !same.has(key) && fr[key] === en[key]);
    expect(copied).toEqual([]);
  });

  it("have the brand's tagline and partner credits in French", () => {
    expect(TAGLINE_IN.fr).not.toBe(TAGLINE_IN.en);
    expect(PARTNER_CREDITS_IN.fr).toHaveLength(PARTNER_CREDITS_IN.en.length);
    const english = strings(PARTNER_CREDITS_IN.fr).filter(([, words], index) => words === strings(PARTNER_CREDITS_IN.en)[index]![1]);
    expect(english).toEqual([]);
  });
});
