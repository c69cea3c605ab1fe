/**
 * Spec §2 on the pages served without React Router (Home and /platform as islands, the legal pages
 * as static pages), whose links are page loads: the "Loading..." fallback while the next page is
 * slow, and the smooth scroll to a link's hash target (instant with reduced motion).
 */
import { chromium, type Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { CHROMIUM_ARGS, findChromium, newPage } from "../support/browser";
import { useSiteAndBrowser, visit } from "../support/e2e";

const ctx = useSiteAndBrowser();

/** Holds every request of the page, as a slow network would, until the returned function is called. */
async function holdEveryRequest(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/*", async (route) => {
    await held;
    await route.continue().catch(() => undefined);
  });
  return release;
}

const loading = (page: Page) => page.getByRole("status").getByText("Loading...", { exact: true });

/** Follows a link from the keyboard, without waiting for the navigation it starts (the network is held). */
async function followNow(page: Page, name: string, region: "banner" | "contentinfo"): Promise<void> {
  await page.getByRole(region).getByRole("link", { name, exact: true }).focus();
  await page.keyboard.press("Enter");
}

/** Records window.scrollY on every animation frame, from the start of each document of the page. */
async function sampleScrollEveryFrame(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const samples: number[] = [];
    (window as unknown as { scrollSamples: number[] }).scrollSamples = samples;
    const tick = () => {
      samples.push(window.scrollY);
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
}

const samplesOf = (page: Page) => page.evaluate(() => (window as unknown as { scrollSamples: number[] }).scrollSamples.slice());

/**
 * Waits until the page has stopped scrolling (ten frames at the same position, all sampled after
 * this call: ten from before it would be the frames before a scroll that has not begun yet) and
 * returns it.
 */
async function settledScrollY(page: Page): Promise<number> {
  const before = (await samplesOf(page)).length;
  await expect
    .poll(async () => {
      const samples = (await samplesOf(page)).slice(before);
      const last = samples.slice(-10);
      return last.length === 10 && last.every((y) => y === last[0]);
    }, { timeout: 10_000 })
    .toBe(true);
  return page.evaluate(() => window.scrollY);
}

/**
 * The positions strictly between the top and the end of the scroll: a jump has none, a smooth
 * scroll several (fewer samples when the main thread is busy: the compositor scrolls on meanwhile).
 */
const between = (samples: number[], end: number) => samples.filter((y) => y > 1 && y < end - 1);

const contactTop = (page: Page) => page.evaluate(() => document.getElementById("contact")?.getBoundingClientRect().top ?? null);

/** What a page showed of the pill before it was left: recorded by the page itself, in session storage. */
interface SeenLoading {
  at: number;
  path: string;
  text: string;
  /** Inside a polite live region with the status role: screen readers announce it. */
  announced: boolean;
  onScreen: boolean;
}

/**
 * Records, in each document of the page, when the "Loading..." pill becomes visible. Playwright
 * cannot look at a page while a navigation it started is pending, so the page reports itself.
 */
async function recordLoading(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const check = () => {
      const pill = [...document.querySelectorAll("[aria-live] *")].find((el) => el.textContent?.trim() === "Loading...");
      if (!(pill instanceof HTMLElement) || !pill.checkVisibility()) return;
      const box = pill.getBoundingClientRect();
      const seen = {
        at: Date.now(),
        path: location.pathname,
        text: pill.textContent?.trim(),
        announced: Boolean(pill.closest('[role="status"][aria-live="polite"]')),
        onScreen: box.width > 0 && box.top >= 0 && box.bottom <= innerHeight,
      };
      sessionStorage.setItem("seenLoading", JSON.stringify(seen));
      (window as unknown as { __loadingShown?: (note: typeof seen) => void }).__loadingShown?.(seen);
    };
    new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true });
  });
}

const seenLoading = async (page: Page): Promise<SeenLoading | null> =>
  JSON.parse((await page.evaluate(() => sessionStorage.getItem("seenLoading"))) ?? "null") as SeenLoading | null;

/**
 * What the page notes of the pill, passed on as soon as it shows (recordLoading calls the binding):
 * the returned function resolves with the first note.
 */
async function pillShown(page: Page): Promise<() => Promise<SeenLoading>> {
  let shown!: (seen: SeenLoading) => void;
  const seen = new Promise<SeenLoading>((resolve) => (shown = resolve));
  await page.exposeBinding("__loadingShown", (_source, note: SeenLoading) => shown(note));
  return () =>
    Promise.race([
      seen,
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error("the Loading... pill did not show")), 15_000).unref()),
    ]);
}

