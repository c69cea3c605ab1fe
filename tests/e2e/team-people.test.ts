/**
 * The people list in the browser: the workspace wears its own frame (no public banner, navigation
 * or footer); a person's leads are one entry; the count, the orders, the follow-ups due in the
 * member's time zone, saved filters; times in the member's zone; a phone at 390 px without
 * sideways scrolling; axe in both contrast modes, desktop and phone.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { expect, it } from "vitest";
import { openDatabase } from "../../server/db/database";
import { checkA11y, newPage } from "../support/browser";
import { useSiteAndBrowser, visit } from "../support/e2e";

const MEMBER = "lead@example.com";
const ZONE = "Asia/Tokyo";
const ctx = useSiteAndBrowser({ env: { TEAM_MEMBERS: MEMBER, RATE_LIMIT_POST_PER_MINUTE: "1000" } });

const post = async (path: string, body: unknown) => {
  const response = await fetch(`${ctx.url}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  expect(response.status, path).toBe(200);
};

/** The calendar day in Tokyo, `days` from today. */
const tokyoDay = (days: number) => new Date(Date.now() + days * 86_400_000).toLocaleDateString("en-CA", { timeZone: ZONE });

async function signIn(page: Page): Promise<void> {
  const dir = join(ctx.site.dataDir, "mail");
  /** The sign-in mails so far, oldest first (the mail files are named in the order they are written). */
  const linkMails = () => {
    try {
      return readdirSync(dir).sort().map((f) => readFileSync(join(dir, f), "utf8")).filter((m) => m.includes("/team/sign-in/link"));
    } catch {
      return [];
    }
  };
  const before = linkMails().length;
  await visit(page, `${ctx.url}/team/sign-in`);
  await page.getByLabel("Work email").fill(MEMBER);
  await page.getByRole("button", { name: "Email me a sign-in link" }).click();
  await expect.poll(() => linkMails().length, { timeout: 15_000 }).toBe(before + 1);
  const link = /(http:\/\/\S+\/team\/sign-in\/link\?\S+)/.exec(linkMails()[before]!.replace(/=\r?\n/g, "").replace(/=3D/g, "="))![1]!;
  await visit(page, link);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.waitForURL(/\/team$/);
  // The address changes before the list has rendered.
  await page.getByRole("heading", { level: 1, name: "People", exact: true }).waitFor();
}

/** The public site's frame is nowhere on the page; the workspace's is. */
async function expectWorkspaceFrame(page: Page, signedIn: boolean): Promise<void> {
  expect(await page.locator("#announcement").count()).toBe(0);
  expect(await page.getByRole("navigation", { name: "Main" }).count()).toBe(0);
  expect(await page.getByRole("heading", { name: "Follow us" }).count()).toBe(0);
  expect(await page.getByRole("link", { name: "Skip to main content" }).count()).toBe(1);
  expect(await page.getByRole("button", { name: "High contrast" }).count()).toBe(1);
  expect(await page.getByRole("navigation", { name: "Team workspace" }).count()).toBe(signedIn ? 1 : 0);
  expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex");
}

const names = (page: Page) => page.getByRole("article").getByRole("heading").allTextContents();

