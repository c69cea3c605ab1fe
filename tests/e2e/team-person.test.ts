/**
 * Two members work one person in a real browser: the contact card and the timeline (the chat as
 * the visitor saw it, Markdown rendered), owner, stage (Lost needs a reason, said in words),
 * follow-up, two threaded replies from canned replies (checked in a real SMTP server), the move
 * to Contacted, the audit log; the person page and /team/replies at 390 px without sideways
 * scroll, and axe in both contrast modes.
 */
import crypto from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest, openDatabase } from "../../server/db/database";
import { checkA11y, launchBrowser, newPage } from "../support/browser";
import { visit } from "../support/e2e";
import { freePort } from "../support/ports";
import { startSite, type Site } from "../support/site-server";
import { type Smtp, startSmtp } from "../support/smtp";

const ADMIN = "ann@heavyroute.example";
const MEMBER = "bob@heavyroute.example";
const PERSON = "pat@example.com";
const tokens = new Map<string, string>();
let site: Site;
let smtp: Smtp;
let browser: Browser;
let dataDir: string;

const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "team-person-e2e-"));
  const database = openDatabase({ kind: "sqlite", file: join(dataDir, "site.db") });
  await migrateToLatest(database.db);
  const { db } = database;
  for (const email of [ADMIN, MEMBER]) {
    const token = crypto.randomBytes(32).toString("base64url");
    tokens.set(email, token);
    await db.insertInto("team_members").values({ email, since: new Date(0).toISOString() }).execute();
    await db
      .insertInto("team_sessions")
      .values({ token_hash: crypto.createHash("sha256").update(token).digest("hex"), email, created_at: new Date().toISOString(), expires_at: new Date(Date.now() + 3_600_000).toISOString() })
      .execute();
  }
  const attribution = { utm_source: "linkedin", utm_medium: null, utm_campaign: "spring-launch", utm_content: null, utm_term: null, landing_path: "/", referrer: null, converted_path: "/platform" };
  await db
    .insertInto("contact_messages")
    .values({ id: crypto.randomUUID(), name: "Pat Load", email: "Pat@Example.com", category: "question", message: "Do you cover escorts in Ontario?", created_at: at(60), ...attribution })
    .execute();
  await db
    .insertInto("more_information")
    .values({ id: crypto.randomUUID(), name: "Pat Load", email: PERSON, phone: "+1 555 0100", company: "Load Co", message: "Pricing for a team of four?", plan_type: "Subscription", created_at: at(30) })
    .execute();
  const visitor = crypto.randomUUID();
  await db.insertInto("chat_visitors").values({ id: visitor, name: "Pat", email: PERSON, time_zone: null, created_at: at(90), updated_at: at(80) }).execute();
  await db
    .insertInto("chat_messages")
    .values([
      { id: crypto.randomUUID(), visitor_id: visitor, role: "user", kind: "chat", content: "How do permits work?", created_at: at(85), answered_by: null, sources: null },
      {
        id: crypto.randomUUID(),
        visitor_id: visitor,
        role: "assistant",
        kind: "chat",
        content: "**Permits** are issued per state:\n\n- Apply online\n- Pay the fee\n\nSee [the permit guide](https://example.com/guide).",
        created_at: at(84),
        answered_by: "knowledge-base",
        sources: null,
      },
    ])
    .execute();
  await database.close();
  smtp = await startSmtp();
  // The browser's origin is the public one (POSTs carry it), so the mail origin is this address too.
  const port = await freePort();
  [site, browser] = await Promise.all([
    startSite({ dataDir, env: { PORT: String(port), TEAM_MEMBERS: `${ADMIN},${MEMBER}`, SMTP_URL: smtp.url, PUBLIC_SITE_URL: `http://127.0.0.1:${port}`, MAIL_FROM: "HeavyRoute <info@heavyroute.example>" } }),
    launchBrowser(),
  ]);
  // TEAM_MEMBERS' addresses are admins; Bob is made a plain member, as an admin would.
  const running = openDatabase({ kind: "sqlite", file: join(dataDir, "site.db") });
  await running.db.updateTable("team_members").set({ role: "member" }).where("email", "=", MEMBER).execute();
  await running.close();
}, 90_000);

afterAll(async () => {
  await Promise.all([browser?.close(), site?.stop()]);
  await smtp?.stop();
});

async function memberPage(email: string, viewport = { width: 1366, height: 900 }, contrast: "normal" | "high" = "normal") {
  // Refusals answer 400 on purpose (their message is on the page).
  const testPage = await newPage(browser, { viewport, ignore: [/status of 400 \(Bad Request\)/] });
  await testPage.context.addCookies([{ name: "team_session", value: tokens.get(email)!, url: site.url }]);
  if (contrast === "high") await testPage.page.addInitScript(() => window === window.top && localStorage.setItem("contrast", "high"));
  return testPage;
}

