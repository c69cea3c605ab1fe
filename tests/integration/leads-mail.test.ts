/**
 * The mail outbox against a real SMTP server on loopback: what arrives (recipients, subject, text,
 * escaped html, no injected headers), and "SMTP down, then up": every queued mail arrives, once.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { MailOutbox } from "../../server/mail/outbox";
import { smtpSender } from "../../server/mail/senders";
import { createLogger } from "../../server/logger";
import { startSite } from "../support/site-server";
import { startSmtp, type Smtp } from "../support/smtp";
import { count, postJson, readSiteDb, startServices, type TestServices, until } from "./leads-helpers";

const cleanup: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  while (cleanup.length) await cleanup.pop()!();
});

async function withSmtp(options?: Parameters<typeof startSmtp>[0]): Promise<Smtp> {
  const smtp = await startSmtp(options);
  cleanup.push(() => smtp.stop());
  return smtp;
}

async function withServices(env: Record<string, string> = {}): Promise<TestServices> {
  const test = await startServices(env);
  cleanup.push(() => test.close());
  return test;
}

/** Resolves with the outbox's rows once each is marked sent. */
async function everyMailSent(services: TestServices["services"]) {
  const read = () => services.database.db.selectFrom("mail").selectAll().execute();
  await until(async () => (await read()).every((row) => row.status === "sent"), 30_000, "every mail marked sent");
  return read();
}

const ONE_MORE = "Queued after the others were sent";

/**
 * Queues a mail once the others are marked sent and waits for it: the worker has claimed due mail
 * again since, and would have sent any of the others again with it.
 */
async function sendOneMore(outbox: MailOutbox, smtp: Smtp): Promise<void> {
  await outbox.send({ to: "later@example.com", subject: ONE_MORE, text: "x", about: null });
  await until(() => smtp.messages.some((mail) => mail.subject === ONE_MORE), 30_000, "the mail queued after the others");
}

