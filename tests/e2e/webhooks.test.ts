/**
 * The hand-off to the CRM, end to end on SQLite: an admin adds an endpoint at /team/webhooks
 * (addresses on loopback, private and link-local ranges refused), copies its secret, and leads of
 * the four kinds, an unsubscribe and an erasure each send one signed event to a real receiver on
 * loopback (allowed by WEBHOOK_ALLOW_NETWORKS) that is down, then up: every event arrives exactly
 * once, its signature verified by the `standardwebhooks` library, its payload as its JSON schema
 * says; the delivery log shows it and replays it with the same webhook-id. A host name that
 * resolves to a loopback address not allowed is refused at delivery too. A member who is not an
 * admin gets 403. The log names whom each delivery is about (never an erased person). axe in both contrast modes; no horizontal scroll at 390 px.
 */
import { readdirSync, readFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { Webhook } from "standardwebhooks";
import { expect, it } from "vitest";
import { SqliteDatabase } from "../../server/db/sqlite-driver";
import { NewsletterKeys } from "../../server/newsletter/keys";
import { postJson, readSiteDb } from "../integration/leads-helpers";
import { checkA11y, newPage } from "../support/browser";
import { useSiteAndBrowser, visit } from "../support/e2e";
import { chatVisitor } from "../support/chat-client";
import { payloadProblems } from "../support/webhook-schemas";

const SECRET = "e2e-webhooks-session-secret-0123456789-abcdef";
// The receiver listens on 127.0.0.2, the one address allowed: 127.0.0.1 stays refused.
const RECEIVER_HOST = "127.0.0.2";
const ctx = useSiteAndBrowser({
  env: {
    TEAM_MEMBERS: "admin@example.com,member@example.com",
    SESSION_SECRET: SECRET,
    RATE_LIMIT_POST_PER_MINUTE: "1000",
    WEBHOOK_ALLOW_NETWORKS: `${RECEIVER_HOST}/32`,
    WEBHOOK_RETRY_BASE_MS: "300",
  },
});

interface Received {
  id: string;
  body: string;
  verified: unknown;
}

const emls = (): string[] => {
  try {
    const dir = join(ctx.site.dataDir, "mail");
    return readdirSync(dir).filter((f) => f.endsWith(".eml")).map((f) => readFileSync(join(dir, f), "utf8"));
  } catch {
    return [];
  }
};

async function signIn(page: Page, email: string): Promise<void> {
  const before = emls().length;
  await visit(page, `${ctx.url}/team/sign-in`);
  await page.getByLabel("Work email").fill(email);
  await page.getByRole("button", { name: "Email me a sign-in link" }).click();
  const mine = () => emls().slice(before).find((m) => m.includes("/team/sign-in/link") && m.includes(`To: ${email}`));
  await expect.poll(() => mine() !== undefined, { timeout: 15_000 }).toBe(true);
  const link = /(http:\/\/[^\s]+\/team\/sign-in\/link\?[^\s]+)/.exec(mine()!.replace(/=\r?\n/g, "").replace(/=3D/g, "="))![1]!;
  await visit(page, link);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.waitForURL(/\/team$/);
}

const writeSiteDb = (write: (db: InstanceType<typeof SqliteDatabase>) => void) => {
  const db = new SqliteDatabase(join(ctx.site.dataDir, "site.db"), { fileMustExist: true });
  try {
    write(db);
  } finally {
    db.close();
  }
};

it("an admin hands leads to a CRM: refused addresses, secret once, down then up, each event once and signed, replay, log (axe, 390 px)", async () => {
  // The receiver's port is chosen now; nothing listens on it until the receiver comes up.
  const receiver = http.createServer();
  await new Promise<void>((resolve) => receiver.listen(0, RECEIVER_HOST, resolve));
  const port = (receiver.address() as AddressInfo).port;
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
  const hookUrl = `http://${RECEIVER_HOST}:${port}/hooks`;

  // The refusals answer 400 (in words, on the page).
  const { page } = await newPage(ctx.browser, { ignore: [/status of 400 \(Bad Request\).*\/team\/webhooks\.data/] });
  await signIn(page, "admin@example.com");
  await visit(page, `${ctx.url}/team/webhooks`);
  await checkA11y(page);

  // Refused at save: loopback (not the allowed address), private, link-local metadata.
  for (const [url, words] of [
    ["https://127.0.0.1/hooks", /^Refused: 127\.0\.0\.1 is a loopback address \(this machine\); webhooks go only to public addresses unless WEBHOOK_ALLOW_NETWORKS allows its range\.$/],
    ["https://10.0.0.5/hooks", /10\.0\.0\.5 is a private network address/],
    ["https://169.254.169.254/latest/meta-data", /169\.254\.169\.254 is a link-local address \(the cloud metadata service is one\)/],
    ["http://crm.example.com/hooks", /must start with https/],
  ] as const) {
    await page.getByLabel("URL", { exact: true }).fill(url);
    await page.getByRole("button", { name: "Add endpoint" }).click();
    await expect.poll(() => page.getByRole("alert").textContent()).toMatch(words);
  }
  await checkA11y(page);

  await page.getByLabel("URL", { exact: true }).fill(hookUrl);
  await page.getByRole("button", { name: "Add endpoint" }).click();
  const secretField = page.getByLabel(/Signing secret/);
  await expect.poll(() => secretField.count()).toBe(1);
  const secret = await secretField.inputValue();
  expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
  await checkA11y(page);
  // Shown once: a new visit does not show it, and the page's HTML never holds it again.
  await visit(page, `${ctx.url}/team/webhooks`);
  expect(await page.content()).not.toContain(secret);

  // One event of each type while the receiver is down.
  expect((await postJson(`${ctx.url}/newsletter`, { email: "nina@example.com" })).status).toBe(200);
  expect((await postJson(`${ctx.url}/contact`, { name: "Carl", email: "carl@example.com", category: "question", message: "Do you route 6 m wide loads?" })).status).toBe(200);
  const info = { name: "Ada", email: "ada@example.com", phone: "+44 20 7946 0958", company: "Analytical Engines", message: "Pricing?", planType: "Token" };
  // From the French page: the event names the language to answer in.
  expect((await postJson(`${ctx.url}/fr/request-information`, { ...info, locale: "fr" })).status).toBe(200);
  const visitor = chatVisitor(ctx.url);
  await visitor.session();
  expect((await visitor.lead("Chet", "chet@example.com")).status).toBe(200);
  const key = readSiteDb(ctx.site.dataDir, (db) => (db.prepare("select unsubscribe_key from subscribers where email_normalized = ?").get("nina@example.com") as { unsubscribe_key: string }).unsubscribe_key);
  expect((await fetch(`${ctx.url}/unsubscribe?token=${encodeURIComponent(new NewsletterKeys(SECRET).token(key))}`, { method: "POST", headers: { origin: ctx.url, "content-type": "application/x-www-form-urlencoded" }, body: "List-Unsubscribe=One-Click" })).status).toBeLessThan(400);
  await visit(page, `${ctx.url}/team/people?email=carl%40example.com`);
  await page.getByLabel("Type the address to confirm").fill("carl@example.com");
  await page.getByRole("button", { name: "Erase this person" }).click();
  await expect.poll(() => page.getByText(/Erased \d+ records? about carl@example.com/).count()).toBe(1);

  // Down: the log shows the failed attempts, nothing is lost.
  const endpointId = readSiteDb(ctx.site.dataDir, (db) => (db.prepare("select id from webhook_endpoints").get() as { id: string }).id);
  const logUrl = `${ctx.url}/team/webhooks?endpoint=${endpointId}`;
  await expect
    .poll(async () => {
      await visit(page, logUrl);
      return page.getByText(/Last error: connect ECONNREFUSED/).count();
    }, { timeout: 15_000, interval: 500 })
    .toBeGreaterThan(0);

  // Up: every event arrives, once.
  const received: Received[] = [];
  const verifier = new Webhook(secret);
  receiver.on("request", (request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const headers = Object.fromEntries(["webhook-id", "webhook-timestamp", "webhook-signature"].map((name) => [name, String(request.headers[name])]));
      received.push({ id: headers["webhook-id"]!, body, verified: verifier.verify(body, headers) });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(port, RECEIVER_HOST, resolve));
  try {
    // lead.created ×4 (Carl's is erased with him before it could go), subscriber.unsubscribed, person.erased.
    await expect.poll(() => received.length, { timeout: 30_000, interval: 200 }).toBe(5);
    const types = received.map((r) => (JSON.parse(r.body) as { type: string }).type).sort();
    expect(types).toEqual(["lead.created", "lead.created", "lead.created", "person.erased", "subscriber.unsubscribed"]);
    const kinds = received.map((r) => JSON.parse(r.body) as { type: string; data: { kind?: string; email: string; language?: string } });
    const leads = kinds.filter((p) => p.type === "lead.created");
    expect(leads.map((p) => `${p.data.kind} ${p.data.language}`).sort()).toEqual(["chat en", "information-request fr", "newsletter en"]);
    expect(kinds.find((p) => p.type === "person.erased")!.data).toEqual({ email: "carl@example.com" });
    expect(new Set(received.map((r) => r.id)).size).toBe(5);
    expect(received.flatMap((r) => payloadProblems(r.body))).toEqual([]);
    expect(received.every((r) => r.verified !== undefined)).toBe(true);

    /** The log, opened again until it shows all five delivered. */
    const fiveDelivered = () =>
      expect
        .poll(async () => {
          await visit(page, logUrl);
          return page.getByTestId("webhook-delivery").filter({ hasText: "Delivered" }).count();
        }, { timeout: 15_000 })
        .toBe(5);
    await fiveDelivered();
    await checkA11y(page);
    // Each delivery says whom it is about: the person by name, linked to their page; the erased one by no address.
    const deliveries = page.getByTestId("webhook-delivery");
    const ada = deliveries.filter({ hasText: "ada@example.com" });
    expect(await ada.count()).toBe(1);
    expect(await ada.getByRole("link", { name: "Ada", exact: true }).getAttribute("href")).toBe("/team/people?email=ada%40example.com");
    expect(await deliveries.filter({ hasText: "person.erased" }).getByText("About an erased person", { exact: true }).count()).toBe(1);
    expect(await page.content()).not.toContain("carl@");

    // Replay: the same event, the same webhook-id.
    const first = page.getByTestId("webhook-delivery").first();
    const replayedId = await first.locator("code").textContent();
    await first.getByRole("button", { name: /^Replay/ }).click();
    await expect.poll(() => page.getByText("The delivery is queued again, with the same webhook-id.").count()).toBe(1);
    await expect.poll(() => received.filter((r) => r.id === replayedId).length, { timeout: 10_000 }).toBe(2);
    expect(received.filter((r) => r.id === replayedId).every((r) => r.verified !== undefined)).toBe(true);
    // Nothing else came (each once): the replay was claimed after the five were delivered, and its
    // batch, whole once the log shows it delivered again, would have brought any of them again.
    await fiveDelivered();
    expect(received).toHaveLength(6);

    // Refused at delivery: a name that resolves to loopback addresses the operator did not allow.
    writeSiteDb((db) => {
      const now = new Date().toISOString();
      db.prepare("insert into webhook_endpoints (id, url, events, enabled, secret, created_at, created_by, updated_at, updated_by) values (?, ?, ?, 1, ?, ?, ?, ?, ?)").run(
        "0190a8e0-0000-7000-8000-00000000beef", `http://localhost:${port}/hooks`, JSON.stringify(["lead.created"]), secret, now, "admin@example.com", now, "admin@example.com",
      );
    });
    expect((await postJson(`${ctx.url}/newsletter`, { email: "lou@example.com" })).status).toBe(200);
    await expect
      .poll(async () => {
        await visit(page, `${ctx.url}/team/webhooks?endpoint=0190a8e0-0000-7000-8000-00000000beef`);
        return page.getByText(/Last error: refused: localhost resolves to (127\.0\.0\.1|::1)\. \S+ is a loopback address/).count();
      }, { timeout: 15_000, interval: 500 })
      .toBe(1);
  } finally {
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  }

  // The audit log names the admin's changes.
  const actions = readSiteDb(ctx.site.dataDir, (db) => (db.prepare("select action from audit_log where action like 'webhook-%'").all() as { action: string }[]).map((row) => row.action));
  expect(actions.sort()).toEqual(["webhook-create", "webhook-replay"]);

  // High contrast and a phone: axe, and nothing wider than the screen.
  const phone = await newPage(ctx.browser, { viewport: { width: 390, height: 844 } });
  await phone.context.addInitScript(() => localStorage.setItem("contrast", "high"));
  await signIn(phone.page, "admin@example.com");
  await visit(phone.page, logUrl);
  await checkA11y(phone.page, { enhancedContrast: true });
  expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

it("a member who is not an admin cannot open the hand-off settings (403 in words)", async () => {
  writeSiteDb((db) => db.prepare("update team_members set role = 'member' where email = ?").run("member@example.com"));
  const { page } = await newPage(ctx.browser, { ignore: [/403/] });
  await signIn(page, "member@example.com");
  const response = await visit(page, `${ctx.url}/team/webhooks`);
  expect(response.status()).toBe(403);
  expect(await page.textContent("body")).toContain("Only an admin of the workspace can open this page.");
  const post = await page.request.post(`${ctx.url}/team/webhooks`, { form: { intent: "create", url: "https://crm.example.com/hooks", enabled: "on", "event:lead.created": "on" }, headers: { origin: ctx.url } });
  expect(post.status()).toBe(403);
});
