/** Axe on every route in both contrast modes; text size and contrast persist with no flash. */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { checkA11y, newPage } from "../support/browser";
import { useSiteAndBrowser, visit } from "../support/e2e";
import { SPEC_ROUTES } from "./routes";

const ctx = useSiteAndBrowser();

const rootState = (page: Page) =>
  page.evaluate(() => ({
    fontSize: document.documentElement.style.fontSize || getComputedStyle(document.documentElement).fontSize,
    contrast: document.documentElement.getAttribute("data-contrast"),
  }));

describe("axe: zero violations", () => {
  for (const contrast of ["normal", "high"] as const) {
    for (const route of SPEC_ROUTES) {
      it(`${route.path} (${contrast} contrast)`, async () => {
        const { page } = await newPage(ctx.browser);
        // Init scripts run in every frame; only our page's own storage is meant (the hero video's
        // frame holds the browser's error page offline, where localStorage throws).
        if (contrast === "high") await page.addInitScript(() => window === window.top && localStorage.setItem("contrast", "high"));
        await visit(page, ctx.url + route.path);
        expect(await page.evaluate(() => document.documentElement.getAttribute("data-contrast"))).toBe(
          contrast === "high" ? "high" : null,
        );
        await checkA11y(page, { enhancedContrast: contrast === "high" });
      });
    }
  }

  it("the 404 page", async () => {
    const { page } = await newPage(ctx.browser, { ignore: [/status of 404/] });
    await visit(page, `${ctx.url}/no-such-page`);
    await checkA11y(page);
  });

  it("Home on a phone with the menu open", async () => {
    const { page } = await newPage(ctx.browser, { viewport: { width: 390, height: 844 } });
    await visit(page, `${ctx.url}/`);
    await page.getByRole("banner").getByRole("button", { name: /menu/i }).click();
    await checkA11y(page);
  });
});

/**
 * Waits until the sections the first paint left for later have been laid out (the page script does
 * it at idle moments), so both contrast modes measure the same boxes.
 */
const sectionsLaidOut = (page: Page) => page.waitForFunction(() => !document.querySelector("[data-deferred-layout]"));

/**
 * The rounded boxes of the page (cards, pills, buttons, badges) that its normal colours tell apart
 * from what is behind them, by their background or their border: for each, by its index among the
 * body's elements, whether it still stands out, by a background or a border of at least 3:1
 * against what is behind it (WCAG 1.4.11), and a name to report.
 */
const roundedBoxes = (page: Page) =>
  page.evaluate(() => {
    type Rgb = [number, number, number];
    const parse = (colour: string): [number, number, number, number] => {
      const [r = 0, g = 0, b = 0, a = 1] = (colour.match(/[\d.]+/g) ?? []).map(Number);
      return [r, g, b, colour.startsWith("rgba") ? a : 1];
    };
    const over = (top: string, below: Rgb): Rgb => {
      const [r, g, b, a] = parse(top);
      return [r * a + below[0] * (1 - a), g * a + below[1] * (1 - a), b * a + below[2] * (1 - a)];
    };
    const luminance = (rgb: Rgb) => {
      const [r, g, b] = rgb.map((v) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4));
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    const contrast = (a: Rgb, b: Rgb) => {
      const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
      return (hi! + 0.05) / (lo! + 0.05);
    };
    /** The colour painted behind an element: its ancestors' backgrounds, over white. */
    const behind = (el: Element): Rgb => {
      const chain: string[] = [];
      for (let node = el.parentElement; node; node = node.parentElement) chain.push(getComputedStyle(node).backgroundColor);
      return chain.reduceRight<Rgb>((below, colour) => over(colour, below), [255, 255, 255]);
    };
    const all = [...document.body.querySelectorAll("*")];
    return all.flatMap((el, index) => {
      const style = getComputedStyle(el);
      const box = el.getBoundingClientRect();
      const skipped =
        parseFloat(style.borderTopLeftRadius) < 4 || box.width < 16 || box.height < 16 || style.visibility !== "visible" || el.closest("[hidden], dialog:not([open])");
      // The hero's boxes sit on a picture, which the colours read here do not see.
      if (skipped || el.closest('[aria-labelledby="hero-title"]')) return [];
      const back = behind(el);
      const fill = contrast(over(style.backgroundColor, back), back);
      const border = parseFloat(style.borderTopWidth) >= 1 ? contrast(over(style.borderTopColor, back), back) : 1;
      if (fill <= 1.05 && border <= 1.05) return [];
      const name = `<${el.tagName.toLowerCase()} class="${el.getAttribute("class") ?? ""}"> ${(el.textContent ?? "").trim().slice(0, 40)}`;
      return [{ index, name, standsOut: fill >= 3 || border >= 3 }];
    });
  });