it("groups leads by person, counts, sorts, shows follow-ups due and times in the member's zone, saves filters; fits a phone; axe", async () => {
  await post("/newsletter", { email: "rita@example.com" });
  await post("/request-information", { name: "Rita Route", email: "Rita@Example.com", phone: "+1 555 0100", company: "Route Co", message: "Permits for a 90 t transformer.", planType: "Government" });
  await post("/contact", { name: "Carl Contact", email: "carl@example.com", category: "question", message: "Do you plan escorts?" });
  await post("/contact", { name: "Abe Early", email: "abe@example.com", category: "question", message: "Hello" });
  // The team's work on two people and the member's time zone, as the person page and settings write them.
  const handle = openDatabase({ kind: "sqlite", file: join(ctx.site.dataDir, "site.db") });
  try {
    const work = { owner: MEMBER, stage: "contacted" as const, updated_at: new Date().toISOString(), updated_by: MEMBER };
    await handle.db.insertInto("people").values([{ ...work, email: "carl@example.com", follow_up_on: tokyoDay(0) }, { ...work, email: "abe@example.com", follow_up_on: tokyoDay(1) }]).execute();
    await handle.db.updateTable("team_members").set({ time_zone: ZONE }).where("email", "=", MEMBER).execute();
  } finally {
    await handle.close();
  }

  const { page } = await newPage(ctx.browser);
  await visit(page, `${ctx.url}/team/sign-in`);
  await expectWorkspaceFrame(page, false);
  await signIn(page);
  await expectWorkspaceFrame(page, true);

  // One entry per person: Rita's two leads (and the address in two spellings) are one, newest first.
  expect(await page.getByRole("heading", { level: 2, name: "3 people" }).count()).toBe(1);
  await expect.poll(() => names(page)).toEqual(["Abe Early", "Carl Contact", "Rita Route"]);
  const rita = page.getByRole("article", { name: "Rita Route" });
  expect(await rita.locator('a[href^="/team/leads/"]').evaluateAll((links) => links.map((a) => a.firstChild?.textContent))).toEqual(["Information request: Government", "Newsletter"]);
  expect(await rita.getByText("Route Co").count()).toBe(1);
  expect(await rita.getByRole("link", { name: "Rita Route" }).getAttribute("href")).toBe("/team/people?email=rita%40example.com");
  const carl = page.getByRole("article", { name: "Carl Contact" });
  expect(await carl.getByText("Contacted").count()).toBe(1);
  expect(await page.getByRole("article", { name: "Rita Route" }).getByText("Unowned").count()).toBe(1);

  // Times: relative, with the absolute time in the member's zone.
  const time = rita.locator("time").first();
  expect(await time.textContent()).toMatch(/^(just now|\d+ min ago)$/);
  expect(await time.getAttribute("title")).toMatch(/GMT\+9$/);

  // Orders.
  await page.getByText("Filter and sort").click();
  await page.getByLabel("Sort").selectOption("oldest");
  await page.getByRole("button", { name: "Apply" }).click();
  await page.waitForURL(/sort=oldest/);
  await expect.poll(() => names(page)).toEqual(["Rita Route", "Carl Contact", "Abe Early"]);
  await page.getByLabel("Sort").selectOption("name");
  await page.getByRole("button", { name: "Apply" }).click();
  await page.waitForURL(/sort=name/);
  await expect.poll(() => names(page)).toEqual(["Abe Early", "Carl Contact", "Rita Route"]);

  // Follow-ups due today in Tokyo (Abe's is tomorrow there).
  await page.getByRole("link", { name: "Follow-up due" }).click();
  await page.waitForURL(/due=1/);
  await expect.poll(() => names(page)).toEqual(["Carl Contact"]);
  expect(await page.getByRole("article", { name: "Carl Contact" }).getByText(/^Due /).count()).toBe(1);

  // Saved filters: save, open, delete.
  await visit(page, `${ctx.url}/team?kind=information-request`);
  expect(await page.getByRole("heading", { level: 2, name: "1 person" }).count()).toBe(1);
  await page.getByLabel("Save this filter as").fill("Requests");
  await page.getByRole("button", { name: "Save filter" }).click();
  await expect.poll(() => page.getByRole("status").filter({ hasText: "Saved “Requests”." }).count()).toBe(1);
  await page.getByRole("link", { name: "People", exact: true }).click();
  await page.waitForURL(/\/team$/);
  await page.getByRole("link", { name: "Requests", exact: true }).click();
  await page.waitForURL(/kind=information-request/);
  await expect.poll(() => names(page)).toEqual(["Rita Route"]);
  await page.getByRole("button", { name: "Delete saved filter Requests" }).click();
  await expect.poll(() => page.getByRole("link", { name: "Requests", exact: true }).count()).toBe(0);

  for (const contrast of ["normal", "high"] as const) {
    await page.evaluate((value) => localStorage.setItem("contrast", value), contrast);
    for (const viewport of [{ width: 1366, height: 900 }, { width: 390, height: 844 }]) {
      await page.setViewportSize(viewport);
      await visit(page, `${ctx.url}/team?sort=name`);
      await checkA11y(page, { enhancedContrast: contrast === "high" });
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), `${contrast} ${viewport.width}`).toBeLessThanOrEqual(0);
    }
  }
  // On the phone every person's actions are there: their page and each lead.
  await rita.getByRole("link", { name: /^Information request/ }).click();
  await page.waitForURL(/\/team\/leads\/information-request\//);
  await expectWorkspaceFrame(page, true);
});

it("an unknown path under /team is a 404 in the workspace's frame, with a way back to the people; elsewhere the public 404 stays", async () => {
  // The 404 answers are the point here; the browser logs each.
  const { page } = await newPage(ctx.browser, { ignore: [/status of 404/] });
  // Without a session the guard answers first, as on every workspace page.
  await visit(page, `${ctx.url}/team/nope`);
  expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(`/team/sign-in?next=${encodeURIComponent("/team/nope")}`);

  await signIn(page);
  for (const path of ["/team/nope", "/team/leads/contact", "/team/people/someone"]) {
    const response = await visit(page, `${ctx.url}${path}`);
    expect(response.status(), path).toBe(404);
    await expectWorkspaceFrame(page, true);
    expect(await page.getByRole("heading", { level: 1 }).textContent(), path).toBe("Not found");
    expect(await page.getByRole("alert").textContent(), path).toBe("There is no page at this address in the workspace. Check the address, or go back to the people.");
  }
  for (const contrast of ["normal", "high"] as const) {
    await page.evaluate((value) => localStorage.setItem("contrast", value), contrast);
    await visit(page, `${ctx.url}/team/nope`);
    await checkA11y(page, { enhancedContrast: contrast === "high" });
  }
  await page.getByRole("link", { name: "Back to the people" }).click();
  await page.waitForURL(/\/team$/);
  // The address changes before the list has rendered.
  await page.getByRole("heading", { level: 1, name: "People", exact: true }).waitFor();

  // A public path keeps the public site's 404, with its banner and navigation.
  const publicMissing = await visit(page, `${ctx.url}/nope`);
  expect(publicMissing.status()).toBe(404);
  expect(await page.locator("#announcement").count()).toBe(1);
  expect(await page.getByRole("navigation", { name: "Team workspace" }).count()).toBe(0);
});
