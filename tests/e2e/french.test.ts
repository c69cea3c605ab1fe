/**
 * The French site: every public page under /fr in French (lang, canonical, hreflang, axe, none of
 * the English page's sentences, the same ids), the language switch (same page and hash, with and
 * without JavaScript), the suggestion of the other language, and an unknown language
 * prefix as the English 404.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { checkA11y, newPage } from "../support/browser";
import { useSiteAndBrowser, visit } from "../support/e2e";
import { SPEC_ROUTES } from "./routes";

const ctx = useSiteAndBrowser();

/** Each English page of spec §2 and its French page (same slug under /fr). */
const PAIRS = SPEC_ROUTES.map(({ path }) => ({ en: path, fr: path === "/" ? "/fr" : `/fr${path}` }));

/**
 * Words that may appear identically on both pages: names, and sentences made only of them. Any
 * other line of three words or more shared by an English page and its French page is English left
 * on the French page.
 */
const SHARED = [/HeavyRoute/, /Max Load/, /^Pro (Solo|Team)$/, /^Vision 2026$/, /^[\w.+-]+@[\w.-]+$/, /YouTube|Facebook|LinkedIn/, /GeoJSON|KML/];

/** The visible text of a page, one line per block, with the text of attributes people hear or see. */
const visibleLines = (page: Page) =>
  page.evaluate(() => {
    const lines = document.body.innerText.split("\n");
    for (const el of document.querySelectorAll("[aria-label], [placeholder], [alt], [title]")) {
      for (const name of ["aria-label", "placeholder", "alt", "title"]) {
        const value = el.getAttribute(name);
        // The other language's offers are written in that language on purpose.
        if (value && !el.closest("[lang]:not(html)")) lines.push(value);
      }
    }
    return lines.map((line) => line.trim()).filter((line) => line.length > 0);
  });

/** The spec's English texts that every page (or its chat and forms) may show. */
const SPEC_TEXTS = [
  "Platform Overview",
  "AI Assistant",
  "Privacy Policy",
  "Terms of Service",
  "Cookie Policy",
  "Professional Solutions for Heavy Transport Industry",
  "Popular questions for Max Load",
  "Enter your name...",
  "Send conversation transcript",
  "Loading...",
  "Effective date",
];

describe("every French page", () => {
  for (const { en, fr } of PAIRS) {
    it(`${fr}: French, with its canonical URL and alternates, and none of ${en}'s English`, async () => {
      const { page } = await newPage(ctx.browser, { javaScriptEnabled: false });
      const response = await visit(page, ctx.url + fr);
      expect(response.status()).toBe(200);
      expect(await page.getAttribute("html", "lang")).toBe("fr-CA");
      const links = await page.locator('link[rel="canonical"], link[rel="alternate"][hreflang]').evaluateAll((els) =>
        els.map((el) => `${el.getAttribute("rel")} ${el.getAttribute("hreflang") ?? ""} ${el.getAttribute("href")}`.replace("  ", " ")),
      );
      expect(links).toEqual([`canonical ${ctx.url}${fr}`, `alternate en ${ctx.url}${en}`, `alternate fr-CA ${ctx.url}${fr}`, `alternate x-default ${ctx.url}${en}`]);
      const french = await visibleLines(page);
      const ids = () => page.locator("[id]").evaluateAll((els) => els.map((el) => el.id).sort());
      const frenchIds = await ids();
      await visit(page, ctx.url + en);
      expect(await page.getAttribute("html", "lang")).toBe("en");
      const english = new Set(await visibleLines(page));
      // Every section and item keeps its id across languages: a link to one (a chat source, the
      // switch keeping the hash) lands on the same place in either.
      expect(frenchIds).toEqual(await ids());
      const leftInEnglish = french.filter((line) => english.has(line) && line.split(/\s+/).length >= 3 && !SHARED.some((re) => re.test(line)));
      expect(leftInEnglish).toEqual([]);
      expect(french.filter((line) => SPEC_TEXTS.some((text) => line.includes(text)))).toEqual([]);
    });

    // High contrast changes colours, not words: the English pages pass axe in it
    // (accessibility.test.ts), and one French page checks that its longer words keep it.
    for (const contrast of fr === "/fr" ? (["normal", "high"] as const) : (["normal"] as const)) {
      it(`${fr}: no axe violation (${contrast} contrast)`, async () => {
        const { page } = await newPage(ctx.browser);
        if (contrast === "high") await page.addInitScript(() => window === window.top && localStorage.setItem("contrast", "high"));
        await visit(page, ctx.url + fr);
        await checkA11y(page, { enhancedContrast: contrast === "high" });
      });
    }
  }
});

