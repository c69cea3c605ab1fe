/**
 * /team/insights in a real browser: what a member reads after real page views, on a desktop and a
 * phone (no sideways scroll of the page), in both contrast modes with axe; dates chosen in the form,
 * and a bad date answered in words.
 */
import crypto from "node:crypto";
import http from "node:http";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest, openDatabase } from "../../server/db/database";
import { checkA11y, launchBrowser, newPage } from "../support/browser";
import { visit } from "../support/e2e";
import { startSite, type Site } from "../support/site-server";

const MEMBER = "ann@example.com";
const CAMPAIGN = "spring-launch-2026-oversize-transport-webinar-series-with-permits";
const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";
let site: Site;
let browser: Browser;
let token: string;

const view = (path: string, address: string, headers: Record<string, string> = {}) =>
  new Promise<void>((resolve, reject) => {
    const req = http.request(`${site.url}${path}`, { agent: false, headers: { "user-agent": FIREFOX, "x-forwarded-for": address, ...headers } }, (response) => {
      response.resume();
      response.on("end", () => resolve());
    });
    req.on("error", reject);
    req.end();
  });

beforeAll(async () => {
  const dataDir = mkdtempSync(join(tmpdir(), "insights-e2e-"));
  const database = openDatabase({ kind: "sqlite", file: join(dataDir, "site.db") });
  await migrateToLatest(database.db);
  token = crypto.randomBytes(32).toString("base64url");
  await database.db.insertInto("team_members").values({ email: MEMBER, since: new Date(0).toISOString() }).execute();
  await database.db
    .insertInto("team_sessions")
    .values({ token_hash: crypto.createHash("sha256").update(token).digest("hex"), email: MEMBER, created_at: new Date().toISOString(), expires_at: new Date(Date.now() + 3_600_000).toISOString() })
    .execute();
  await database.close();
  [site, browser] = await Promise.all([startSite({ dataDir, env: { TRUST_PROXY: "1", TEAM_MEMBERS: MEMBER } }), launchBrowser()]);
  await view(`/?utm_source=linkedin&utm_campaign=${CAMPAIGN}`, "203.0.113.7", { referer: "https://www.linkedin.com/" });
  await view("/platform", "203.0.113.7");
  await view("/", "198.51.100.9", { referer: "https://www.google.com/" });
  // A lead of that long-named campaign, to see that a long label does not widen the page.
  const lead = await fetch(`${site.url}/contact`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: site.url },
    body: JSON.stringify({
      name: "Rita Route",
      email: "rita@example.com",
      category: "question",
      message: "Do you plan escorts?",
      attribution: { utm_source: "linkedin", utm_campaign: CAMPAIGN, landing_path: "/", converted_path: "/platform", referrer: "https://www.linkedin.com" },
    }),
  });
  expect(lead.status).toBe(200);
}, 60_000);

afterAll(async () => {
  await Promise.all([browser?.close(), site?.stop()]);
});

async function memberPage(viewport: { width: number; height: number }, contrast: "normal" | "high", ignore: RegExp[] = []) {
  const testPage = await newPage(browser, { viewport, ignore });
  await testPage.context.addCookies([{ name: "team_session", value: token, url: site.url }]);
  if (contrast === "high") await testPage.page.addInitScript(() => window === window.top && localStorage.setItem("contrast", "high"));
  return testPage;
}

describe("the insights page", () => {
  for (const contrast of ["normal", "high"] as const) {
    for (const [device, viewport] of [
      ["desktop", { width: 1366, height: 900 }],
      ["phone", { width: 390, height: 844 }],
    ] as const) {
      it(`shows where visitors and leads come from, passes axe, no sideways scroll (${device}, ${contrast} contrast)`, async () => {
        const { page } = await memberPage(viewport, contrast);
        // The views are written within a second of being served.
        await expect
          .poll(async () => {
            await visit(page, `${site.url}/team/overview`);
            await page.getByRole("link", { name: "Insights" }).first().click();
            await page.waitForURL(/\/team\/insights$/);
            return page.locator("dd").nth(1).textContent();
          }, { timeout: 10_000 })
          .toBe("3");
        await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Insights");
        const sources = page.getByRole("table", { name: /^Sources/ });
        await expect.poll(() => sources.getByRole("row", { name: /^linkedin/ }).locator("td").allTextContents()).toEqual(["1", "1", "100.0%", "2"]);
        await expect.poll(() => sources.getByRole("row", { name: /^https:\/\/www\.google\.com/ }).locator("td").allTextContents()).toEqual(["1", "0", "0.0%", "1"]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
        await checkA11y(page, { enhancedContrast: contrast === "high" });
      });
    }
  }

  it("shows chosen dates, and says what is wrong with a bad one", async () => {
    // The bad date's answer is a 400, which the browser logs.
    const { page } = await memberPage({ width: 1366, height: 900 }, "normal", [/status of 400 \(Bad Request\)/]);
    const today = new Date().toISOString().slice(0, 10);
    await visit(page, `${site.url}/team/insights?days=7`);
    await page.getByLabel("From", { exact: true }).fill(today);
    await page.getByLabel("To", { exact: true }).fill(today);
    await page.getByRole("button", { name: "Show" }).click();
    await page.waitForURL(`${site.url}/team/insights?from=${today}&to=${today}`);
    await expect.poll(() => page.getByRole("heading", { name: `${today} to ${today} (1 day)` }).count()).toBe(1);
    await visit(page, `${site.url}/team/insights?from=2026-02-30&to=2026-03-01`);
    await expect.poll(() => page.getByRole("alert").textContent()).toBe("From must be a date as YYYY-MM-DD.");
    await checkA11y(page);
  });
});
