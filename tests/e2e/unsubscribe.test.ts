/**
 * The unsubscribe page in the browser — without JavaScript (subscribe with the plain
 * form, open the link, press the one button), and axe in both contrast modes.
 */
import { describe, expect, it } from "vitest";
import { UNSUBSCRIBE_MESSAGES } from "../../app/features/newsletter/unsubscribe-contract";
import { NewsletterKeys } from "../../server/newsletter/keys";
import { checkA11y, newPage } from "../support/browser";
import { useSiteAndBrowser, visit } from "../support/e2e";
import { readSiteDb } from "../integration/leads-helpers";

const SECRET = "e2e-unsubscribe-secret-0123456789-abcdef";
const keys = new NewsletterKeys(SECRET);
const ctx = useSiteAndBrowser({ env: { SESSION_SECRET: SECRET } });

const tokenFor = (email: string): string =>
  keys.token(
    readSiteDb(ctx.site.dataDir, (db) => (db.prepare("select unsubscribe_key from subscribers where email_normalized = ?").get(email) as { unsubscribe_key: string }).unsubscribe_key),
  );
const statusOf = (email: string): string =>
  readSiteDb(ctx.site.dataDir, (db) => (db.prepare("select status from subscribers where email_normalized = ?").get(email) as { status: string }).status);

describe("unsubscribe page", () => {
  it("works without JavaScript: subscribe, open the link (nothing changes), press the button", async () => {
    const { page } = await newPage(ctx.browser, { javaScriptEnabled: false });
    await visit(page, `${ctx.url}/newsletter`);
    await page.getByPlaceholder("Your email address").fill("nojs@example.com");
    await page.getByRole("button", { name: "Subscribe" }).click();
    await expect.poll(() => page.getByText("Thank you for subscribing!").count()).toBeGreaterThan(0);
    expect(readSiteDb(ctx.site.dataDir, (db) => db.prepare("select consent_page from subscribers where email_normalized = ?").get("nojs@example.com"))).toEqual({ consent_page: "/newsletter" });

    await visit(page, `${ctx.url}/unsubscribe?token=${encodeURIComponent(tokenFor("nojs@example.com"))}`);
    await expect.poll(() => page.getByText(UNSUBSCRIBE_MESSAGES.confirm("en")).count()).toBe(1);
    expect(statusOf("nojs@example.com")).toBe("active");
    await page.getByRole("button", { name: UNSUBSCRIBE_MESSAGES.button("en") }).click();
    await expect.poll(() => page.getByText(UNSUBSCRIBE_MESSAGES.unsubscribed("en")).count()).toBe(1);
    expect(statusOf("nojs@example.com")).toBe("unsubscribed");
  });

  for (const contrast of ["normal", "high"] as const) {
    it(`axe: confirm, done and invalid states (${contrast} contrast)`, async () => {
      const email = `axe-${contrast}@example.com`;
      const response = await fetch(`${ctx.url}/newsletter`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email }) });
      expect(response.status).toBe(200);
      const { page } = await newPage(ctx.browser, { ignore: [/status of 400/] });
      if (contrast === "high") await page.addInitScript(() => window === window.top && localStorage.setItem("contrast", "high"));
      await visit(page, `${ctx.url}/unsubscribe?token=${encodeURIComponent(tokenFor(email))}`);
      await checkA11y(page, { enhancedContrast: contrast === "high" });
      await page.getByRole("button", { name: UNSUBSCRIBE_MESSAGES.button("en") }).click();
      await expect.poll(() => page.getByText(UNSUBSCRIBE_MESSAGES.unsubscribed("en")).count()).toBe(1);
      await checkA11y(page, { enhancedContrast: contrast === "high" });
      await visit(page, `${ctx.url}/unsubscribe?token=not-a-token`);
      await expect.poll(() => page.getByText(UNSUBSCRIBE_MESSAGES.invalid("en")).count()).toBe(1);
      await checkA11y(page, { enhancedContrast: contrast === "high" });
    });
  }
});
