/**
 * Every page of spec §2, navigation, scrolling, banner, mobile menu, 404, no-JS. Long because one
 * started site and browser serve every check of the frame that all pages share.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { newPage } from "../support/browser";
import { introduce, openChat } from "../support/chat-page";
import { useSiteAndBrowser, visit } from "../support/e2e";
import { repoRoot } from "../support/paths";
import { LEGAL_LINKS, SPEC_ROUTES } from "./routes";

const ctx = useSiteAndBrowser();

/** The element's top edge relative to the viewport, or null if it does not exist. */
const topOf = (page: Page, id: string) =>
  page.evaluate((id) => document.getElementById(id)?.getBoundingClientRect().top ?? null, id);

/** True when the element's top is in the upper half of the viewport, or the page cannot scroll further. */
const inView = (page: Page, id: string) =>
  page.evaluate((id) => {
    const el = document.getElementById(id);
    if (!el) return false;
    const { top, bottom } = el.getBoundingClientRect();
    const atBottom = Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight;
    return top >= -2 && (top <= window.innerHeight / 2 || (atBottom && bottom > 0 && top < window.innerHeight));
  }, id);

describe("every route of §2", () => {
  for (const route of SPEC_ROUTES) {
    it(`${route.path} renders its h1, title, header, footer, with no console error or CSP violation`, async () => {
      const { page } = await newPage(ctx.browser);
      const response = await visit(page, ctx.url + route.path);
      expect(response.status()).toBe(200);
      const h1 = page.getByRole("heading", { level: 1 });
      expect(await h1.count()).toBe(1);
      expect((await h1.innerText()).trim()).toMatch(route.h1);
      const title = await page.title();
      expect(title.length).toBeGreaterThan(5);
      if (route.path !== "/") expect(title).toContain((await h1.innerText()).trim());
      expect(await page.locator('meta[name="description"]').getAttribute("content")).toBeTruthy();
      // After hydration: exactly one canonical URL and one og:url, the page's own, on the origin served.
      expect(await page.locator('link[rel="canonical"]').evaluateAll((links) => links.map((link) => link.getAttribute("href")))).toEqual([
        ctx.url + route.path,
      ]);
      expect(await page.locator('meta[property="og:url"]').evaluateAll((tags) => tags.map((tag) => tag.getAttribute("content")))).toEqual([
        ctx.url + route.path,
      ]);
      await page.getByRole("banner").getByRole("link", { name: "Platform Overview" }).waitFor();
      for (const link of LEGAL_LINKS) {
        expect(await page.getByRole("contentinfo").getByRole("link", { name: link.name, exact: true }).getAttribute("href")).toBe(link.path);
      }
    });
  }

  it("titles are unique", async () => {
    const { page } = await newPage(ctx.browser, { javaScriptEnabled: false });
    const titles = new Set<string>();
    for (const route of SPEC_ROUTES) {
      await visit(page, ctx.url + route.path);
      titles.add(await page.title());
    }
    expect(titles.size).toBe(SPEC_ROUTES.length);
  });
});

