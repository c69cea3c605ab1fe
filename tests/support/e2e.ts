/**
 * One production server and one Chromium per test file.
 *
 *   const ctx = useSiteAndBrowser();                  // at the top of a test file
 *   it("…", async () => {
 *     const { page } = await newPage(ctx.browser);
 *     await visit(page, `${ctx.url}/platform`);
 *   });
 */
import type { Browser, Page, Response } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { launchBrowser, pagesWithoutJavaScript } from "./browser";
import { startSite, type Site, type StartSiteOptions } from "./site-server";

export interface SiteAndBrowser {
  readonly site: Site;
  readonly url: string;
  readonly browser: Browser;
}

export function useSiteAndBrowser(options: StartSiteOptions = {}): SiteAndBrowser {
  let site: Site | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    [site, browser] = await Promise.all([startSite(options), launchBrowser()]);
  });
  afterAll(async () => {
    await Promise.all([browser?.close(), site?.stop()]);
  });
  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error("useSiteAndBrowser(): used before beforeAll ran");
    return value;
  };
  return {
    get site() {
      return ready(site);
    },
    get url() {
      return ready(site).url;
    },
    get browser() {
      return ready(browser);
    },
  };
}

/**
 * Navigates and waits until the page is quiet (load event, no request in flight for 500 ms) and,
 * when scripts run, React Router has hydrated it.
 */
export async function visit(page: Page, url: string): Promise<Response> {
  const response = await page.goto(url, { waitUntil: "load" });
  if (!response) throw new Error(`No response for ${url}`);
  await page.waitForLoadState("networkidle");
  // An island page loads its module after the first paint, which a loaded machine may present
  // after the network has been idle a while (app/features/layout/island-loader.ts): once the loader
  // has added the module's script, importing the same module settles when it has run (or failed).
  const module = pagesWithoutJavaScript.has(page) ? null : await page.evaluate(() => document.body.getAttribute("data-island-module")).catch(() => null);
  if (module) {
    await page.waitForFunction((src) => [...document.scripts].some((script) => script.getAttribute("src") === src), module, { timeout: 15_000 });
    // An expression, not a function: Vitest would rewrite a function's import() for Node.
    await page.evaluate(`import(${JSON.stringify(module)}).then(() => true, () => false)`);
  }
  // Pre-rendered pages define __reactRouterContext inline; it is absent when JavaScript is off.
  const scripted = await page.evaluate(() => "__reactRouterContext" in window).catch(() => false);
  if (scripted) {
    await page.waitForFunction(() => "__reactRouterDataRouter" in window, undefined, { timeout: 15_000 });
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null))));
  }
  return response;
}
