/**
 * The product previews on Home and /platform as a visitor's browser gets them: each an image
 * described in words, its box laid out before it loads, fetched only when scrolled near, and there
 * with scripts off too (where browsers load every image at once).
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { previewText, type PreviewName } from "~/content/previews";
import type { Locale } from "~/shared/i18n/locale";
import { newPage } from "../support/browser";
import { useSiteAndBrowser, visit } from "../support/e2e";

const ctx = useSiteAndBrowser();

const NAMES: readonly PreviewName[] = ["routePlanner", "permitTracker", "costSimulator"];
const PHONE = { width: 390, height: 844 };

const previewImage = (page: Page, name: PreviewName, locale: Locale = "en") => {
  const { title, description } = previewText(name, locale);
  return page.getByRole("img", { name: `${title}. ${description}`, exact: true });
};

const shown = (page: Page, name: PreviewName, locale: Locale = "en") =>
  previewImage(page, name, locale).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth);

describe("product previews", () => {
  for (const path of ["/", "/platform"]) {
    it(`${path}: route planner, permit tracker and cost simulator, described, lazy, their boxes reserved (phone)`, async () => {
      const { page } = await newPage(ctx.browser, { viewport: PHONE });
      const requested: string[] = [];
      page.on("request", (request) => requested.push(new URL(request.url()).pathname));
      await visit(page, ctx.url + path);

      // None is fetched on arrival (all are far below the first screen), yet each has its box.
      const boxes = [];
      for (const name of NAMES) {
        const image = previewImage(page, name);
        expect(await image.count()).toBe(1);
        expect(await image.getAttribute("loading")).toBe("lazy");
        const box = await image.boundingBox();
        expect(box?.height).toBeGreaterThan(100);
        boxes.push(box);
      }
      expect(requested.filter((p) => p.startsWith("/assets/preview-"))).toEqual([]);

      // Scrolled to, each comes in the box it had: the picture's own shape, nothing moves.
      for (const [i, name] of NAMES.entries()) {
        const image = previewImage(page, name);
        await image.scrollIntoViewIfNeeded();
        await expect.poll(() => shown(page, name)).toBeGreaterThan(0);
        const box = await image.boundingBox();
        expect(box?.height).toBeCloseTo(boxes[i]?.height ?? -1, 0);
        const ratio = await image.evaluate((img: HTMLImageElement) => img.naturalHeight / img.naturalWidth);
        // Within its 1 px border on each side.
        expect(Math.abs((box?.height ?? 0) - (box?.width ?? 0) * ratio)).toBeLessThan(3);
      }
    });
  }

  it("are there without JavaScript, on Home and /platform, described in the page's language", async () => {
    const { page } = await newPage(ctx.browser, { javaScriptEnabled: false, viewport: PHONE });
    for (const path of ["/", "/platform", "/fr", "/fr/platform"]) {
      const locale: Locale = path.startsWith("/fr") ? "fr" : "en";
      await visit(page, ctx.url + path);
      for (const name of NAMES) {
        await previewImage(page, name, locale).scrollIntoViewIfNeeded();
        await expect.poll(() => shown(page, name, locale)).toBeGreaterThan(0);
        // The image drawn in the page's language.
        const src = await previewImage(page, name, locale).evaluate((img: HTMLImageElement) => img.currentSrc);
        expect(src.includes("-fr-"), src).toBe(locale === "fr");
      }
    }
  });
});
