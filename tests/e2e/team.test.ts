/**
 * The team workspace in a real browser, as deployed: behind the TLS reverse proxy on the public origin, mail
 * written as .eml files (no SMTP server). A member signs in with the link from the .eml file,
 * works a lead end to end without page reloads, exports, and every workspace page passes axe in
 * both contrast modes; the same tasks work with JavaScript off.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkA11y, launchBrowser, newPage } from "../support/browser";
import { startSite, type Site } from "../support/site-server";
import { freePort } from "../support/ports";
import { proxyRequest, PUBLIC_HOSTNAME, startTlsProxy, type TlsProxy } from "../support/tls-proxy";

let proxy: TlsProxy;
let site: Site;
let browser: Browser;

beforeAll(async () => {
  const upstreamPort = await freePort();
  proxy = await startTlsProxy({ upstreamPort });
  [site, browser] = await Promise.all([
    startSite({
      env: {
        HOST: "127.0.0.1",
        PORT: String(upstreamPort),
        PUBLIC_SITE_URL: proxy.origin,
        TRUST_PROXY: "1",
        RATE_LIMIT_POST_PER_MINUTE: "1000",
        TEAM_MEMBERS: "ann@example.com,bob@example.com,cat@example.com",
      },
    }),
    launchBrowser({ args: [`--host-resolver-rules=MAP ${PUBLIC_HOSTNAME} 127.0.0.1`] }),
  ]);
  const lead = (body: unknown, path: string) =>
    proxyRequest(proxy, path, { method: "POST", headers: { "content-type": "application/json", origin: proxy.origin }, body: JSON.stringify(body) });
  expect((await lead({ name: "Rita Route", email: "rita@example.com", category: "question", message: "Do you plan escorts for superloads?" }, "/contact")).status).toBe(200);
  expect((await lead({ email: "news@example.com" }, "/newsletter")).status).toBe(200);
});

afterAll(async () => {
  await Promise.all([browser?.close(), site?.stop()]);
  await proxy?.stop();
});

/** The .eml files under DATA_DIR/mail: none before the outbox's first (the folder comes with it). */
const emlFiles = (dir: string): string[] => (existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith(".eml")) : []);

/**
 * The newest .eml under DATA_DIR/mail addressed to `to`, once the outbox has written it (within
 * 30 s: mail is written on a lowest-priority thread, slow when parallel test files fill the cores).
 */
