/**
 * Newsletter campaigns in the browser, as a member in America/Toronto works them: a draft's
 * recipients are its live audience; a segment (source linkedin) shows its count and who is left
 * out and why, and the send delivers to exactly those; the preview frames hold the mail as sent
 * (the test mail's HTML part); a time in the member's zone is stored as the right UTC instant, a
 * past or skipped (DST) time is refused in words, a schedule is cancelled and set again, and the
 * campaign goes out once when due; every edit is audited with the member; a campaign in both
 * languages shows, once sent, each version's sent, failed and remaining mails; axe in both contrast
 * modes, and no sideways scroll at 390 px.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { NewsletterKeys } from "../../server/newsletter/keys";
import { SqliteDatabase } from "../../server/db/sqlite-driver";
import { readSiteDb } from "../integration/leads-helpers";
import { checkA11y, newPage } from "../support/browser";
import { useSiteAndBrowser, visit } from "../support/e2e";
import { parseMessage } from "../support/smtp";

const SECRET = "e2e-campaigns-secret-0123456789-abcdefgh";
const MEMBER = "lead@example.com";
const ctx = useSiteAndBrowser({
  env: { TEAM_MEMBERS: MEMBER, TEAM_TIMEZONE: "America/Toronto", SESSION_SECRET: SECRET, MAIL_RATE_PER_MINUTE: "6000", RATE_LIMIT_POST_PER_MINUTE: "1000" },
});

const emls = (): string[] => {
  const dir = join(ctx.site.dataDir, "mail");
  try {
    return readdirSync(dir)
      .filter((f) => f.endsWith(".eml"))
      .map((f) => readFileSync(join(dir, f), "utf8"));
  } catch {
    return [];
  }
};
const withSubject = async (subject: string) => (await Promise.all(emls().map((raw) => parseMessage(raw)))).filter((m) => m.subject === subject);
const query = <T>(sql: string, ...params: unknown[]) => readSiteDb(ctx.site.dataDir, (db) => db.prepare(sql).all(...params) as T[]);

async function subscribe(email: string, attribution: Record<string, string>) {
  const response = await fetch(`${ctx.url}/newsletter`, { method: "POST", headers: { "content-type": "application/json", origin: ctx.url }, body: JSON.stringify({ email, attribution }) });
  expect(response.status).toBe(200);
}

async function signIn(page: Page) {
  await visit(page, `${ctx.url}/team/sign-in`);
  await page.getByLabel("Work email").fill(MEMBER);
  await page.getByRole("button", { name: "Email me a sign-in link" }).click();
  await expect.poll(() => emls().find((m) => m.includes("/team/sign-in/link")) !== undefined, { timeout: 15_000 }).toBe(true);
  const link = /(http:\/\/[^\s]+\/team\/sign-in\/link\?[^\s]+)/.exec(emls().find((m) => m.includes("/team/sign-in/link"))!.replace(/=\r?\n/g, "").replace(/=3D/g, "="))![1]!;
  await visit(page, link);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.waitForURL(/\/team$/);
}

const audienceText = (page: Page) => page.getByTestId("campaign-audience").innerText();
const campaignId = (page: Page) => new URL(page.url()).searchParams.get("id")!;
let signedIn: { name: string; value: string; url: string }[] = [];

describe("campaigns", () => {
  it("audience, segment, preview, send to exactly the segment, schedule in the member's zone, audit", async () => {
    await subscribe("ann@example.com", { utm_source: "linkedin" });
    await subscribe("bob@example.com", { referrer: "https://www.google.com" });
    await subscribe("cy@example.com", { utm_source: "LinkedIn" });
    const key = query<{ unsubscribe_key: string }>("select unsubscribe_key from subscribers where email_normalized = ?", "cy@example.com")[0]!.unsubscribe_key;
    const unsubscribed = await fetch(`${ctx.url}/unsubscribe?token=${encodeURIComponent(new NewsletterKeys(SECRET).token(key))}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(unsubscribed.status).toBeLessThan(400);

    // The refusals of a past and a skipped time answer 400.
    const { page, context } = await newPage(ctx.browser, { ignore: [/status of 400/] });
    await signIn(page);
    signedIn = (await context.cookies()).map(({ name, value }) => ({ name, value, url: ctx.url }));

    // Without JavaScript, the audience form's GET counts the segment chosen.
    const plain = await newPage(ctx.browser, { javaScriptEnabled: false });
    await plain.context.addCookies(signedIn);
    await visit(plain.page, `${ctx.url}/team/campaigns`);
    await plain.page.getByLabel("Source").selectOption("linkedin");
    await plain.page.getByRole("button", { name: "Count the audience" }).click();
    await expect.poll(() => plain.page.getByTestId("campaign-audience").innerText()).toContain("1 subscriber will receive it, of 3 on the list.");
    expect(new URL(plain.page.url()).searchParams.get("source")).toBe("linkedin");
    expect(await plain.page.getByTestId("campaign-audience").innerText()).toContain("1 not from source linkedin");

    // A new campaign: the audience is every active subscriber, the unsubscribed left out.
    await visit(page, `${ctx.url}/team/campaigns`);
    expect(await audienceText(page)).toContain("2 subscribers will receive it, of 3 on the list.");
    expect(await audienceText(page)).toContain("1 unsubscribed");
    await page.getByLabel("English subject").fill("We are live");
    await page.getByLabel("English message").fill("# Launch\n\nThe platform is **open**. <b>not bold</b>");
    await page.getByRole("button", { name: "Create and preview" }).click();
    await expect.poll(() => page.getByRole("heading", { name: "Preview: We are live" }).count()).toBe(1);
    // A draft with two active subscribers: 2 recipients (it said 0).
    expect(await page.getByTestId("campaign-recipients").textContent()).toBe("2");
    const first = campaignId(page);

    // An edit is audited with the member.
    await page.getByLabel("English subject").fill("We are live!");
    await page.getByRole("button", { name: "Save and preview" }).click();
    await expect.poll(() => page.getByRole("heading", { name: "Preview: We are live!" }).count()).toBe(1);
    expect(query<{ actor: string; detail: string }>("select actor, detail from audit_log where action = 'campaign-edit' and subject = ?", first)).toEqual([{ actor: MEMBER, detail: JSON.stringify({ subject: "We are live!" }) }]);

    // The preview: the mail's HTML in sandboxed frames, the same as the test mail's HTML part.
    const frame = page.locator('iframe[title="The English mail on a desktop"]');
    expect(await frame.getAttribute("sandbox")).toBe("");
    const srcdoc = (await frame.getAttribute("srcdoc"))!;
    expect(srcdoc).toContain("<strong>open</strong>");
    expect(srcdoc).not.toContain("<b>");
    expect(srcdoc).toContain("&lt;b&gt;not bold&lt;/b&gt;");
    expect(await page.locator('iframe[title="The English mail on a phone"]').getAttribute("srcdoc")).toBe(srcdoc);
    await page.getByRole("button", { name: `Send a test to ${MEMBER}` }).click();
    await expect.poll(() => page.getByText(`A test was sent to ${MEMBER}.`).count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(async () => (await withSubject("[Test] We are live!")).length, { timeout: 15_000 }).toBe(1);
    const test = (await withSubject("[Test] We are live!"))[0]!;
    expect(test.html).toBe(srcdoc);
    await page.getByText("The text part").click();
    expect(await page.getByTestId("campaign-text-en").textContent()).toBe(test.text);

    // A segment: source linkedin (the insights' rule, any case). With JavaScript the count follows the choice.
    await page.getByLabel("Source").selectOption("linkedin");
    await expect.poll(() => audienceText(page)).toContain("1 subscriber will receive it, of 3 on the list.");
    expect(await audienceText(page)).toContain("1 unsubscribed");
    expect(await audienceText(page)).toContain("1 not from source linkedin");
    expect(await audienceText(page)).toContain("not saved yet");
    expect(await page.getByTestId("campaign-recipients").textContent()).toBe("2");
    await page.getByRole("button", { name: "Save the audience" }).click();
    await expect.poll(() => page.getByTestId("campaign-recipients").textContent()).toBe("1");
    expect(await audienceText(page)).not.toContain("not saved yet");

    // Sent: to exactly the one shown.
    await page.getByLabel(/subscriber of the audience now/).check();
    await page.getByRole("button", { name: "Send now" }).click();
    await expect.poll(() => page.getByTestId("campaign-status").textContent()).not.toBe("draft");
    await expect
      .poll(
        async () => {
          await page.getByRole("link", { name: "Refresh progress" }).click();
          return page.getByTestId("campaign-sent").textContent();
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toBe("1");
    expect((await withSubject("We are live!")).map((m) => m.headers.to)).toEqual(["ann@example.com"]);
    expect(query<{ n: number }>("select count(*) as n from campaign_recipients where campaign_id = ?", first)[0]!.n).toBe(1);

    // Scheduling, in the member's zone (America/Toronto).
    await page.getByRole("link", { name: "New campaign" }).click();
    await page.getByLabel("English subject").fill("Winter update");
    await page.getByLabel("English message").fill("Trucks are rolling.");
    await page.getByRole("button", { name: "Create and preview" }).click();
    await expect.poll(() => page.getByRole("heading", { name: "Preview: Winter update" }).count()).toBe(1);
    const second = campaignId(page);
    const scheduledAt = () => query<{ status: string; scheduled_at: string | null }>("select status, scheduled_at from campaigns where id = ?", second)[0];
    const schedule = async (local: string) => {
      await page.getByLabel(/\(America\/Toronto time\)/).fill(local);
      await page.getByRole("button", { name: /^(Schedule|Reschedule)$/ }).click();
    };
    await schedule("2020-01-15T09:00");
    await expect.poll(() => page.getByText("That time has passed: choose a time later than now.").count()).toBe(1);
    await schedule("2027-03-14T02:30");
    await expect.poll(() => page.getByText("That time does not exist in your time zone: the clocks move forward then. Choose another time.").count()).toBe(1);
    expect(scheduledAt()).toEqual({ status: "draft", scheduled_at: null });
    await schedule("2027-07-01T09:00");
    await expect.poll(() => page.getByTestId("campaign-scheduled").textContent()).toBe("Scheduled for Thu 1 Jul 2027, 09:00 EDT.");
    expect(scheduledAt()).toEqual({ status: "scheduled", scheduled_at: "2027-07-01T13:00:00.000Z" });
    await schedule("2027-01-15T09:00");
    await expect.poll(() => page.getByTestId("campaign-scheduled").textContent()).toBe("Scheduled for Fri 15 Jan 2027, 09:00 EST.");
    expect(scheduledAt()).toEqual({ status: "scheduled", scheduled_at: "2027-01-15T14:00:00.000Z" });
    expect(await page.getByRole("listitem").filter({ hasText: "Winter update" }).textContent()).toContain("scheduled, for Fri 15 Jan 2027, 09:00 EST, 2 recipients");
    await page.getByRole("button", { name: "Cancel the schedule" }).click();
    await expect.poll(() => page.getByTestId("campaign-status").textContent()).toBe("draft");
    expect(scheduledAt()).toEqual({ status: "draft", scheduled_at: null });
    await schedule("2027-01-15T09:00");
    await expect.poll(() => page.getByTestId("campaign-status").textContent()).toBe("scheduled");
    expect(query<{ action: string; actor: string }>("select action, actor from audit_log where subject = ? order by at, id", second)).toEqual(
      ["campaign-draft", "campaign-schedule", "campaign-schedule", "campaign-unschedule", "campaign-schedule"].map((action) => ({ action, actor: MEMBER })),
    );

    // Its time comes (moved to the past in the database): it goes out once, to both.
    const db = new SqliteDatabase(join(ctx.site.dataDir, "site.db"));
    try {
      db.pragma("busy_timeout = 5000");
      db.prepare("update campaigns set scheduled_at = ? where id = ?").run(new Date(Date.now() - 1_000).toISOString(), second);
    } finally {
      db.close();
    }
    await expect.poll(async () => (await withSubject("Winter update")).length, { timeout: 30_000, interval: 500 }).toBe(2);
    await expect.poll(() => scheduledAt()?.status, { timeout: 10_000 }).toBe("done");
    expect((await withSubject("Winter update")).map((m) => m.headers.to).sort()).toEqual(["ann@example.com", "bob@example.com"]);
    expect(query<{ actor: string; detail: string }>("select actor, detail from audit_log where action = 'campaign-send' and subject = ?", second)).toEqual([
      { actor: MEMBER, detail: JSON.stringify({ recipients: 2, scheduled: true }) },
    ]);

    // One left scheduled, in both languages, for the pages the next tests look at.
    await page.getByRole("link", { name: "New campaign" }).click();
    await page.getByLabel("English subject").fill("Spring plans");
    await page.getByLabel("English message").fill("## Spring\n\n- permits\n- escorts\n\nRead [the platform](https://www.heavyroute.test/platform).");
    await page.getByLabel("French subject").fill("Plans du printemps");
    await page.getByRole("button", { name: "Create and preview" }).click();
    await expect.poll(() => page.getByText("Please write the French message (or leave the French version empty).").count()).toBe(1);
    await page.getByLabel("French message").fill("## Printemps\n\n- permis\n- escortes");
    await page.getByRole("button", { name: "Create and preview" }).click();
    await expect.poll(() => page.getByRole("heading", { name: "Preview: Spring plans" }).count()).toBe(1);
    expect(await page.getByRole("heading", { name: "Preview: Plans du printemps" }).count()).toBe(1);
    expect(await page.locator('iframe[title="The French mail on a desktop"]').getAttribute("srcdoc")).toContain("Se désabonner en un clic");
    // Every subscriber here signed up on an English page: all get the English version.
    expect(await page.getByTestId("campaign-by-version").textContent()).toMatch(/^[1-9]\d* in English, 0 in French\.$/);
    await schedule("2027-04-01T09:00");
    await expect.poll(() => page.getByTestId("campaign-status").textContent()).toBe("scheduled");

    // A French subscriber, and a campaign in both languages sent now: its progress, per version.
    const french = await fetch(`${ctx.url}/fr/newsletter`, { method: "POST", headers: { "content-type": "application/json", origin: ctx.url }, body: JSON.stringify({ email: "zoe@example.com", locale: "fr" }) });
    expect(french.status).toBe(200);
    await page.getByRole("link", { name: "New campaign" }).click();
    await page.getByLabel("English subject").fill("Summer news");
    await page.getByLabel("English message").fill("Permits are faster.");
    await page.getByLabel("French subject").fill("Nouvelles de l'été");
    await page.getByLabel("French message").fill("Les permis sont plus rapides.");
    await page.getByRole("button", { name: "Create and preview" }).click();
    await expect.poll(() => page.getByRole("heading", { name: "Preview: Summer news" }).count()).toBe(1);
    expect(await page.getByTestId("campaign-by-version").textContent()).toBe("2 in English, 1 in French.");
    // Before the send, no progress per version.
    expect(await page.getByTestId("campaign-progress-by-version").count()).toBe(0);
    await page.getByLabel(/subscribers of the audience now/).check();
    await page.getByRole("button", { name: "Send now" }).click();
    const progress = page.getByTestId("campaign-progress-by-version");
    const rows = async () => (await progress.locator("tbody tr").allInnerTexts()).map((row) => row.split(/\s+/).join(" "));
    await expect
      .poll(
        async () => {
          await page.getByRole("link", { name: "Refresh progress" }).click();
          return rows();
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toEqual(["English 2 0 0", "French 1 0 0"]);
    expect(await progress.locator("thead th").allInnerTexts()).toEqual(["Version", "Sent", "Failed", "Remaining"]);
    expect(await page.getByTestId("campaign-sent").textContent()).toBe("3");
    expect((await withSubject("Summer news")).map((m) => m.headers.to).sort()).toEqual(["ann@example.com", "bob@example.com"]);
    expect((await withSubject("Nouvelles de l'été")).map((m) => m.headers.to)).toEqual(["zoe@example.com"]);
  });

  for (const contrast of ["normal", "high"] as const) {
    for (const [device, viewport] of [
      ["desktop", { width: 1366, height: 900 }],
      ["phone", { width: 390, height: 844 }],
    ] as const) {
      it(`axe and no sideways scroll (${device}, ${contrast} contrast)`, async () => {
        const { page, context } = await newPage(ctx.browser, { viewport });
        await context.addCookies(signedIn);
        if (contrast === "high") await page.addInitScript(() => window === window.top && localStorage.setItem("contrast", "high"));
        // One being written (audience with an unsaved segment, preview, schedule) and one sent (in both languages).
        const scheduled = query<{ id: string }>("select id from campaigns where status = 'scheduled' limit 1")[0]!.id;
        // The dispatcher marks a campaign done on its round after the last mail went, which may
        // come after the previous test saw every mail sent.
        const done = () => query<{ id: string }>("select id from campaigns where status = 'done' and subject_fr <> '' limit 1");
        await expect.poll(() => done().length, { timeout: 15_000 }).toBe(1);
        const sent = done()[0]!.id;
        for (const path of [`/team/campaigns?id=${scheduled}&source=linkedin&campaign=&plan=&since=2026-01-01`, `/team/campaigns?id=${sent}`]) {
          await visit(page, `${ctx.url}${path}`);
          expect(await page.getByTestId("campaign-audience").count() + (await page.getByTestId("campaign-sent").count())).toBeGreaterThan(0);
          expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
          // The preview frames hold the mail (sandboxed, no script can run in them), not the page.
          await checkA11y(page, { enhancedContrast: contrast === "high", exclude: "iframe" });
        }
      });
    }
  }
});
