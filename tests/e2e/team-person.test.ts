/**
 * Two members work one person in a real browser: the contact card and the timeline (the chat as
 * the visitor saw it, Markdown rendered), owner, stage (Lost needs a reason, said in words),
 * follow-up, two threaded replies from canned replies (checked in a real SMTP server), the move
 * to Contacted, the audit log; a French person's reply starting from the French canned reply (with
 * and without a name, in English at the member's choice, without JavaScript too), both languages
 * edited on /team/replies; the person page and /team/replies at 390 px without sideways scroll,
 * and axe in both contrast modes.
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
/** A French lead with a name (an information request about the government solutions), and a French subscriber without one. */
const FRENCH = "marie@example.ca";
const FRENCH_NO_NAME = "luc@example.ca";
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
  await db
    .insertInto("more_information")
    .values({ id: crypto.randomUUID(), name: "Marie Tremblay", email: FRENCH, phone: "+1 418 555 0100", company: "Transports MT", message: "Quels sont vos tarifs?", plan_type: "Government", created_at: at(20), language: "fr" })
    .execute();
  await db
    .insertInto("subscribers")
    .values({ id: crypto.randomUUID(), email: FRENCH_NO_NAME, email_normalized: FRENCH_NO_NAME, subscribed_at: at(10), status: "active", notify_admin: "admin@heavyroute.example", unsubscribe_key: crypto.randomUUID(), language: "fr" })
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

async function memberPage(email: string, viewport = { width: 1366, height: 900 }, contrast: "normal" | "high" = "normal", javaScriptEnabled = true) {
  // Refusals answer 400 on purpose (their message is on the page).
  const testPage = await newPage(browser, { viewport, javaScriptEnabled, ignore: [/status of 400 \(Bad Request\)/] });
  await testPage.context.addCookies([{ name: "team_session", value: tokens.get(email)!, url: site.url }]);
  if (contrast === "high") await testPage.page.addInitScript(() => window === window.top && localStorage.setItem("contrast", "high"));
  return testPage;
}

/** The page's confirmation (the site's toast region is another, empty status). */
const notice = (page: Page) => page.getByRole("status").filter({ hasText: /\S/ });