describe("mail outbox with SMTP", () => {
  it("sends a contact message to the team: recipients, subject, text and escaped html", async () => {
    const smtp = await withSmtp();
    const { services } = await withServices({ SMTP_URL: smtp.url, MAIL_FROM: "HeavyRoute <noreply@example.com>" });
    const result = await services.forms.submit("contact", {
      name: "Zoë <b>O'Neil</b>",
      email: "zoe@example.com",
      category: "suggestion",
      message: 'Line 1 <script>alert("x")</script>\nLine 2 & more',
    });
    expect(result).toEqual({ status: 200, result: { ok: true, message: "Your message has been sent successfully! We will contact you soon." } });
    const [mail] = await smtp.waitFor(1);
    expect(mail!.from).toBe("noreply@example.com");
    expect(mail!.to).toEqual(["team@example.com"]);
    expect(mail!.subject).toBe("Contact form (Suggestion) from Zoë <b>O'Neil</b>");
    expect(mail!.text).toContain("Name: Zoë <b>O'Neil</b>\nEmail: zoe@example.com\nCategory: Suggestion");
    expect(mail!.text).toContain('Message:\nLine 1 <script>alert("x")</script>\nLine 2 & more');
    expect(mail!.html).toContain("Name: Zoë &lt;b&gt;O&#39;Neil&lt;/b&gt;<br>");
    expect(mail!.html).toContain("Line 1 &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;<br>Line 2 &amp; more");
    expect(mail!.html).not.toMatch(/<script|<b>/);
    await until(() => services.database.db.selectFrom("mail").select("status").executeTakeFirstOrThrow().then((row) => row.status === "sent"));
  });

  it("cannot be made to inject headers through a subject or a name", async () => {
    const smtp = await withSmtp();
    const { services } = await withServices({ SMTP_URL: smtp.url });
    await services.outbox.send({ to: "team@example.com", subject: "Hello\r\nBcc: victim@example.com\r\nX-Evil: 1", text: "body", about: null });
    // A name with CR/LF is refused by the form schema before it gets near a mail.
    const refused = await services.forms.submit("request-information", {
      name: "Eve\r\nBcc: victim@example.com",
      email: "eve@example.com",
      phone: "+1 555 0100 200",
      company: "ACME",
      message: "hi",
      planType: "Token",
    });
    expect(refused.status).toBe(400);
    expect(refused.result).toMatchObject({ ok: false, fieldErrors: { name: "Please remove line breaks and special control characters." } });
    const [mail] = await smtp.waitFor(1);
    expect(mail!.to).toEqual(["team@example.com"]);
    expect(mail!.subject).toBe("Hello Bcc: victim@example.com X-Evil: 1");
    expect(mail!.headers.bcc).toBeUndefined();
    expect(mail!.headers["x-evil"]).toBeUndefined();
    await expect(services.outbox.send({ to: "a@example.com\r\nBcc: b@example.com", subject: "s", text: "t", about: null })).rejects.toThrow(/Invalid recipient/);
  });

  it("SMTP refusing (451), then accepting: every queued mail arrives exactly once", async () => {
    const smtp = await withSmtp({ failing: true });
    const { services } = await withServices();
    await services.outbox.stop(); // only the outbox under test sends
    const logger = createLogger("silent");
    const outbox = new MailOutbox(services.database.db, smtpSender(smtp.url, "site@example.com"), logger, {
      pollIntervalMs: 50,
      retryBaseMs: 100,
      maxRetryDelayMs: 300,
    });
    cleanup.push(() => outbox.stop());
    await outbox.start();
    for (let i = 0; i < 12; i++) await outbox.send({ to: `r${i}@example.com`, subject: `Mail ${i}`, text: `Body ${i}`, about: null });
    await until(async () => {
      const rows = await services.database.db.selectFrom("mail").select(["attempts", "last_error"]).execute();
      return rows.every((row) => row.attempts >= 2 && (row.last_error ?? "").includes("451"));
    }, 30_000, "two failed attempts per mail");
    expect(smtp.messages).toHaveLength(0);
    smtp.setFailing(false);
    const mails = await smtp.waitFor(12, 30_000);
    const rows = await everyMailSent(services);
    expect(rows.every((row) => row.status === "sent" && row.sent_at !== null && row.last_error === null)).toBe(true);
    await sendOneMore(outbox, smtp);
    expect(smtp.messages).toHaveLength(13);
    expect(new Set(mails.map((m) => m.subject))).toEqual(new Set(Array.from({ length: 12 }, (_, i) => `Mail ${i}`)));
  });

  it("SMTP server down (connection refused), then up on the same port: every mail arrives exactly once", async () => {
    const first = await startSmtp();
    const port = first.port;
    await first.stop();
    const { services } = await withServices();
    await services.outbox.stop();
    const outbox = new MailOutbox(services.database.db, smtpSender(`smtp://127.0.0.1:${port}`, "site@example.com"), createLogger("silent"), {
      pollIntervalMs: 50,
      retryBaseMs: 100,
      maxRetryDelayMs: 300,
    });
    cleanup.push(() => outbox.stop());
    await outbox.start();
    for (let i = 0; i < 5; i++) await outbox.send({ to: "team@example.com", subject: `Down ${i}`, text: "x", about: null });
    await until(async () => {
      const rows = await services.database.db.selectFrom("mail").select("last_error").execute();
      return rows.every((row) => /ECONNREFUSED|connect/i.test(row.last_error ?? ""));
    }, 30_000, "connection failures recorded");
    const smtp = await withSmtp({ port });
    await smtp.waitFor(5, 30_000);
    await everyMailSent(services);
    await sendOneMore(outbox, smtp);
    expect(smtp.messages.map((m) => m.subject).sort()).toEqual(["Down 0", "Down 1", "Down 2", "Down 3", "Down 4", ONE_MORE]);
  });

  it("marks a mail failed only after maxAttempts, keeping the last error", async () => {
    const smtp = await withSmtp({ failing: true });
    const { services } = await withServices();
    await services.outbox.stop();
    const outbox = new MailOutbox(services.database.db, smtpSender(smtp.url, "site@example.com"), createLogger("silent"), {
      pollIntervalMs: 20,
      retryBaseMs: 10,
      maxRetryDelayMs: 20,
      maxAttempts: 3,
    });
    cleanup.push(() => outbox.stop());
    await outbox.start();
    await outbox.send({ to: "team@example.com", subject: "Never", text: "x", about: null });
    await until(async () => (await services.database.db.selectFrom("mail").select("status").executeTakeFirstOrThrow()).status === "failed");
    const row = await services.database.db.selectFrom("mail").selectAll().executeTakeFirstOrThrow();
    expect(row.attempts).toBe(3);
    expect(row.last_error).toMatch(/451/);
  });
});

