/** The type every page shows: three weights, one family (decision 0108). */
import { describe, expect, it } from "vitest";
import { newPage } from "../support/browser";
import { useSiteAndBrowser, visit } from "../support/e2e";
import { SPEC_ROUTES } from "./routes";

const ctx = useSiteAndBrowser();

describe("type", () => {
  it("every page's visible text is regular, semibold or bold, in the device's interface font", async () => {
    const { page } = await newPage(ctx.browser, { viewport: { width: 390, height: 844 } });
    for (const route of SPEC_ROUTES) {
      await visit(page, ctx.url + route.path);
      // Each element that holds text itself and is drawn: its weight and its family list.
      const seen = await page.evaluate(() => {
        const weights = new Set<string>();
        const families = new Set<string>();
        for (const element of document.body.querySelectorAll("*")) {
          const ownText = [...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim());
          if (!ownText || element.getClientRects().length === 0) continue;
          const style = getComputedStyle(element);
          weights.add(style.fontWeight);
          families.add(style.fontFamily.split(",")[0]?.trim() ?? "");
        }
        return { weights: [...weights].sort(), families: [...families].sort() };
      });
      expect(seen.families, route.path).toEqual(["system-ui"]);
      for (const weight of seen.weights) expect(["400", "600", "700"], `${route.path}: font-weight ${weight}`).toContain(weight);
    }
  });
});
