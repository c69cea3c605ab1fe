/**
 * Mail to a person in the branded layout, as the files hold it (welcome, sign-in link, a campaign's
 * test); an outbox row opened to its headers, text and sandboxed HTML; audit entries as sentences;
 * the daily charts' axes. Axe in both contrast modes, and a phone's width.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { simpleParser } from "mailparser";
import type { Page } from "playwright-core";
import { expect, it } from "vitest";
import { checkA11y, newPage } from "../support/browser";
import { useSiteAndBrowser, visit } from "../support/e2e";

const ctx = useSiteAndBrowser({ env: { TEAM_MEMBERS: "lead@example.com", MAIL_POSTAL_ADDRESS: "HeavyRoute Inc., 1 Test Road", RATE_LIMIT_POST_PER_MINUTE: "1000" } });

const emls = (): string[] => {
  const dir = join(ctx.site.dataDir, "mail");
  try {
    return readdirSync(dir).filter((f) => f.endsWith(".eml")).map((f) => readFileSync(join(dir, f), "utf8"));
  } catch {
    return [];
  }
};

/** The one mail whose subject matches, parsed, once it is in the files. */
async function mailWith(subject: RegExp) {
  await expect.poll(() => emls().some((m) => subject.test(m)), { timeout: 15_000 }).toBe(true);
  const parsed = await simpleParser(emls().find((m) => subject.test(m))!);
  return { html: typeof parsed.html === "string" ? parsed.html : "", text: parsed.text ?? "" };
}

/** The branded layout: presentation tables, both colour schemes, the brand, the postal footer. */
function expectLayout(mail: { html: string; text: string }) {
  expect(mail.html).toContain('role="presentation"');
  expect(mail.html).toContain('name="color-scheme" content="light dark"');
  expect(mail.html).toContain("HeavyRoute");
  expect(mail.html).toMatch(/Sent by (<!-- -->)?HeavyRoute Inc\., 1 Test Road/);
  expect(mail.text).toContain("Sent by HeavyRoute Inc., 1 Test Road.");
}

/**
 * The mail's HTML is in a frame sandboxed without scripts: the harness's own init scripts are
 * refused there (a console error each), and axe cannot run in it, so the mail's document is
 * checked on a page of its own.
 */
const SANDBOXED = [/Blocked script execution in 'about:srcdoc'/];
const outsideTheMail = { exclude: "iframe[sandbox]" };

const noHorizontalScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

