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
import { ISLAND_MODULE_ATTRIBUTE } from "~/features/layout/frame-markers";
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

/** Pages whose scripts' settling visit() notes (an init script, added once per page). */
const notingPages = new WeakSet<Page>();

/**
 * From the next navigation on, the page notes each script that has run or failed: a module
 * script's load event comes once it has run. Load events stop at the document (they never reach
 * window), so the listener is there, capturing.
 */
async function noteSettledScripts(page: Page): Promise<void> {
  if (notingPages.has(page)) return;
  notingPages.add(page);
  await page.addInitScript(() => {
    // The top document only: a sandboxed frame (a mail's preview) may not call a listener, and
    // the browser logs each refusal as an error.
    if (window !== window.top) return;
    const settled: string[] = [];
    (window as unknown as { __settledScripts: string[] }).__settledScripts = settled;
    const note = (event: Event) => {
      if (event.target instanceof HTMLScriptElement && event.target.src) settled.push(event.target.src);
    };
    document.addEventListener("load", note, true);
    document.addEventListener("error", note, true);
  });
}

/**
 * Navigates and waits for the states a visitor would wait for: the load event and, when scripts
 * run, the island module run (after its stylesheet) or React Router hydrated. No wait for a quiet
 * network: that is half a second of nothing per page, and a test that needs a later request's
 * effect waits for that effect.
 */
export async function visit(page: Page, url: string): Promise<Response> {
  await noteSettledScripts(page);
  const response = await page.goto(url, { waitUntil: "load" });
  if (!response) throw new Error(`No response for ${url}`);
  // An island page loads its module after the first paint, which a loaded machine may present
  // after the network has been idle a while (app/features/layout/island-loader.ts).
  const module = pagesWithoutJavaScript.has(page) ? null : await page.evaluate((name) => document.body.getAttribute(name), ISLAND_MODULE_ATTRIBUTE).catch(() => null);
  if (module) {
    await page.waitForFunction(
      (src) => (window as unknown as { __settledScripts?: string[] }).__settledScripts?.includes(new URL(src, location.href).href) ?? false,
      module,
      { timeout: 15_000 },
    );
  }
  // Pre-rendered pages define __reactRouterContext inline; it is absent when JavaScript is off.
  const scripted = await page.evaluate(() => "__reactRouterContext" in window).catch(() => false);
  if (scripted) {
    await page.waitForFunction(() => "__reactRouterDataRouter" in window, undefined, { timeout: 15_000 });
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null))));
  }
  return response;
}
