/**
 * Where a lead came from, in a real browser, as deployed: behind the TLS reverse proxy on the
 * public origin, a visitor follows a link on another site to Home with UTM parameters, reads
 * /platform and asks for Government information; a member sees that lead with its landing, its
 * referrer, its UTM and the page it converted on, and the insights count 1 visitor, 2 page views
 * and 1 lead for linkedin. With JavaScript off, the contact form's plain post carries the UTM and
 * path of the page it was posted from, and the insights count it too.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import http from "node:http";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTACT_MESSAGES } from "~/features/contact/messages";
import { INFO_REQUEST_MESSAGES } from "~/features/info-request/messages";
import { checkA11y, launchBrowser, newPage } from "../support/browser";
import { freePort } from "../support/ports";
import { startSite, type Site } from "../support/site-server";
import { PUBLIC_HOSTNAME, startTlsProxy, type TlsProxy } from "../support/tls-proxy";

const MEMBER = "ann@example.com";
let proxy: TlsProxy;
let site: Site;
let browser: Browser;
/** Another site, on its own loopback port, with a link to the campaign's landing. */
let elsewhere: http.Server;
let elsewhereOrigin: string;

beforeAll(async () => {
  const [upstreamPort, elsewherePort] = await Promise.all([freePort(), freePort()]);
  proxy = await startTlsProxy({ upstreamPort });
  elsewhereOrigin = `http://127.0.0.1:${elsewherePort}`;
  elsewhere = http.createServer((_req, res) => {
    res.setHeader("content-type", "text/html; charset=utf-8");
    res.end(`<!doctype html><title>A post</title><a href="${proxy.origin}/?utm_source=linkedin&amp;utm_campaign=launch">HeavyRoute launches</a>`);
  });
  await new Promise<void>((resolve) => elsewhere.listen(elsewherePort, "127.0.0.1", resolve));
  [site, browser] = await Promise.all([
    startSite({
      env: { HOST: "127.0.0.1", PORT: String(upstreamPort), PUBLIC_SITE_URL: proxy.origin, TRUST_PROXY: "1", RATE_LIMIT_POST_PER_MINUTE: "1000", TEAM_MEMBERS: MEMBER },
    }),
    launchBrowser({ args: [`--host-resolver-rules=MAP ${PUBLIC_HOSTNAME} 127.0.0.1`] }),
  ]);
});

afterAll(async () => {
  await Promise.all([browser?.close(), site?.stop(), new Promise((resolve) => elsewhere?.close(resolve))]);
  await proxy?.stop();
});