it("mails in the layout; an outbox row opens to the mail; audit sentences; charts with axes (axe, phone)", async () => {
  const subscribed = await fetch(`${ctx.url}/newsletter`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: "ann@example.com" }) });
  expect(subscribed.status).toBe(200);
  const welcome = await mailWith(/^Subject: Welcome to the HeavyRoute newsletter$/m);
  expectLayout(welcome);
  expect(welcome.html).toMatch(/href="http[^"]+\/unsubscribe\?token=[^"]+"/);
  expect(welcome.text).toMatch(/Unsubscribe with one click: http\S+\/unsubscribe\?token=/);
  expect(welcome.text).toContain("launch news and early-access offers");

  const { page } = await newPage(ctx.browser, { ignore: SANDBOXED });
  await visit(page, `${ctx.url}/team/sign-in`);
  await page.getByLabel("Work email").fill("lead@example.com");
  await page.getByRole("button", { name: "Email me a sign-in link" }).click();
  const signIn = await mailWith(/^Subject: Your sign-in link for the HeavyRoute team workspace$/m);
  expectLayout(signIn);
  const link = /http\S+\/team\/sign-in\/link\?token=[\w-]+/.exec(signIn.text)![0];
  expect(signIn.html).toContain(`href="${link}"`);
  expect(signIn.html).not.toContain("Unsubscribe");
  await visit(page, link);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.waitForURL(/\/team$/);

  await visit(page, `${ctx.url}/team/campaigns`);
  await page.getByLabel("English subject").fill("We are live");
  await page.getByLabel("English message").fill("# Launch\n\nThe platform is **open**. <b>not bold</b>");
  await page.getByRole("button", { name: "Create and preview" }).click();
  await page.getByRole("button", { name: "Send a test to lead@example.com" }).click();
  const campaign = await mailWith(/^Subject: \[Test\] We are live$/m);
  expectLayout(campaign);
  expect(campaign.html).toMatch(/<strong[^>]*>open<\/strong>/);
  expect(campaign.html).toContain("&lt;b&gt;not bold&lt;/b&gt;");
  expect(campaign.text).toContain("The platform is **open**.");

  // The campaign's test, opened from the outbox.
  await visit(page, `${ctx.url}/team/mail`);
  await page.getByRole("link", { name: "[Test] We are live" }).click();
  await page.waitForURL(/\/team\/mail\/[\w-]+$/);
  await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("[Test] We are live");
  // A test is about no one: no link to a person.
  expect(await page.getByRole("link", { name: /^The person this mail is about/ }).count()).toBe(0);
  const headers = await page.locator("dl").textContent();
  expect(headers).toContain("To");
  expect(headers).toContain("lead@example.com");
  expect(headers).toMatch(/Message-ID<[\w-]+@/);
  expect(headers).toContain("List-Unsubscribe-PostList-Unsubscribe=One-Click");
  expect(await page.locator("pre").textContent()).toContain("Unsubscribe with one click:");
  const frame = page.locator("iframe");
  expect(await frame.getAttribute("sandbox")).toBe("");
  await expect.poll(() => page.frameLocator("iframe").getByText("The platform is").count()).toBeGreaterThan(0);
  await checkA11y(page, outsideTheMail);
  const { page: alone } = await newPage(ctx.browser);
  await alone.setContent(campaign.html);
  // A mail is not a page of a site: clients drop landmarks, so none is asked of it.
  await checkA11y(alone, { disableRules: ["landmark-one-main", "region"] });

  // A sign-in mail: what is stored, and why the link is not shown.
  await visit(page, `${ctx.url}/team/mail`);
  await page.getByRole("link", { name: "Your sign-in link for the HeavyRoute team workspace" }).click();
  await expect.poll(() => page.getByText("it cannot be shown here").count()).toBe(1);
  expect(await page.locator("iframe").count()).toBe(0);
  expect(await page.content()).not.toMatch(/token=/);

  // A mail to a person (the welcome) leads to that person.
  await visit(page, `${ctx.url}/team/mail`);
  await page.getByRole("link", { name: "Welcome to the HeavyRoute newsletter" }).click();
  await page.getByRole("link", { name: "The person this mail is about: ann@example.com" }).click();
  await page.waitForURL((url) => url.pathname === "/team/people" && url.searchParams.get("email") === "ann@example.com");

  await visit(page, `${ctx.url}/team/audit`);
  await expect.poll(() => page.getByText("lead@example.com signed in.").count()).toBeGreaterThan(0);
  const test = page.getByRole("link", { name: "“We are live”" }).first();
  expect(await test.getAttribute("href")).toMatch(/^\/team\/campaigns\?id=[\w-]+$/);
  expect(await page.locator("ol").textContent()).toContain("lead@example.com sent themselves a test of “We are live”.");

  // Charts: labelled axes, and no "max 1" on a chart of zeros.
  await visit(page, `${ctx.url}/team/overview`);
  const chart = page.getByRole("img", { name: /^Contact message: 0 in 30 days/ });
  await expect.poll(() => chart.count()).toBe(1);
  const labels = await chart.textContent();
  expect(labels).toContain("None in this period");
  expect(labels).toMatch(/^01/);
  expect(labels).toMatch(/[A-Z][a-z]{2} \d{1,2}$/);
  expect(await page.content()).not.toContain("max 1");

  for (const contrast of ["normal", "high"] as const) {
    for (const viewport of [{ width: 1366, height: 900 }, { width: 390, height: 844 }]) {
      const { page: view, context } = await newPage(ctx.browser, { viewport, ignore: SANDBOXED });
      await context.addCookies(await page.context().cookies());
      if (contrast === "high") await view.addInitScript(() => window === window.top && localStorage.setItem("contrast", "high"));
      for (const path of ["/team/mail", "/team/audit", "/team/overview", "/team/insights"]) {
        await visit(view, `${ctx.url}${path}`);
        expect(await noHorizontalScroll(view), `${path} at ${viewport.width} px`).toBe(true);
        // Axe once per contrast mode (the desktop width); the phone is checked for its width.
        if (viewport.width > 390) await checkA11y(view, { enhancedContrast: contrast === "high" });
      }
      await visit(view, `${ctx.url}/team/mail`);
      await view.getByRole("link", { name: "[Test] We are live" }).click();
      await view.waitForURL(/\/team\/mail\/[\w-]+$/);
      expect(await noHorizontalScroll(view), `the mail at ${viewport.width} px`).toBe(true);
      if (viewport.width > 390) await checkA11y(view, { ...outsideTheMail, enhancedContrast: contrast === "high" });
    }
  }
}, 180_000);
