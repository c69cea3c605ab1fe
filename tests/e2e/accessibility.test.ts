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