/** The page's confirmation (the site's toast region is another, empty status). */
const notice = (page: Page) => page.getByRole("status").filter({ hasText: /\S/ });

const personUrl = () => `${site.url}/team/people?email=${encodeURIComponent(PERSON)}`;

describe("working one person", () => {
  it("two members assign, stage, follow up and reply in a thread; the timeline and the audit log show it", async () => {
    const { page: ann } = await memberPage(ADMIN);
    await visit(ann, personUrl());
    await expect.poll(() => ann.getByRole("heading", { level: 1 }).textContent()).toBe("Pat Load");
    const card = ann.getByRole("region", { name: "Contact" });
    for (const text of ["Load Co", "+1 555 0100", "linkedin", "spring-launch", "New", "Nobody"]) expect(await card.getByText(text, { exact: true }).count(), text).toBeGreaterThan(0);

    // The chat as the visitor saw it: Markdown rendered, never shown raw.
    const timeline = ann.getByRole("list", { name: "Timeline, newest first" });
    await expect.poll(() => timeline.locator("strong", { hasText: "Permits" }).count()).toBe(1);
    expect(await timeline.getByRole("listitem").filter({ hasText: "Apply online" }).count()).toBeGreaterThan(0);
    expect(await timeline.getByRole("link", { name: "the permit guide" }).getAttribute("href")).toBe("https://example.com/guide");
    expect(await timeline.textContent()).not.toContain("**");
    // Newest first: the information request (30 min ago), the contact message, then the chat.
    const labels = await timeline.locator(":scope > li > p > span.font-semibold").allTextContents();
    expect(labels).toEqual(["Information request", "Contact message", "Chat conversation with Max Load"]);

    // Assign to Bob with a follow-up date.
    await ann.getByLabel("Owner").selectOption(MEMBER);
    await ann.getByLabel("Follow-up date").fill("2030-01-15");
    await ann.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => notice(ann).textContent()).toBe("Saved.");
    await expect.poll(() => card.textContent()).toContain(MEMBER);
    expect(await card.textContent()).toContain("2030-01-15");

    // Lost without a reason: refused in words, nothing changed.
    await ann.getByLabel("Stage").selectOption("lost");
    await ann.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => ann.getByRole("alert").textContent()).toBe("Give a reason when the stage is Lost (for example: chose another provider).");
    expect(await card.getByText("New", { exact: true }).count()).toBe(1);

    // Bob (a member, not an admin) replies from the canned reply of the Subscription plans.
    const { page: bob } = await memberPage(MEMBER);
    await visit(bob, personUrl());
    await bob.getByLabel("Start from a canned reply").selectOption("general");
    await bob.getByRole("button", { name: "Use this reply" }).click();
    await expect.poll(() => bob.getByLabel("Message").inputValue()).toContain("Thank you for getting in touch");
    await bob.getByLabel("Start from a canned reply").selectOption("Subscription");
    await bob.getByRole("button", { name: "Use this reply" }).click();
    await expect.poll(() => bob.getByLabel("Message").inputValue()).toContain("Pro Solo ($20/month)");
    expect(await bob.getByLabel("Message").inputValue()).toMatch(/^Hello Pat Load,/);
    expect(await bob.getByLabel("Subject").inputValue()).toBe("Re: your HeavyRoute information request (Subscription)");
    await bob.getByRole("button", { name: "Send reply" }).click();
    await expect.poll(() => notice(bob).textContent()).toBe(`Reply queued to ${PERSON}. Answers come to ${MEMBER}.`);
    const [first] = (await smtp.waitFor(1)).filter((mail) => mail.to.includes(PERSON));
    expect(first!.subject).toBe("Re: your HeavyRoute information request (Subscription)");
    expect(first!.headers["reply-to"]).toBe(MEMBER);
    expect(first!.headers.from).toContain("<info@heavyroute.example>");
    // On the mail origin's domain (PUBLIC_SITE_URL's host).
    expect(first!.headers["message-id"]).toMatch(/^<[\w-]+@127\.0\.0\.1>$/);
    expect(first!.headers["in-reply-to"]).toBeUndefined();
    expect(first!.text).toContain("Pro Solo ($20/month)");
    // The reply moved Pat from New to Contacted.
    await expect.poll(() => bob.getByRole("region", { name: "Contact" }).textContent()).toContain("Contacted");

    // Ann answers again: the subject follows the thread, the mail continues it.
    await visit(ann, personUrl());
    expect(await ann.getByLabel("Subject").inputValue()).toBe("Re: your HeavyRoute information request (Subscription)");
    await ann.getByLabel("Message").fill("Hello Pat,\n\nA short follow-up: shall we talk on Thursday?\n\nAnn");
    await ann.getByRole("button", { name: "Send reply" }).click();
    await expect.poll(() => notice(ann).textContent()).toBe(`Reply queued to ${PERSON}. Answers come to ${ADMIN}.`);
    const second = (await smtp.waitFor(2)).filter((mail) => mail.to.includes(PERSON))[1]!;
    expect(second.headers["reply-to"]).toBe(ADMIN);
    expect(second.headers["in-reply-to"]).toBe(first!.headers["message-id"]);
    expect(second.headers.references).toBe(first!.headers["message-id"]);

    // Lost with a reason.
    await ann.getByLabel("Stage").selectOption("lost");
    await ann.getByLabel("Reason, when Lost").fill("Chose another provider");
    await ann.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => notice(ann).textContent()).toBe("Saved.");
    await expect.poll(() => ann.getByRole("region", { name: "Contact" }).textContent()).toContain("Lost: Chose another provider");

    // The timeline: both replies and every change, newest first.
    const entries = await ann.getByRole("list", { name: "Timeline, newest first" }).locator(":scope > li").allTextContents();
    const position = (text: string) => entries.findIndex((entry) => entry.includes(text));
    for (const text of [
      `${ADMIN} moved the stage from Contacted to Lost. Reason: Chose another provider`,
      `Reply from ${ADMIN}`,
      `${MEMBER} moved the stage from New to Contacted by replying.`,
      `Reply from ${MEMBER}`,
      `${ADMIN} assigned this person to ${MEMBER}.`,
      `${ADMIN} set a follow-up for 2030-01-15.`,
    ]) {
      expect(position(text), text).toBeGreaterThanOrEqual(0);
    }
    expect(position(`Reply from ${ADMIN}`)).toBeLessThan(position(`Reply from ${MEMBER}`));
    expect(position("moved the stage from Contacted to Lost")).toBeLessThan(position(`Reply from ${ADMIN}`));

    // The audit log names who changed what about whom.
    await visit(ann, `${site.url}/team/audit`);
    const rows = await ann.getByRole("list", { name: "Audit log, newest first" }).getByRole("listitem").allTextContents();
    for (const [actor, action] of [
      [ADMIN, `gave ${PERSON} to`],
      [ADMIN, `set the follow-up of ${PERSON}`],
      [MEMBER, `replied to ${PERSON}`],
      [MEMBER, `moved ${PERSON} from`],
      [ADMIN, `replied to ${PERSON}`],
      [ADMIN, `moved ${PERSON} from`],
    ]) {
      expect(rows.some((row) => row.includes(`${actor} ${action}`)), `${actor} ${action}`).toBe(true);
    }
  });

  it("a member edits a canned reply; the next reply starts from it", async () => {
    const { page } = await memberPage(MEMBER);
    await visit(page, `${site.url}/team/replies`);
    const general = page.getByLabel("Text of the general reply");
    await general.fill("Hello {name},\n\nThanks for writing to us.\n\nBob");
    await page.getByRole("button", { name: "Save general reply" }).click();
    await expect.poll(() => notice(page).textContent()).toBe("Saved the general reply.");
    await expect.poll(() => page.getByText(`Last edited by ${MEMBER}`).count()).toBe(1);
    await visit(page, `${personUrl()}&reply=general`);
    expect(await page.getByLabel("Message").inputValue()).toBe("Hello Pat Load,\n\nThanks for writing to us.\n\nBob");
    await visit(page, `${site.url}/team/audit`);
    const entries = await page.getByRole("list", { name: "Audit log, newest first" }).getByRole("listitem").allTextContents();
    expect(entries.some((entry) => entry.includes(`${MEMBER} edited the canned reply “general”.`))).toBe(true);
  });

  for (const contrast of ["normal", "high"] as const) {
    it(`the person page and canned replies pass axe and fit a phone (${contrast} contrast)`, async () => {
      for (const viewport of [
        { width: 1366, height: 900 },
        { width: 390, height: 844 },
      ]) {
        const { page } = await memberPage(ADMIN, viewport, contrast);
        for (const path of [`/team/people?email=${encodeURIComponent(PERSON)}`, "/team/replies"]) {
          await visit(page, `${site.url}${path}`);
          expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), `${path} at ${viewport.width}px`).toBeLessThanOrEqual(0);
          await checkA11y(page, { enhancedContrast: contrast === "high" });
        }
      }
    });
  }
});