describe("Loading... while the next page loads", () => {
  for (const { from, link, region, to } of [
    { from: "/", link: "Platform Overview", region: "banner", to: "/platform" },
    { from: "/platform", link: "Terms of Service", region: "contentinfo", to: "/terms" },
    { from: "/privacy", link: "Platform Overview", region: "banner", to: "/platform" },
  ] as const) {
    it(`from ${from} (${link}): shown and announced while the slow page loads, gone on arrival`, async () => {
      const { page } = await newPage(ctx.browser);
      const shown = await pillShown(page);
      await recordLoading(page);
      await visit(page, `${ctx.url}${from}`);
      expect(await loading(page).isVisible()).toBe(false);
      expect(await seenLoading(page)).toBeNull();
      const release = await holdEveryRequest(page);
      await followNow(page, link, region);
      // Shown while the next page is held, not when it came.
      const seen = await shown();
      expect(seen).toMatchObject({ path: from, text: "Loading...", announced: true, onScreen: true });
      expect(page.url()).toBe(`${ctx.url}${from}`);
      release();
      await page.waitForURL(`${ctx.url}${to}`, { timeout: 20_000 });
      await page.unrouteAll({ behavior: "ignoreErrors" });
      expect(await loading(page).isVisible()).toBe(false);
    });
  }

  it("not for a same-page hash link, a new tab, a modified click or a download", async () => {
    const { page, context } = await newPage(ctx.browser, { reducedMotion: "reduce" });
    await recordLoading(page);
    await visit(page, `${ctx.url}/`);
    await page.getByRole("banner").getByRole("link", { name: "Contact", exact: true }).click();
    await page.waitForURL(`${ctx.url}/#contact`);

    const opened = context.waitForEvent("page");
    await page.getByRole("contentinfo").getByRole("link", { name: "Terms of Service", exact: true }).click({ modifiers: ["ControlOrMeta"] });
    await (await opened).close();

    // A link that opens elsewhere, and one that downloads, as the page might carry.
    await page.evaluate(() => {
      const blank = Object.assign(document.createElement("a"), { href: "/terms", target: "_blank", textContent: "Terms in a new tab" });
      const download = Object.assign(document.createElement("a"), { href: "/robots.txt", download: "robots.txt", textContent: "Download" });
      document.getElementById("main")?.prepend(blank, download);
    });
    const tab = context.waitForEvent("page");
    await page.getByRole("link", { name: "Terms in a new tab" }).click();
    await (await tab).close();
    const file = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download", exact: true }).click();
    await (await file).cancel();
    expect(page.url()).toBe(`${ctx.url}/#contact`);
    expect(await seenLoading(page)).toBeNull();
  });

  it("a page restored from the back/forward cache does not keep showing it", async () => {
    // Playwright turns the cache off by default; newPage()'s CSP binding would keep pages out of it too.
    const browser = await chromium.launch({
      executablePath: await findChromium(),
      headless: true,
      args: [...CHROMIUM_ARGS],
      ignoreDefaultArgs: ["--disable-back-forward-cache"],
    });
    try {
      const page = await browser.newPage();
      await recordLoading(page);
      await page.addInitScript(() => addEventListener("pageshow", (event) => ((window as unknown as { restored: boolean }).restored = event.persisted)));
      // Chrome may still load the page afresh instead of restoring it (it keeps pages in the cache
      // only while it has room): the visit is tried again, three times at most, until it is restored.
      let restored = false;
      for (let attempt = 0; attempt < 3 && !restored; attempt++) {
        await visit(page, `${ctx.url}/`);
        await followNow(page, "Platform Overview", "banner");
        await page.waitForURL(`${ctx.url}/platform`);
        expect(await seenLoading(page)).toMatchObject({ path: "/", text: "Loading..." });
        await page.getByRole("heading", { level: 1 }).waitFor();
        await page.goBack({ waitUntil: "commit" });
        await page.waitForURL(`${ctx.url}/`, { waitUntil: "commit" });
        // pageshow comes after the commit.
        await page.waitForFunction(() => (window as unknown as { restored?: boolean }).restored !== undefined);
        restored = await page.evaluate(() => (window as unknown as { restored: boolean }).restored);
      }
      expect(restored).toBe(true);
      expect(await loading(page).isVisible()).toBe(false);
    } finally {
      await browser.close();
    }
  });
});