async function linkFromEml(to: string, after: number): Promise<string> {
  const dir = join(site.dataDir, "mail");
  for (let i = 0; i < 300; i++) {
    const files = emlFiles(dir);
    for (const name of files.sort().reverse()) {
      const text = readFileSync(join(dir, name), "utf8");
      const unfolded = text.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
      const link = /https:\/\/\S+\/team\/sign-in\/link\?token=[\w-]+/.exec(unfolded)?.[0];
      if (new RegExp(`^To: ${to}`, "m").test(text) && link && !seenLinks.has(link) && files.length > after) {
        seenLinks.add(link);
        return link;
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no sign-in mail for ${to} in ${dir}`);
}
const seenLinks = new Set<string>();
const emlCount = () => emlFiles(join(site.dataDir, "mail")).length;

async function signIn(page: Page, email: string): Promise<void> {
  await page.goto(`${proxy.origin}/team`);
  expect(new URL(page.url()).pathname).toBe("/team/sign-in");
  const before = emlCount();
  await page.getByLabel("Work email").fill(email);
  await page.getByRole("button", { name: "Email me a sign-in link" }).click();
  await expect.poll(() => page.getByRole("status").filter({ hasText: "a sign-in link is on its way" }).count()).toBe(1);
  const link = await linkFromEml(email, before);
  expect(link.startsWith(`${proxy.origin}/team/sign-in/link?token=`)).toBe(true);
  await page.goto(link);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.waitForURL(`${proxy.origin}/team`);
}

describe("the team workspace in the browser", () => {
  it("signs in with the link from the .eml file; the session cookie is Secure, HttpOnly, SameSite=Lax", async () => {
    const { page, context } = await newPage(browser, { ignoreHTTPSErrors: true });
    await signIn(page, "ann@example.com");
    await expect.poll(() => page.getByRole("heading", { level: 1, name: "People" }).count()).toBe(1);
    const cookie = (await context.cookies()).find((c) => c.name === "team_session");
    expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: "Lax", path: "/" });
  });

  it("works a lead end to end without reloading the page: search, open, note, handled; then exports", async () => {
    const { page } = await newPage(browser, { ignoreHTTPSErrors: true });
    await signIn(page, "bob@example.com");
    await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));

    await page.getByText("Filter and sort").click();
    await page.getByLabel("Search name, email, company or message").fill("superloads");
    await page.getByRole("button", { name: "Apply" }).click();
    await page.waitForURL(/\?.*q=superloads/);
    const people = page.getByRole("article");
    await expect.poll(() => people.count()).toBe(1);
    await people.first().getByRole("link", { name: /^Contact message/ }).click();
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Contact message: Rita Route");

    await page.getByLabel("Add a note").fill("Sent the escort planning brochure.");
    await page.getByRole("button", { name: "Add note" }).click();
    await expect.poll(() => page.getByText("Sent the escort planning brochure.").count()).toBe(1);
    await page.getByRole("button", { name: "Mark as handled" }).click();
    await expect.poll(() => page.getByText("Handled by bob@example.com").count()).toBe(1);
    await page.getByRole("button", { name: "Reopen" }).waitFor();

    await page.getByRole("link", { name: "All people" }).click();
    await page.getByText("Filter and sort").click();
    await page.getByLabel("Status").selectOption("handled");
    await page.getByRole("button", { name: "Apply" }).click();
    await page.waitForURL(/\?.*status=handled/);
    await expect.poll(() => page.getByRole("article").count()).toBe(1);
    expect(await page.getByRole("article").getByRole("heading").textContent()).toBe("Rita Route");
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);

    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Export CSV" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^leads-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync((await file.path()), "utf8");
    expect(csv).toContain("rita@example.com");
    expect(csv).not.toContain("news@example.com");
  });

  it("does the same without JavaScript: forms post, pages answer", async () => {
    const { page } = await newPage(browser, { ignoreHTTPSErrors: true, javaScriptEnabled: false });
    await signIn(page, "cat@example.com");
    await page.goto(`${proxy.origin}/team/people?email=news@example.com`);
    await page.getByLabel("Type the address to confirm").fill("news@example.com");
    await page.getByRole("button", { name: "Erase this person" }).click();
    await expect.poll(() => page.getByRole("status").filter({ hasText: "about news@example.com" }).count()).toBe(1);
    await page.goto(`${proxy.origin}/team`);
    expect(await page.content()).not.toContain("news@example.com");
  });

  for (const contrast of ["normal", "high"] as const) {
    it(`every workspace page passes axe (${contrast} contrast), on a phone too`, async () => {
      // /team?kind=bogus answers 400 on purpose (its message is on the page).
      const { page } = await newPage(browser, { ignoreHTTPSErrors: true, ignore: [/status of 400 \(Bad Request\).*kind=bogus/] });
      if (contrast === "high") await page.addInitScript(() => window === window.top && localStorage.setItem("contrast", "high"));
      await page.goto(`${proxy.origin}/team/sign-in`);
      await checkA11y(page, { enhancedContrast: contrast === "high" });
      await signIn(page, "ann@example.com");
      const lead = (await page.getByRole("article").first().locator('a[href^="/team/leads/"]').first().getAttribute("href"))!;
      for (const path of ["/team", "/team?kind=bogus", lead, "/team/people?email=rita@example.com", "/team/mail", "/team/overview", "/team/audit"]) {
        await page.goto(`${proxy.origin}${path}`);
        await checkA11y(page, { enhancedContrast: contrast === "high" });
      }
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`${proxy.origin}/team`);
      await checkA11y(page, { enhancedContrast: contrast === "high" });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
  }
});
