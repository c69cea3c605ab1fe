/**
 * Newsletter campaigns: a 2,000-recipient campaign with the SMTP server refusing, then down and up,
 * and the server process killed (SIGKILL) mid-send. Every active recipient gets exactly one mail
 * (one Message-ID; a copy resent after the crash carries the same one), and no address that
 * unsubscribed, before the send or during it, gets one.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { startPostgres, type Postgres } from "../support/postgres";
import { startServices, until } from "./leads-helpers";
import { startSite } from "../support/site-server";
import { startSmtp, type Smtp } from "../support/smtp";
import { NewsletterKeys } from "../../server/newsletter/keys";
import { siteQuery } from "./newsletter-db";

const SECRET = "campaign-test-secret-0123456789-abcdefgh";
const SUBJECT = "HeavyRoute is live";
const N = 2_000;

let postgres: Postgres;
beforeAll(async () => {
  postgres = await startPostgres();
}, 120_000);
afterAll(async () => {
  await postgres?.stop();
});

it.each(["sqlite", "postgres"] as const)("on %s: sends a 2,000-recipient campaign exactly once per active subscriber across SMTP outages and a SIGKILL", async (kind) => {
  const databaseUrl = kind === "postgres" ? await postgres.createDatabase() : undefined;
  const dbEnv: Record<string, string> = databaseUrl ? { DATABASE_URL: databaseUrl } : {};
  // Set up with the server's own services: 2,000 subscribers, 100 unsubscribed before the send.
  const setup = await startServices({ SESSION_SECRET: SECRET, MAIL_RATE_PER_MINUTE: "1", ...dbEnv });
  const { services, dataDir } = setup;
  await services.outbox.stop();
  await services.campaigns.stop();
  const emails = Array.from({ length: N }, (_, i) => `reader-${String(i).padStart(4, "0")}@example.com`);
  await Promise.all(emails.map((email) => services.signUp.subscribe(email, { page: "/", clientKey: "203.0.113.5" })));
  const keys = new NewsletterKeys(SECRET);
  const tokenOf = async (email: string) => {
    const row = await services.database.db.selectFrom("subscribers").select("unsubscribe_key").where("email_normalized", "=", email).executeTakeFirstOrThrow();
    return keys.token(row.unsubscribe_key!);
  };
  const before = emails.slice(0, 100);
  for (const email of before) expect(await services.newsletter.unsubscribe(await tokenOf(email))).toBe("unsubscribed");
  const id = await services.campaigns.create("lead@example.com", { subject: SUBJECT, body: "# We are live\n\nThe **platform** is open." });
  expect(await services.campaigns.start("lead@example.com", id)).toBe(N - 100);
  // Unsubscribed after the send started, before their turn: skipped.
  const during = emails.slice(100, 150);
  for (const email of during) expect(await services.newsletter.unsubscribe(await tokenOf(email))).toBe("unsubscribed");
  await services.database.close();
  const active = new Set(emails.slice(150));

  let smtp: Smtp = await startSmtp({ failing: true });
  const port = smtp.port;
  const received: Smtp["messages"] = [];
  const collect = (from: Smtp) => () => received.push(...from.messages.filter((m) => m.subject === SUBJECT));
  const env = { SMTP_URL: smtp.url, PUBLIC_SITE_URL: "https://www.heavyroute.test", SESSION_SECRET: SECRET, MAIL_RATE_PER_MINUTE: "30000", ...dbEnv };
  const query = siteQuery(databaseUrl ? { url: databaseUrl } : { dataDir });
  const queued = async () => (await query<{ n: number }>("select count(*) as n from campaign_recipients where status = 'queued'"))[0]!.n;

  let site = await startSite({ env, dataDir });
  try {
    // SMTP refuses (451) while the dispatcher queues; then it accepts.
    await until(async () => (await queued()) >= 300, 30_000, "300 recipients queued");
    smtp.setFailing(false);
    await until(() => smtp.messages.filter((m) => m.subject === SUBJECT).length >= 300, 60_000, "300 campaign mails");
    // The mail server goes down, and the site is killed mid-send.
    collect(smtp)();
    await smtp.stop();
    await site.kill();
    smtp = await startSmtp({ port });
    site = await startSite({ env, dataDir });
    await until(
      async () => (await query<{ n: number }>("select count(*) as n from campaigns where status = 'done'"))[0]!.n === 1,
      120_000,
      "the campaign done",
    );
    await until(
      async () => (await query<{ n: number }>("select count(*) as n from mail where status <> 'sent' and subject = $1", [SUBJECT]))[0]!.n === 0,
      120_000,
      "every campaign mail sent",
    );
    collect(smtp)();
    const progress = await query<{ status: string; n: number }>("select status, count(*) as n from campaign_recipients group by status order by status");
    expect(progress.map((r) => [r.status, Number(r.n)])).toEqual([["queued", N - 150], ["skipped", 50]]);
  } finally {
    await site.stop();
    await smtp.stop();
    await setup.close().catch(() => undefined);
  }

  const messageIds = new Map<string, Set<string>>();
  for (const mail of received) {
    const to = mail.to[0]!;
    const ids = messageIds.get(to) ?? new Set<string>();
    ids.add(mail.headers["message-id"] ?? "");
    messageIds.set(to, ids);
    // Each recipient's own unsubscribe link.
    expect(mail.text).toContain("/unsubscribe?token=");
    expect(mail.raw).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
  }
  for (const email of active) expect(messageIds.get(email)?.size ?? 0, email).toBe(1);
  for (const email of [...before, ...during]) expect(messageIds.has(email), email).toBe(false);
  expect(messageIds.size).toBe(active.size);
  const copies = received.length - active.size;
  console.info(`campaign: ${active.size} recipients, ${received.length} deliveries (${copies} resent copies with the same Message-ID after the SIGKILL)`);
}, 300_000);