describe("high contrast: every card, pill and button keeps its edge", () => {
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1366, height: 900 },
  ]) {
    it(`on every route, each box the normal colours show still stands out, by at least 3:1 (${viewport.width}px)`, async () => {
      const { page } = await newPage(ctx.browser, { viewport });
      for (const route of SPEC_ROUTES) {
        await visit(page, ctx.url + route.path);
        await sectionsLaidOut(page);
        const normal = await roundedBoxes(page);
        expect(normal.length, `${route.path}: boxes found`).toBeGreaterThan(0);
        await page.evaluate(() => localStorage.setItem("contrast", "high"));
        await visit(page, ctx.url + route.path);
        await sectionsLaidOut(page);
        const high = new Map((await roundedBoxes(page)).map((box) => [box.index, box.standsOut]));
        const lost = normal.filter((box) => high.get(box.index) !== true).map((box) => box.name);
        expect(lost, `${route.path}: boxes that lose their edge in high contrast`).toEqual([]);
        await page.evaluate(() => localStorage.removeItem("contrast"));
      }
    });
  }
});

describe("accessibility controls", () => {
  it("text size (120%) and high contrast persist across reloads and pages", async () => {
    const { page } = await newPage(ctx.browser);
    await visit(page, `${ctx.url}/privacy`);
    const footer = page.getByRole("contentinfo");
    const textSize = footer.getByRole("button", { name: /large text|text size/i });
    const contrast = footer.getByRole("button", { name: /contrast/i });

    expect(await rootState(page)).toEqual({ fontSize: "16px", contrast: null });
    await textSize.click();
    await contrast.click();
    expect(await rootState(page)).toEqual({ fontSize: "120%", contrast: "high" });
    expect(await textSize.getAttribute("aria-pressed")).toBe("true");
    expect(await contrast.getAttribute("aria-pressed")).toBe("true");

    await visit(page, `${ctx.url}/privacy`);
    expect(await rootState(page)).toEqual({ fontSize: "120%", contrast: "high" });
    expect(await textSize.getAttribute("aria-pressed")).toBe("true");
    expect(await contrast.getAttribute("aria-pressed")).toBe("true");

    await visit(page, `${ctx.url}/`);
    expect(await rootState(page)).toEqual({ fontSize: "120%", contrast: "high" });

    await textSize.click();
    await contrast.click();
    expect(await rootState(page)).toEqual({ fontSize: "100%", contrast: null });
    await visit(page, `${ctx.url}/`);
    expect((await rootState(page)).contrast).toBeNull();
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe("16px");
  });

  it("saved choices are on <html> before the body is parsed and without any app script (no flash)", async () => {
    const { page } = await newPage(ctx.browser, { ignore: [/net::ERR_FAILED/] });
    await page.addInitScript(() => {
      localStorage.setItem("fontSize", "large");
      localStorage.setItem("contrast", "high");
      // The first moment <body> exists: before first paint, before any module script runs.
      const record = () => {
        const root = document.documentElement;
        (window as unknown as { __atBody: unknown }).__atBody = {
          fontSize: root.style.fontSize,
          contrast: root.getAttribute("data-contrast"),
          moduleScriptsRan: "__reactRouterDataRouter" in window,
        };
      };
      new MutationObserver((_records, observer) => {
        if (document.body) {
          record();
          observer.disconnect();
        }
      }).observe(document, { childList: true, subtree: true });
    });
    // No app JavaScript at all: only what the pre-rendered document carries inline.
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await page.goto(`${ctx.url}/platform`, { waitUntil: "load" });
    expect(await page.evaluate(() => (window as unknown as { __atBody: unknown }).__atBody)).toEqual({
      fontSize: "120%",
      contrast: "high",
      moduleScriptsRan: false,
    });
    expect(await rootState(page)).toEqual({ fontSize: "120%", contrast: "high" });
  });

  it("high contrast really changes the colours", async () => {
    const { page } = await newPage(ctx.browser);
    await visit(page, `${ctx.url}/`);
    const colours = () =>
      page.evaluate(() => {
        const style = getComputedStyle(document.body);
        return `${style.color} on ${style.backgroundColor}`;
      });
    const normal = await colours();
    await page.getByRole("contentinfo").getByRole("button", { name: /contrast/i }).click();
    expect(await colours()).not.toBe(normal);
  });
});