describe("readable without JavaScript", () => {
  for (const route of SPEC_ROUTES) {
    it(route.path, async () => {
      const { page } = await newPage(ctx.browser, { javaScriptEnabled: false });
      await visit(page, ctx.url + route.path);
      const main = await page.locator("main").innerText();
      expect(main.length).toBeGreaterThan(300);
      // Each text is on the page and visible once scrolled to (sections below the first screen
      // are laid out only when near it, content-visibility: auto, so innerText skips them).
      for (const text of route.mustContain) {
        const match = page.locator("main").getByText(text).first();
        await match.scrollIntoViewIfNeeded();
        expect(await match.isVisible(), text).toBe(true);
      }
      expect(await page.getByRole("heading", { level: 1 }).isVisible()).toBe(true);
    });
  }

  it("the header links are visible and usable on a phone", async () => {
    const { page } = await newPage(ctx.browser, { javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    await visit(page, `${ctx.url}/privacy`);
    const link = page.getByRole("banner").getByRole("link", { name: "Platform Overview" });
    expect(await link.isVisible()).toBe(true);
    await link.click();
    await page.waitForURL(`${ctx.url}/platform`);
  });
});

describe("navigation", () => {
  it("a client-side navigation moves the one canonical URL to the new page", async () => {
    const { page } = await newPage(ctx.browser);
    // From a page React Router hydrates: the legal pages, Home and /platform (islands) run no
    // React Router, their links are page loads.
    await visit(page, `${ctx.url}/contact`);
    await page.getByRole("contentinfo").getByRole("link", { name: "Terms of Service", exact: true }).click();
    await page.waitForURL(`${ctx.url}/terms`);
    const canonicals = () => page.locator('link[rel="canonical"]').evaluateAll((links) => links.map((link) => link.getAttribute("href")));
    await expect.poll(canonicals).toEqual([`${ctx.url}/terms`]);
  });

  it("header links go to /platform, /#chat and /#contact; the hash target scrolls into view", async () => {
    const { page } = await newPage(ctx.browser);
    await visit(page, `${ctx.url}/privacy`);
    const header = page.getByRole("banner");

    await header.getByRole("link", { name: "Platform Overview" }).click();
    await page.waitForURL(`${ctx.url}/platform`);
    await page.getByRole("heading", { level: 1, name: /platform/i }).waitFor();

    await header.getByRole("link", { name: "AI Assistant" }).click();
    await page.waitForURL(`${ctx.url}/#chat`);
    await expect.poll(() => inView(page, "chat"), { timeout: 5_000 }).toBe(true);

    // A same-document hash change: no load event to wait for, only the URL.
    await header.getByRole("link", { name: "Contact" }).click();
    await expect.poll(() => page.url(), { timeout: 15_000 }).toBe(`${ctx.url}/#contact`);
    await expect.poll(() => inView(page, "contact"), { timeout: 5_000 }).toBe(true);
  });

  it("with reduced motion the hash target is reached too, and a direct load of /#contact opens there", async () => {
    const { page } = await newPage(ctx.browser, { reducedMotion: "reduce" });
    await visit(page, `${ctx.url}/platform`);
    await page.getByRole("banner").getByRole("link", { name: "AI Assistant" }).click();
    await page.waitForURL(`${ctx.url}/#chat`);
    await expect.poll(() => inView(page, "chat"), { timeout: 2_000 }).toBe(true);

    // A fresh tab: going from /#chat to /#contact in the same tab is a same-document hash change.
    const { page: direct } = await newPage(ctx.browser, { reducedMotion: "reduce" });
    await visit(direct, `${ctx.url}/#contact`);
    await expect.poll(() => inView(direct, "contact"), { timeout: 2_000 }).toBe(true);
  });

  it("a route change scrolls to the top", async () => {
    // A client-side route change, from a page React Router hydrates (a short viewport, so it scrolls).
    const { page } = await newPage(ctx.browser, { viewport: { width: 390, height: 400 } });
    await visit(page, `${ctx.url}/contact`);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
    await page.getByRole("contentinfo").getByRole("link", { name: "Terms of Service", exact: true }).click();
    await page.waitForURL(`${ctx.url}/terms`);
    await page.getByRole("heading", { level: 1, name: "Terms of Service" }).waitFor();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  it("Home opens at its top", async () => {
    const { page } = await newPage(ctx.browser);
    await visit(page, `${ctx.url}/`);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await topOf(page, "features")).not.toBeNull();
  });

  it("shows Loading... while the next screen loads", async () => {
    const { page } = await newPage(ctx.browser);
    // From a page React Router hydrates (Home and /platform are islands: their links are page loads).
    await visit(page, `${ctx.url}/contact`);
    // Hold back every script the next navigation needs, so the fallback has time to show.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/.*\.js$|\.data(\?|$)|__manifest/, async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole("contentinfo").getByRole("link", { name: "Terms of Service", exact: true }).click();
    await page.getByRole("status").getByText("Loading...").waitFor({ timeout: 5_000 });
    release();
    await page.waitForURL(`${ctx.url}/terms`);
    await page.getByRole("heading", { level: 1, name: "Terms of Service" }).waitFor();
    await page.getByRole("status").getByText("Loading...").waitFor({ state: "hidden" });
  });

  it("shows Loading... in Home's lazily loaded sections while their code loads after an in-app navigation", async () => {
    const { page } = await newPage(ctx.browser);
    await visit(page, `${ctx.url}/contact`);
    // Hold back the code of the contact and newsletter sections (their own chunks, loaded by Home).
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/(?:contact-section|newsletter-block)-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole("banner").getByRole("link", { name: "Contact" }).click();
    await page.waitForURL(`${ctx.url}/#contact`);
    for (const id of ["contact", "newsletter"]) {
      await page.locator(`#${id}`).getByRole("status").getByText("Loading...", { exact: true }).waitFor({ timeout: 5_000 });
    }
    release();
    await page.locator("#contact").getByRole("heading", { name: "Contact us" }).waitFor();
    await page.locator("#newsletter").getByRole("button").first().waitFor();
    for (const id of ["contact", "newsletter"]) expect(await page.locator(`#${id}`).getByText("Loading...").count()).toBe(0);
  });

  it("shows Loading... in the chat section while the chat's code loads", async () => {
    const { page } = await newPage(ctx.browser);
    await visit(page, `${ctx.url}/contact`);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/chat-widget-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole("banner").getByRole("link", { name: "AI Assistant" }).click();
    await page.waitForURL(`${ctx.url}/#chat`);
    const loading = page.locator("#chat").getByRole("status").getByText("Loading...", { exact: true });
    await loading.waitFor({ timeout: 5_000 });
    release();
    await loading.waitFor({ state: "detached" });
    await page.locator("#chat").getByPlaceholder("Enter your name...").waitFor();
  });
});

describe("malformed hashes", () => {
  // decodeURIComponent("%E0") throws URIError; a bad link must still show the page, not the error screen.
  for (const [path, h1] of [
    ["/#%E0", /^Professional Solutions for Heavy Transport Industry$/],
    ["/platform#%E0%A4", /platform/i],
  ] as const) {
    it(`${path} shows the page with its h1, no error screen, no console error`, async () => {
      const { page } = await newPage(ctx.browser);
      const response = await visit(page, ctx.url + path);
      expect(response.status()).toBe(200);
      // The island loader opened the page at the hash (visit() waits for it to have run), then laid
      // out, one idle moment at a time, the sections the first paint left: it has done its work.
      await expect.poll(() => page.locator("[data-deferred-layout]").count(), { timeout: 15_000 }).toBe(0);
      const heading = page.getByRole("heading", { level: 1 });
      expect(await heading.count()).toBe(1);
      expect((await heading.innerText()).trim()).toMatch(h1);
      expect(await page.getByText("Something went wrong").count()).toBe(0);
    });
  }

  it("a malformed hash set after load (same-document navigation) keeps the page too", async () => {
    const { page } = await newPage(ctx.browser);
    await visit(page, `${ctx.url}/platform`);
    // The page's own listeners of the change have run when it reaches this one, added after them;
    // then a frame for what they left to it.
    await page.evaluate(
      () =>
        new Promise((resolve) => {
          addEventListener("hashchange", () => requestAnimationFrame(resolve), { once: true });
          window.location.hash = "%E0%A4";
        }),
    );
    await page.waitForURL(`${ctx.url}/platform#%E0%A4`);
    expect((await page.getByRole("heading", { level: 1 }).innerText()).trim()).toMatch(/platform/i);
    expect(await page.getByText("Something went wrong").count()).toBe(0);
  });
});

describe("announcement banner", () => {
  it("says the platform is being launched, dismisses, and stays dismissed after a reload", async () => {
    const { page } = await newPage(ctx.browser);
    await visit(page, `${ctx.url}/`);
    const banner = page.getByText(/is being launched.*stay tuned/i);
    expect(await banner.isVisible()).toBe(true);
    expect(await banner.evaluate((el) => getComputedStyle(el.closest("[id], [role]") ?? el).backgroundColor)).toMatch(
      /^rgb\((1[5-9]\d|2\d\d), \d{1,2}, \d{1,2}\)$/, // red
    );
    await page.getByRole("button", { name: /dismiss/i }).click();
    await banner.waitFor({ state: "hidden" });
    await page.reload({ waitUntil: "domcontentloaded" });
    expect(await banner.isVisible()).toBe(false);
    await visit(page, `${ctx.url}/platform`);
    expect(await banner.isVisible()).toBe(false);
  });
});

describe("mobile menu (390 px)", () => {
  it("opens and closes with the button, reflecting aria-expanded; Escape and navigation close it", async () => {
    const { page } = await newPage(ctx.browser, { viewport: { width: 390, height: 844 } });
    await visit(page, `${ctx.url}/`);
    const header = page.getByRole("banner");
    const button = header.getByRole("button", { name: /menu/i });
    const link = header.getByRole("link", { name: "Platform Overview" });

    expect(await button.getAttribute("aria-expanded")).toBe("false");
    expect(await link.isVisible()).toBe(false);

    await button.click();
    expect(await button.getAttribute("aria-expanded")).toBe("true");
    await link.waitFor({ state: "visible" });

    await button.click();
    expect(await button.getAttribute("aria-expanded")).toBe("false");
    await link.waitFor({ state: "hidden" });

    await button.click();
    await link.waitFor({ state: "visible" });
    await page.keyboard.press("Escape");
    await link.waitFor({ state: "hidden" });
    expect(await button.getAttribute("aria-expanded")).toBe("false");

    await button.click();
    await link.click();
    await page.waitForURL(`${ctx.url}/platform`);
    await link.waitFor({ state: "hidden" });
    expect(await button.getAttribute("aria-expanded")).toBe("false");
  });
});

describe("legal pages: no framework JavaScript", () => {
  it("ship only inline script, at most 5 KB, and their links are ordinary page loads", async () => {
    const { page } = await newPage(ctx.browser);
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(request.url());
    });
    for (const link of LEGAL_LINKS) {
      await visit(page, ctx.url + link.path);
      expect(await page.locator("script[src], link[rel=modulepreload]").count()).toBe(0);
      const inline = await page.locator("script").evaluateAll((elements) => elements.reduce((sum, el) => sum + (el.textContent ?? "").length, 0));
      expect(inline).toBeGreaterThan(0);
      expect(inline).toBeLessThanOrEqual(5 * 1024);
      expect(await page.evaluate(() => "__reactRouterDataRouter" in window)).toBe(false);
    }
    expect(scripts).toEqual([]);
    // A page load, not a client-side navigation: the document is a new one.
    await page.evaluate(() => ((window as unknown as { __marker: boolean }).__marker = true));
    await page.getByRole("banner").getByRole("link", { name: "Platform Overview" }).click();
    await page.waitForURL(`${ctx.url}/platform`);
    expect(await page.evaluate(() => "__marker" in window)).toBe(false);
  });

  it("the banner dismisses and the mobile menu opens, closes and closes on Escape without React", async () => {
    const { page } = await newPage(ctx.browser, { viewport: { width: 390, height: 844 } });
    await visit(page, `${ctx.url}/terms`);
    const header = page.getByRole("banner");
    const button = header.getByRole("button", { name: /menu/i });
    const link = header.getByRole("link", { name: "Platform Overview" });
    expect(await button.getAttribute("aria-expanded")).toBe("false");
    expect(await link.isVisible()).toBe(false);
    await button.click();
    expect(await button.getAttribute("aria-expanded")).toBe("true");
    await link.waitFor({ state: "visible" });
    await button.click();
    await link.waitFor({ state: "hidden" });
    await button.click();
    await link.waitFor({ state: "visible" });
    await page.keyboard.press("Escape");
    await link.waitFor({ state: "hidden" });
    expect(await button.getAttribute("aria-expanded")).toBe("false");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("menu-button");

    const banner = page.getByText(/is being launched.*stay tuned/i);
    expect(await banner.isVisible()).toBe(true);
    await page.getByRole("button", { name: /dismiss/i }).click();
    await banner.waitFor({ state: "hidden" });
    await visit(page, `${ctx.url}/`);
    expect(await banner.isVisible()).toBe(false);
  });
});

describe("legal pages: sections laid out with the page (decision 0106)", () => {
  it("every 'On this page' link, and a direct load of its #hash, brings its heading to the top of the screen; the page keeps its length", async () => {
    const { page } = await newPage(ctx.browser, { viewport: { width: 390, height: 844 } });
    await visit(page, `${ctx.url}/privacy`);
    const targets = await page.getByRole("navigation", { name: "On this page" }).getByRole("link").evaluateAll((links) => links.map((a) => a.getAttribute("href")!.slice(1)));
    expect(targets.length).toBeGreaterThan(3);
    const length = () => page.evaluate(() => document.documentElement.scrollHeight);
    const before = await length();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    // Two frames for the browser to lay out what came into view.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(await length()).toBe(before);
    for (const id of [targets.at(-1)!, targets[2]!, targets[0]!]) {
      await page.getByRole("navigation", { name: "On this page" }).locator(`a[href="#${id}"]`).click();
      await expect.poll(() => inView(page, id), { timeout: 5_000 }).toBe(true);
      expect(await topOf(page, id)).toBeLessThan(100);
    }
    await visit(page, `${ctx.url}/terms`);
    await visit(page, `${ctx.url}/privacy#${targets.at(-2)!}`);
    await expect.poll(() => inView(page, targets.at(-2)!), { timeout: 5_000 }).toBe(true);
    expect(await topOf(page, targets.at(-2)!)).toBeLessThan(100);
  });
});

describe("the footer is laid out with the page (decision 0106)", () => {
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1366, height: 900 },
  ]) {
    it(`scrolling to the bottom lands at the bottom, and the page keeps its length (${viewport.width}px)`, async () => {
      const { page } = await newPage(ctx.browser, { viewport });
      for (const path of ["/", "/platform"]) {
        await visit(page, `${ctx.url}${path}`);
        // The island loader lays the sections the first paint left out one per idle moment after
        // the first paint (decisions 0106, 0133): the page has its real length once they all are.
        await expect.poll(() => page.locator("[data-deferred-layout]").count(), { timeout: 10_000 }).toBe(0);
        const length = () => page.evaluate(() => document.documentElement.scrollHeight);
        const before = await length();
        // As the End key does, then two frames for the browser to lay out what came into view.
        await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: "instant" }));
        await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
        expect(await length(), `${path}: the page's length once at the bottom`).toBe(before);
        const bottom = await page.evaluate(() => Math.ceil(window.scrollY + window.innerHeight));
        expect(bottom, `${path}: where the screen ends`).toBeGreaterThanOrEqual(before);
        await page.getByTestId("ai-disclaimer").evaluate((el) => {
          const { bottom } = el.getBoundingClientRect();
          if (bottom < 0 || bottom > window.innerHeight) throw new Error(`the footer's last line is off the screen (${bottom} px)`);
        });
      }
    });
  }
});