describe("the language switch", () => {
  for (const { en, fr } of PAIRS) {
    it(`${en} ⇄ ${fr}: an ordinary link to the same page, by keyboard too`, async () => {
      const { page } = await newPage(ctx.browser, { javaScriptEnabled: false });
      await visit(page, ctx.url + en);
      const toFrench = page.getByRole("banner").getByRole("link", { name: "Français" });
      expect(await toFrench.getAttribute("href")).toBe(fr);
      expect(await toFrench.getAttribute("hreflang")).toBe("fr-CA");
      await toFrench.focus();
      await Promise.all([page.waitForURL(ctx.url + fr), page.keyboard.press("Enter")]);
      expect(await page.getAttribute("html", "lang")).toBe("fr-CA");
      const toEnglish = page.getByRole("banner").getByRole("link", { name: "English" });
      expect(await toEnglish.getAttribute("href")).toBe(en);
    });
  }

  for (const { en, fr } of PAIRS) {
    for (const [from, to, name] of [
      [en, fr, "Français"],
      [fr, en, "English"],
    ] as const) {
      it(`${from} → ${to} keeps the section the visitor is at (the hash), with JavaScript`, async () => {
        const { page } = await newPage(ctx.browser);
        await visit(page, ctx.url + from);
        const section = (await page.locator("main :is(section, h2)[id]").last().getAttribute("id")) ?? "";
        expect(section).not.toBe("");
        await page.evaluate((id) => (location.hash = id), section);
        await Promise.all([page.waitForURL(`${ctx.url}${to}#${section}`), page.getByRole("banner").getByRole("link", { name }).click()]);
        expect(await page.evaluate(() => document.querySelector(":target")?.id)).toBe(section);
      });
    }
  }

  it("keeps the section the visitor is at (the hash) and remembers the choice, with JavaScript", async () => {
    const { page } = await newPage(ctx.browser);
    await visit(page, `${ctx.url}/platform#tokens`);
    await Promise.all([page.waitForURL(`${ctx.url}/fr/platform#tokens`), page.getByRole("banner").getByRole("link", { name: "Français" }).click()]);
    expect(await page.evaluate(() => localStorage.getItem("language"))).toBe("fr");
    // Loaded as a visitor sees it (the island brings the switch's hash, decision 0136).
    await visit(page, `${ctx.url}/#contact`);
    // Back on an English page: the French page is offered, in French, and nothing else happens.
    const offer = page.getByRole("region", { name: "Langue" });
    await offer.waitFor();
    expect(await offer.getByRole("link", { name: "La lire en français" }).getAttribute("href")).toBe("/fr");
    expect(page.url()).toBe(`${ctx.url}/#contact`);
    await Promise.all([page.waitForURL(`${ctx.url}/fr#contact`), offer.getByRole("link", { name: "La lire en français" }).click()]);
  });
});

describe("the suggestion of the other language", () => {
  it("a browser asking for French first is offered the French page on an English one, never redirected; declining is remembered", async () => {
    const context = await ctx.browser.newContext({ locale: "fr-CA" });
    try {
      const page = await context.newPage();
      await visit(page, `${ctx.url}/`);
      expect(page.url()).toBe(`${ctx.url}/`);
      const offer = page.getByRole("region", { name: "Langue" });
      await offer.waitFor();
      await offer.getByRole("button", { name: "Non merci" }).click();
      await offer.waitFor({ state: "hidden" });
      await visit(page, `${ctx.url}/privacy`);
      expect(await offer.isVisible()).toBe(false);
      expect(await page.evaluate(() => localStorage.getItem("language"))).toBe("en");
    } finally {
      await context.close();
    }
  });

  it("an English-speaking browser sees no offer on English or French pages", async () => {
    const { page } = await newPage(ctx.browser);
    for (const path of ["/", "/fr", "/fr/terms"]) {
      await visit(page, ctx.url + path);
      expect(await page.locator("[data-language-suggestion]").isVisible()).toBe(false);
    }
  });
});

it("an unknown language prefix is a real 404, in English", async () => {
  const { page } = await newPage(ctx.browser, { javaScriptEnabled: false, ignore: [/status of 404/] });
  const response = await visit(page, `${ctx.url}/de/platform`);
  expect(response.status()).toBe(404);
  expect(await page.getAttribute("html", "lang")).toBe("en");
  expect(await page.getByRole("heading", { level: 1 }).innerText()).toMatch(/not found/i);
});