/**
 * How many frames a smooth scroll shows depends on how busy the machine is (the compositor scrolls
 * on while the main thread, which samples, waits): a test of it is retried before it fails.
 */
const SMOOTH = { retry: 2 } as const;

describe("hash links scroll smoothly to their target", () => {
  it("on Home, the header's Contact glides to the section, adds a history entry, and Tab continues there", SMOOTH, async () => {
    const { page } = await newPage(ctx.browser);
    await sampleScrollEveryFrame(page);
    await visit(page, `${ctx.url}/`);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    const entries = await page.evaluate(() => history.length);
    await page.getByRole("banner").getByRole("link", { name: "Contact", exact: true }).click();
    await page.waitForURL(`${ctx.url}/#contact`);
    const end = await settledScrollY(page);
    expect(Math.abs((await contactTop(page)) ?? Infinity)).toBeLessThan(2);
    expect(between(await samplesOf(page), end).length).toBeGreaterThanOrEqual(2);
    expect(await page.evaluate(() => history.length)).toBe(entries + 1);
    expect(await page.evaluate(() => document.querySelector(":target")?.id)).toBe("contact");

    // As after a plain hash link: the keyboard continues from the section.
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest("#contact")))).toBe(true);

    await page.goBack();
    await page.waitForURL(`${ctx.url}/`);
  });

  it("on Home before its script has laid out the sections below the hero, the header's Contact still lands on the section", SMOOTH, async () => {
    const { page } = await newPage(ctx.browser, { ignore: [/Failed to load resource: net::ERR_FAILED/] });
    // Home's island loader never arrives: the sections keep the first paint's guessed sizes.
    await page.route("**/assets/islands-home*.js", (route) => route.abort());
    await sampleScrollEveryFrame(page);
    await visit(page, `${ctx.url}/`);
    expect(await page.locator("#contact[data-deferred-layout]").count()).toBe(1);
    await page.getByRole("banner").getByRole("link", { name: "Contact", exact: true }).click();
    await page.waitForURL(`${ctx.url}/#contact`);
    await settledScrollY(page);
    expect(Math.abs((await contactTop(page)) ?? Infinity)).toBeLessThan(2);
  });

  it("with reduced motion, the same link jumps", async () => {
    const { page } = await newPage(ctx.browser, { reducedMotion: "reduce" });
    await sampleScrollEveryFrame(page);
    await visit(page, `${ctx.url}/`);
    await page.getByRole("banner").getByRole("link", { name: "Contact", exact: true }).click();
    await page.waitForURL(`${ctx.url}/#contact`);
    const end = await settledScrollY(page);
    expect(end).toBeGreaterThan(500);
    expect(between(await samplesOf(page), end)).toEqual([]);
  });

  for (const from of ["/privacy", "/platform"]) {
    it(`from ${from}, the header's Contact opens Home at its top and glides to the section`, SMOOTH, async () => {
      const { page } = await newPage(ctx.browser);
      await sampleScrollEveryFrame(page);
      await visit(page, `${ctx.url}${from}`);
      await page.getByRole("banner").getByRole("link", { name: "Contact", exact: true }).click();
      await page.waitForURL(`${ctx.url}/#contact`);
      await page.waitForLoadState("load");
      const end = await settledScrollY(page);
      expect(Math.abs((await contactTop(page)) ?? Infinity)).toBeLessThan(2);
      expect(between(await samplesOf(page), end).length).toBeGreaterThanOrEqual(2);
    });
  }

  it("from another page with reduced motion, and on a direct load of /#contact, Home opens at the section", async () => {
    const { page } = await newPage(ctx.browser, { reducedMotion: "reduce" });
    await sampleScrollEveryFrame(page);
    await visit(page, `${ctx.url}/privacy`);
    await page.getByRole("banner").getByRole("link", { name: "Contact", exact: true }).click();
    await page.waitForURL(`${ctx.url}/#contact`);
    await page.waitForLoadState("load");
    const end = await settledScrollY(page);
    expect(Math.abs((await contactTop(page)) ?? Infinity)).toBeLessThan(2);
    expect(between(await samplesOf(page), end)).toEqual([]);

    const { page: direct } = await newPage(ctx.browser);
    await sampleScrollEveryFrame(direct);
    await visit(direct, `${ctx.url}/#contact`);
    const opened = await settledScrollY(direct);
    expect(Math.abs((await contactTop(direct)) ?? Infinity)).toBeLessThan(2);
    expect(between(await samplesOf(direct), opened)).toEqual([]);
  });
});