describe("Home as islands (decision 0044)", () => {
  it("loads no React Router and no React until a section needs it; the sections hydrate in place", async () => {
    const { page } = await newPage(ctx.browser);
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    await visit(page, `${ctx.url}/`);
    expect(await page.evaluate(() => "__reactRouterContext" in window || "__reactRouterDataRouter" in window)).toBe(false);
    expect(await page.locator("link[rel=modulepreload]").count()).toBe(0);
    const sources = await page.locator("script[src]").evaluateAll((elements) => elements.map((el) => new URL((el as HTMLScriptElement).src).pathname));
    expect(sources).toEqual([expect.stringMatching(/^\/assets\/islands-home-[\w-]+\.js$/)]);
    // At the top of the page: the island loader (and the hero video's player, once idle), no React.
    expect(scripts.filter((path) => path.startsWith("/assets/islands-home-"))).toHaveLength(1);
    expect(await page.locator("[data-island][data-hydrated]").count()).toBe(0);

    // Near a section: React comes, and the section hydrates without changing what is shown.
    const newsletter = page.locator("#newsletter");
    const before = await newsletter.innerHTML();
    await newsletter.scrollIntoViewIfNeeded();
    await page.locator("#newsletter[data-hydrated]").waitFor();
    expect(await newsletter.innerHTML()).toBe(before);
    expect(scripts.length).toBeGreaterThan(1);

    // Links are ordinary page loads.
    await page.evaluate(() => ((window as unknown as { __marker: boolean }).__marker = true));
    await page.getByRole("banner").getByRole("link", { name: "Platform Overview" }).click();
    await page.waitForURL(`${ctx.url}/platform`);
    expect(await page.evaluate(() => "__marker" in window)).toBe(false);
  });

  it("/platform: no React Router; the tabs run without React and the information buttons hydrate in place", async () => {
    const { page } = await newPage(ctx.browser);
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    await visit(page, `${ctx.url}/platform`);
    expect(await page.evaluate(() => "__reactRouterContext" in window || "__reactRouterDataRouter" in window)).toBe(false);
    expect(scripts.filter((path) => path.startsWith("/assets/islands-platform-"))).toHaveLength(1);
    expect(scripts.filter((path) => /chat-widget|islands-home-/.test(path))).toEqual([]);
    // Opened at its top, the page loads no React: each button hydrates when it comes near. The
    // loader's work after load is done (the sections the first paint left are laid out, and an idle
    // callback asked now runs after every one it asked for): no script has been asked for since.
    const loaded = scripts.length;
    await expect.poll(() => page.locator("[data-deferred-layout]").count(), { timeout: 15_000 }).toBe(0);
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => resolve(null))));
    expect(scripts.slice(loaded)).toEqual([]);
    const far = await page
      .locator('[data-island="request-info"]')
      .evaluateAll((islands) => islands.filter((island) => island.getBoundingClientRect().top > innerHeight + 400).map((island) => island.hasAttribute("data-hydrated")));
    expect(far.length).toBeGreaterThan(0);
    expect(far).toEqual(far.map(() => false));
    for (const island of await page.locator('[data-island="request-info"]').all()) {
      await island.scrollIntoViewIfNeeded();
      await expect.poll(() => island.getAttribute("data-hydrated"), { timeout: 15_000 }).not.toBeNull();
    }
    expect(await page.locator('[data-island="request-info"][data-hydrated]').count()).toBe(4);
    expect(await page.getByRole("button", { name: /^Request More Information about/ }).count()).toBe(4);
  });
});