/** The sign-in link of the newest .eml under DATA_DIR/mail addressed to `to` (the site writes mail as files here). */
async function signInLink(to: string): Promise<string> {
  const dir = join(site.dataDir, "mail");
  for (let i = 0; i < 300; i++) {
    const files = existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith(".eml")).sort().reverse() : [];
    for (const name of files) {
      const text = readFileSync(join(dir, name), "utf8");
      const link = /https:\/\/\S+\/team\/sign-in\/link\?token=[\w-]+/.exec(text.replace(/=\r?\n/g, "").replace(/=3D/g, "="))?.[0];
      if (link && new RegExp(`^To: ${to}`, "m").test(text)) return link;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no sign-in mail for ${to} in ${dir}`);
}

let member: Page | undefined;
async function memberPage(): Promise<Page> {
  if (member) return member;
  const { page } = await newPage(browser, { ignoreHTTPSErrors: true, autoCheck: false });
  await page.goto(`${proxy.origin}/team`);
  await page.getByLabel("Work email").fill(MEMBER);
  await page.getByRole("button", { name: "Email me a sign-in link" }).click();
  await page.getByRole("status").filter({ hasText: "a sign-in link is on its way" }).waitFor();
  await page.goto(await signInLink(MEMBER));
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.waitForURL(`${proxy.origin}/team`);
  member = page;
  return page;
}

/** The lead's attribution as the member reads it on the lead's page: label → value. */
async function shownAttribution(page: Page): Promise<Record<string, string>> {
  const section = page.getByRole("region", { name: "Where this lead came from" });
  return section
    .locator("dl > div")
    .evaluateAll((rows): Record<string, string> => Object.fromEntries(rows.map((row) => [row.querySelector("dt")?.textContent ?? "", row.querySelector("dd")?.textContent ?? ""])));
}

/** Opens the only lead of this source and campaign from the leads list's filters. */
async function openLead(page: Page, source: string, campaign: string, kind: string): Promise<void> {
  await page.goto(`${proxy.origin}/team`);
  await page.getByText("Filter and sort").click();
  await page.getByLabel("Source (utm_source)").fill(source);
  await page.getByLabel("Campaign (utm_campaign)").fill(campaign);
  await page.getByRole("button", { name: "Apply" }).click();
  await page.waitForURL(/campaign=/);
  const people = page.getByRole("article");
  await expect.poll(() => people.count()).toBe(1);
  const leads = people.first().locator('a[href^="/team/leads/"]');
  expect(await leads.count()).toBe(1);
  expect(await leads.first().textContent()).toMatch(new RegExp(`^${kind}`));
  await leads.first().click();
  await page.getByRole("region", { name: "Where this lead came from" }).waitFor();
}

/** A visitor's Chromium as it names itself outside a test (headless Chromium's name is a bot's to the page-view count). */
const visitorAgent = () => `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${browser.version()} Safari/537.36`;

/**
 * The Sources table's linkedin row on /team/insights (Visitors, Leads, Conversion, Page views),
 * read until it shows `expected`: page views are written in batches, a moment after they are served.
 */
async function expectLinkedinRow(page: Page, expected: string[]): Promise<void> {
  await expect
    .poll(
      async () => {
        await page.goto(`${proxy.origin}/team/insights`);
        const row = page.getByRole("table", { name: /^Sources/ }).getByRole("row", { name: /^linkedin/ });
        return (await row.count()) ? row.locator("td").allTextContents() : [];
      },
      { timeout: 15_000 },
    )
    .toEqual(expected);
}

describe("attribution in the browser, behind the TLS proxy", () => {
  it("from a link on another site to /?utm_source=linkedin&utm_campaign=launch, through /platform, to a Government information request", async () => {
    const { page } = await newPage(browser, { ignoreHTTPSErrors: true, userAgent: visitorAgent() });
    await page.goto(elsewhereOrigin);
    await page.getByRole("link", { name: "HeavyRoute launches" }).click();
    await page.waitForURL(`${proxy.origin}/?utm_source=linkedin&utm_campaign=launch`);
    expect(await page.evaluate(() => document.referrer)).toBe(`${elsewhereOrigin}/`);
    await page.getByRole("banner").getByRole("link", { name: "Platform" }).first().click();
    await page.waitForURL(`${proxy.origin}/platform`);

    await page.waitForLoadState("networkidle");
    // Link or button (once its island is hydrated): the modal opens either way.
    await page.locator('[data-island="request-info"][data-plan="Government"]').getByText("Request More Information").click();
    const dialog = page.getByRole("dialog", { name: "Request More Information" });
    await dialog.waitFor({ timeout: 30_000 });
    await dialog.getByRole("textbox", { name: "Name", exact: true }).fill("Gov Buyer");
    await dialog.getByRole("textbox", { name: "Email" }).fill("gov.buyer@example.com");
    await dialog.getByRole("textbox", { name: "Phone" }).fill("+1 (613) 555-0100");
    await dialog.getByRole("textbox", { name: "Company or service name" }).fill("City of Example");
    await dialog.getByRole("textbox", { name: "Questions or comments" }).fill("Permits for oversize loads in our municipality?");
    await dialog.getByRole("button", { name: "Send request" }).click();
    await dialog.getByText(INFO_REQUEST_MESSAGES.success("en")).waitFor();

    const team = await memberPage();
    await openLead(team, "linkedin", "launch", "Information request");
    expect(await shownAttribution(team)).toEqual({
      "Landing page": "/",
      Referrer: elsewhereOrigin,
      Source: "linkedin",
      Campaign: "launch",
      "Converted on": "/platform",
    });

    // The lead page and the person page with the whole list: axe in both contrasts; a phone keeps its width.
    const lead = team.url();
    const person = `${proxy.origin}/team/people?email=gov.buyer%40example.com`;
    for (const contrast of ["normal", "high"] as const) {
      await team.evaluate((high) => (high ? localStorage.setItem("contrast", "high") : localStorage.removeItem("contrast")), contrast === "high");
      for (const path of [lead, person]) {
        await team.goto(path);
        await checkA11y(team, { enhancedContrast: contrast === "high" });
      }
    }
    await team.setViewportSize({ width: 390, height: 844 });
    expect(await team.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await team.setViewportSize({ width: 1280, height: 800 });

    // The insights count this visit: 1 visitor, 1 lead (100 %), 2 page views (Home, /platform) for linkedin.
    await expectLinkedinRow(team, ["1", "1", "100.0%", "2"]);
  });

  it("with JavaScript off, the contact form's plain post carries the UTM and path of the page it was posted from", async () => {
    const { page } = await newPage(browser, { ignoreHTTPSErrors: true, javaScriptEnabled: false, userAgent: visitorAgent() });
    await page.goto(elsewhereOrigin);
    await page.getByRole("link", { name: "HeavyRoute launches" }).click();
    await page.waitForURL(`${proxy.origin}/?utm_source=linkedin&utm_campaign=launch`);
    const contact = page.locator("#contact");
    await contact.getByRole("textbox", { name: "Name", exact: true }).fill("Plain Post");
    await contact.getByRole("textbox", { name: "Email" }).fill("plain.post@example.com");
    await contact.getByRole("textbox", { name: "Message" }).fill("Sent without JavaScript.");
    await contact.getByRole("button", { name: "Send message" }).click();
    await page.waitForURL(`${proxy.origin}/contact`);
    await page.getByText(CONTACT_MESSAGES.success("en")).waitFor();

    const team = await memberPage();
    await team.goto(`${proxy.origin}/team?q=plain.post`);
    await team.getByRole("article").first().locator('a[href^="/team/leads/"]').first().click();
    await team.getByRole("region", { name: "Where this lead came from" }).waitFor();
    expect(await shownAttribution(team)).toEqual({ "Landing page": "/", Source: "linkedin", Campaign: "launch", "Converted on": "/" });

    // Counted without any script: one more page view (Home) and one more lead for linkedin; the
    // same browser on the same address is the same visitor of the day.
    await expectLinkedinRow(team, ["1", "2", "200.0%", "3"]);
  });
});
