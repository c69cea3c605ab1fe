/**
 * /platform: the sticky tabs follow the scroll position. The active tab (aria-current="true")
 * is the section whose box contains the point 100 px from the top of the viewport (spec §2, §9).
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { newPage } from "../support/browser";
import { useSiteAndBrowser, visit } from "../support/e2e";

const ctx = useSiteAndBrowser();
const SECTIONS = ["features", "subscriptions", "government", "training", "tokens", "vision"] as const;

/** The id of the section containing y = 100 (as the spec defines it), or null. */
const sectionAt100 = (page: Page) =>
  page.evaluate((ids) => {
    for (const id of ids) {
      const box = document.getElementById(id)?.getBoundingClientRect();
      if (box && box.top <= 100 && box.bottom > 100) return id;
    }
    return null;
  }, SECTIONS as unknown as string[]);

/** The hash targets of the links marked aria-current="true" inside the tab navigation. */
const currentTabs = (page: Page) =>
  page.evaluate((ids) => {
    const links = [...document.querySelectorAll<HTMLAnchorElement>('a[aria-current="true"]')];
    return links.map((a) => a.hash.slice(1)).filter((hash) => ids.includes(hash));
  }, SECTIONS as unknown as string[]);

describe("/platform tabs", () => {
  it("has a tab linking to each section, and every section exists", async () => {
    const { page } = await newPage(ctx.browser, { javaScriptEnabled: false });
    await visit(page, `${ctx.url}/platform`);
    for (const id of SECTIONS) {
      expect(await page.locator(`[id="${id}"]`).count(), `section #${id}`).toBe(1);
      expect(await page.locator(`a[href$="#${id}"]`).count(), `tab to #${id}`).toBeGreaterThan(0);
    }
  });

  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    it(`the active tab follows scrolling (${viewport.width}px)`, async () => {
      const { page } = await newPage(ctx.browser, { viewport, reducedMotion: "reduce" });
      await visit(page, `${ctx.url}/platform`);
      const check = async (label: string) => {
        const expected = await sectionAt100(page);
        await expect
          .poll(() => currentTabs(page), { timeout: 3_000, message: `${label}: section at 100px is ${expected}` })
          .toEqual(expected ? [expected] : []);
        return expected;
      };

      for (const id of SECTIONS) {
        // Put the section's top 40 px above the activation line, then just below it.
        for (const offset of [60, 140]) {
          await page.evaluate(
            ([id, offset]) => {
              const el = document.getElementById(id);
              if (el) window.scrollTo({ top: el.getBoundingClientRect().top + window.scrollY - offset, behavior: "instant" });
            },
            [id, offset] as const,
          );
          const active = await check(`#${id} at ${offset}px`);
          if (offset === 60 && id !== "vision") expect(active).toBe(id);
        }
      }
      // And back up to the very top.
      await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
      await check("top of page");
    });
  }

  it("clicking a tab scrolls its section under the line and marks it current", async () => {
    const { page } = await newPage(ctx.browser, { reducedMotion: "reduce" });
    await visit(page, `${ctx.url}/platform`);
    await page.locator('a[href$="#training"]').first().click();
    await expect.poll(() => sectionAt100(page), { timeout: 3_000 }).toBe("training");
    await expect.poll(() => currentTabs(page), { timeout: 3_000 }).toEqual(["training"]);
  });

  /** Waits until the page has stopped scrolling (the same scroll position for 300 ms). */
  const scrollSettled = (page: Page) =>
    page.evaluate(
      () =>
        new Promise<void>((resolve, reject) => {
          let lastY = scrollY;
          let sameSince = performance.now();
          const deadline = sameSince + 10_000;
          const check = (now: number) => {
            if (scrollY !== lastY) [lastY, sameSince] = [scrollY, now];
            if (now - sameSince >= 300) resolve();
            else if (now > deadline) reject(new Error("the page kept scrolling"));
            else requestAnimationFrame(check);
          };
          requestAnimationFrame(check);
        }),
    );

  /**
   * Where a section landed under the sticky tab bar: its top's distance from the bar's bottom, and
   * whether its heading is on the screen, below the bar, within the top quarter.
   */
  const landing = (page: Page, id: string) =>
    page.evaluate((id) => {
      const section = document.getElementById(id);
      const heading = section?.querySelector("h2");
      const bar = document.querySelector('nav[aria-label="Platform sections"]');
      if (!section || !heading || !bar) throw new Error(`#${id}, its heading or the tab bar is missing`);
      const barBottom = bar.getBoundingClientRect().bottom;
      const top = heading.getBoundingClientRect().top;
      return {
        sectionFromBar: Math.round(section.getBoundingClientRect().top - barBottom),
        headingAtTop: top >= barBottom && top < barBottom + innerHeight / 4,
      };
    }, id);

  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1366, height: 900 },
  ]) {
    it(`every tab, clicked, lands with its section's heading right under the tab bar (${viewport.width}px, smooth scrolling)`, async () => {
      const { page } = await newPage(ctx.browser, { viewport });
      // From the top of a fresh page, as a visitor arriving taps one, then back up to the first.
      for (const [index, id] of [...SECTIONS, "features"].entries()) {
        if (index < SECTIONS.length) await visit(page, `${ctx.url}/platform`);
        await page.locator(`[data-tab-list] a[href$="#${id}"]`).click();
        await scrollSettled(page);
        const { sectionFromBar, headingAtTop } = await landing(page, id);
        expect(Math.abs(sectionFromBar), `#${id} starts ${sectionFromBar} px from the bar's bottom`).toBeLessThanOrEqual(4);
        expect(headingAtTop, `#${id}: its heading at the top, under the bar`).toBe(true);
        expect(await page.getByTestId("loading").isVisible(), "the Loading... pill").toBe(false);
        expect(await currentTabs(page)).toEqual([id]);
      }
    });
  }
});