const personUrl = (email = PERSON) => `${site.url}/team/people?email=${encodeURIComponent(email)}`;

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
    // The contact message's category in words, as the team's mail names it.
    expect(await timeline.getByText("Category: Question", { exact: true }).count()).toBe(1);

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
      `${ADMIN} set a follow-up for Tue, 15 Jan 2030.`,
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

  it("a French person's reply starts from the French canned reply; the member may start from English; the mail is in the reply's language", async () => {
    const { page } = await memberPage(MEMBER);
    await visit(page, personUrl(FRENCH));
    const language = page.getByLabel("Language", { exact: true });
    const message = page.getByLabel("Message");
    expect(await language.inputValue()).toBe("fr");
    expect(await language.locator("option:checked").textContent()).toBe("French (theirs)");
    expect(await message.inputValue()).toMatch(/^Bonjour Marie Tremblay,\n\nMerci de l'intérêt que vous portez à nos solutions pour les gouvernements\./);
    expect(await message.inputValue()).toContain("\n\nCordialement,\nL'équipe HeavyRoute");
    expect(await message.getAttribute("lang")).toBe("fr-CA");
    expect(await page.getByLabel("Subject").inputValue()).toBe("Re: votre demande d'information à HeavyRoute (Gouvernement)");

    // English at the member's choice, then French again.
    await language.selectOption("en");
    await page.getByRole("button", { name: "Use this reply" }).click();
    await expect.poll(() => message.inputValue()).toMatch(/^Hello Marie Tremblay,\n\nThank you for your interest in the HeavyRoute government solutions\./);
    expect(new URL(page.url()).searchParams.get("language")).toBe("en");
    expect(await page.getByLabel("Subject").inputValue()).toBe("Re: your HeavyRoute information request (Government)");
    await language.selectOption("fr");
    await page.getByRole("button", { name: "Use this reply" }).click();
    await expect.poll(() => message.inputValue()).toMatch(/^Bonjour Marie Tremblay,/);

    const before = smtp.messages.length;
    await page.getByRole("button", { name: "Send reply" }).click();
    await expect.poll(() => notice(page).textContent()).toBe(`Reply queued to ${FRENCH}. Answers come to ${MEMBER}.`);
    const mail = (await smtp.waitFor(before + 1)).slice(before).find((received) => received.to.includes(FRENCH))!;
    expect(mail.subject).toBe("Re: votre demande d'information à HeavyRoute (Gouvernement)");
    expect(mail.text).toMatch(/^Bonjour Marie Tremblay,\n\nMerci de l'intérêt/);
    expect(mail.text).toContain("Envoyé par ");

    // Without a name, and without JavaScript (the GET form): "Bonjour," in French, "Hello there," in English.
    const { page: plain } = await memberPage(MEMBER, undefined, "normal", false);
    await visit(plain, personUrl(FRENCH_NO_NAME));
    expect(await plain.getByLabel("Message").inputValue()).toMatch(/^Bonjour,\n\nMerci d'avoir communiqué avec HeavyRoute/);
    expect(await plain.getByLabel("Subject").inputValue()).toBe("Re: votre abonnement à l'infolettre de HeavyRoute");
    await plain.getByLabel("Language", { exact: true }).selectOption("en");
    await plain.getByRole("button", { name: "Use this reply" }).click();
    await expect.poll(() => plain.getByLabel("Message").inputValue()).toMatch(/^Hello there,\n\nThank you for getting in touch/);
  });

  it("a member edits a canned reply in each language; the next reply starts from the one in the person's language", async () => {
    const { page } = await memberPage(MEMBER);
    await visit(page, `${site.url}/team/replies`);
    const general = page.getByRole("region", { name: "General" });
    expect(await general.getByRole("heading", { level: 3 }).allTextContents()).toEqual(["English", "French"]);
    await general.getByLabel("English text of the general reply").fill("Hello {name},\n\nThanks for writing to us.\n\nBob");
    await general.getByRole("button", { name: "Save the English general reply" }).click();
    await expect.poll(() => notice(page).textContent()).toBe("Saved the English general reply.");
    await expect.poll(() => page.getByText(`Last edited by ${MEMBER}`).count()).toBe(1);
    const french = general.getByLabel("French text of the general reply");
    expect(await french.getAttribute("lang")).toBe("fr-CA");
    expect(await french.inputValue()).toMatch(/^Bonjour \{name\},\n\nMerci d'avoir communiqué avec HeavyRoute/);
    await french.fill("Bonjour {name},\n\nMerci de nous avoir écrit.\n\nBob");
    await general.getByRole("button", { name: "Save the French general reply" }).click();
    await expect.poll(() => notice(page).textContent()).toBe("Saved the French general reply.");
    await expect.poll(() => page.getByText(`Last edited by ${MEMBER}`).count()).toBe(2);
    // The other replies keep the site's texts.
    expect(await page.getByRole("region", { name: "Token plans" }).getByText("As the site wrote it").count()).toBe(2);

    await visit(page, `${personUrl()}&reply=general`);
    expect(await page.getByLabel("Message").inputValue()).toBe("Hello Pat Load,\n\nThanks for writing to us.\n\nBob");
    await visit(page, `${personUrl(FRENCH)}&reply=general`);
    expect(await page.getByLabel("Message").inputValue()).toBe("Bonjour Marie Tremblay,\n\nMerci de nous avoir écrit.\n\nBob");
    await visit(page, `${personUrl(FRENCH_NO_NAME)}`);
    expect(await page.getByLabel("Message").inputValue()).toBe("Bonjour,\n\nMerci de nous avoir écrit.\n\nBob");
    await visit(page, `${site.url}/team/audit`);
    const entries = await page.getByRole("list", { name: "Audit log, newest first" }).getByRole("listitem").allTextContents();
    expect(entries.some((entry) => entry.includes(`${MEMBER} edited the English canned reply “General”.`))).toBe(true);
    expect(entries.some((entry) => entry.includes(`${MEMBER} edited the French canned reply “General”.`))).toBe(true);
  });

  for (const contrast of ["normal", "high"] as const) {
    it(`the person page and canned replies pass axe and fit a phone (${contrast} contrast)`, async () => {
      for (const viewport of [
        { width: 1366, height: 900 },
        { width: 390, height: 844 },
      ]) {
        const { page } = await memberPage(ADMIN, viewport, contrast);
        for (const path of [`/team/people?email=${encodeURIComponent(PERSON)}`, `/team/people?email=${encodeURIComponent(FRENCH)}`, "/team/replies"]) {
          await visit(page, `${site.url}${path}`);
          expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), `${path} at ${viewport.width}px`).toBeLessThanOrEqual(0);
          await checkA11y(page, { enhancedContrast: contrast === "high" });
        }
      }
    });
  }
});