/** The site's whole stylesheet, as the build wrote it (hydrated pages link it). */
function wholeStylesheet(): string {
  const assets = join(repoRoot, "build/client/assets");
  const [file, ...others] = readdirSync(assets).filter((name) => /^app-.*\.css$/.test(name));
  if (!file || others.length) throw new Error(`expected one app-*.css in ${assets}`);
  return readFileSync(join(assets, file), "utf8");
}

/**
 * The classes on the page now that the site's whole stylesheet styles but the page's own CSS does
 * not: what an island rendered after load would show unstyled.
 */
const unstyledClasses = (page: Page, whole: string) =>
  page.evaluate((whole) => {
    const classesOf = (rules: CSSRuleList, names = new Set<string>()) => {
      for (const rule of Array.from(rules)) {
        if (rule instanceof CSSStyleRule) for (const match of rule.selectorText.matchAll(/\.((?:\\.|[\w-])+)/g)) names.add(match[1]!.replace(/\\(.)/g, "$1"));
        if ("cssRules" in rule) classesOf((rule as CSSGroupingRule).cssRules, names);
      }
      return names;
    };
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(whole);
    const styled = classesOf(sheet.cssRules);
    const own = new Set<string>();
    for (const pageSheet of Array.from(document.styleSheets)) classesOf(pageSheet.cssRules, own);
    const used = new Set(Array.from(document.querySelectorAll("[class]")).flatMap((element) => Array.from(element.classList)));
    return [...used].filter((name) => styled.has(name) && !own.has(name)).sort();
  }, whole);