describe("mail through the running server", () => {
  it("without SMTP_URL writes each mail as an .eml file under DATA_DIR/mail and logs it", async () => {
    const site = await startSite({ env: { ADMIN_EMAIL: "admin@example.com" } });
    cleanup.push(() => site.stop());
    const response = await postJson(`${site.url}/newsletter`, { email: "Eml.Test@Example.com" });
    expect(response.status).toBe(200);
    // Each mail is logged by its id and file, never by its recipient or subject (they name the person).
    const logged = await site.waitForLog((line) => line.msg === "mail written to file (no SMTP_URL)");
    expect(String(logged.file)).toMatch(new RegExp(`${String(logged.mailId)}\\.eml$`));
    expect(logged).not.toHaveProperty("to");
    expect(logged).not.toHaveProperty("subject");
    const dir = join(site.dataDir, "mail");
    // The admin notice, and the welcome to the subscriber (tests/integration/newsletter.test.ts).
    await until(() => readdirSync(dir).filter((file) => file.endsWith(".eml")).length === 2, 15_000, "two .eml files");
    const emls = readdirSync(dir).filter((file) => file.endsWith(".eml")).map((file) => readFileSync(join(dir, file), "utf8"));
    const eml = emls.find((text) => /^To: admin@example\.com$/m.test(text))!;
    expect(eml).toMatch(/^To: admin@example\.com$/m);
    expect(emls.some((text) => /^To: eml\.test@example\.com$/im.test(text) && /^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m.test(text))).toBe(true);
    expect(eml).toContain("Email: Eml.Test@Example.com");
    // A whole message as SMTP would carry it, with Unix line ends.
    for (const text of emls) {
      expect(text).not.toContain("\r");
      expect(text).toMatch(/^From: .+$/m);
      expect(text).toMatch(/^Date: .+$/m);
      expect(text).toMatch(/^Message-ID: <[0-9a-f-]{36}@[^>]+>$/m);
      expect(text).toMatch(/^MIME-Version: 1\.0$/m);
    }
    expect(readSiteDb(site.dataDir, (db) => db.prepare("select status, notify_admin, email_normalized from subscribers").all())).toEqual([
      { status: "active", notify_admin: "admin@example.com", email_normalized: "eml.test@example.com" },
    ]);
  });

  it("keeps retrying across restarts: a mail queued while SMTP is down goes out right after the next start", async () => {
    const down = await startSmtp();
    const port = down.port;
    await down.stop();
    const env = { SMTP_URL: `smtp://127.0.0.1:${port}`, PUBLIC_SITE_URL: "https://www.heavyroute.test", TEAM_EMAIL: "team@example.com" };
    const site = await startSite({ env });
    const response = await postJson(`${site.url}/request-information`, {
      name: "Ada",
      email: "ada@example.com",
      phone: "+44 20 7946 0958",
      company: "Analytical Engines",
      message: "Pricing for the Token packs?",
      planType: "Token",
    });
    expect(response.status).toBe(200);
    await site.waitForLog((line) => line.msg === "mail not sent; will retry");
    await site.stop();
    expect(count(site.dataDir, "mail")).toBe(1);

    const smtp = await withSmtp({ port });
    const again = await startSite({ env, dataDir: site.dataDir });
    cleanup.push(() => again.stop());
    const [mail] = await smtp.waitFor(1, 10_000);
    expect(mail!.to).toEqual(["team@example.com"]);
    expect(mail!.subject).toBe("Information request (Token) from Ada");
    expect(mail!.text).toContain("Plan type: Token");
    await until(() => readSiteDb(again.dataDir, (db) => (db.prepare("select status from mail").get() as { status: string }).status === "sent"));
  });
});
