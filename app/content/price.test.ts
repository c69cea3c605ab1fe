import { describe, expect, it } from "vitest";
import { platform } from "~/content/platform";
import { formatPrice } from "./price";

describe("formatPrice", () => {
  it("writes the English prices exactly as the spec does", () => {
    const written = platform.en.planGroups.flatMap((group) => group.plans.map((plan) => formatPrice(plan.price, "en")));
    expect(written).toEqual(["$20/month", "$100/month", "Custom", "Custom", "Custom", "Custom", "$299", "$799", "Custom", "$49", "$199", "$349"]);
  });

  it("writes the French prices the Canadian French way, a non-breaking space before the dollar sign", () => {
    expect(formatPrice({ usd: 20, monthly: true }, "fr")).toBe("20\u00a0$/mois");
    expect(formatPrice({ usd: 299 }, "fr")).toBe("299\u00a0$");
    expect(formatPrice({ usd: null }, "fr")).toBe("Sur mesure");
    expect(formatPrice({ usd: 1000 }, "fr")).toMatch(/^1\s000\u00a0\$$/);
    expect(formatPrice({ usd: 1000 }, "en")).toBe("$1,000");
  });
});