describe("island pages' own CSS (decision 0115)", () => {
  it("what the islands render after load is styled: the request form's modal with its errors, the chat after the lead", async () => {
    const whole = wholeStylesheet();
    const { page } = await newPage(ctx.browser, { ignore: [/status of 400/] });
    await visit(page, `${ctx.url}/platform`);
    await page.getByRole("link", { name: "Request More Information about Government plans" }).focus();
    const opener = page.getByRole("button", { name: "Request More Information about Government plans" });
    await expect.poll(() => opener.evaluate((button) => button === document.activeElement), { timeout: 15_000 }).toBe(true);
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Request More Information" });
    await dialog.getByRole("button", { name: "Send request" }).click();
    await dialog.getByText("Please enter your phone number.").waitFor();
    expect(await unstyledClasses(page, whole)).toEqual([]);

    const chat = await openChat(page, ctx.url);
    await introduce(chat, "Ada", "ada@example.com");
    await chat.root.getByRole("button", { name: "Ask the team" }).waitFor();
    expect(await unstyledClasses(page, whole)).toEqual([]);
  });
});

describe("unknown routes", () => {
  it("answer 404 with a helpful page that links home", async () => {
    const { page } = await newPage(ctx.browser, { ignore: [/status of 404/] });
    const response = await visit(page, `${ctx.url}/no-such-page`);
    expect(response.status()).toBe(404);
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toMatch(/not found|404/i);
    expect(await page.locator('main a[href="/"]').count()).toBeGreaterThan(0);
  });
});
