/**
 * Newsletter campaigns: a 2,000-recipient campaign with the SMTP server refusing, then down and up,
 * and the server process killed (SIGKILL) mid-send. Every active recipient gets exactly one mail
 * (one Message-ID; a copy resent after the crash carries the same one), and no address that
 * unsubscribed, before the send or during it, gets one. And a scheduled campaign to a segment,
 * due while two instances share one PostgreSQL database: started once, sent once to each address
 * of the audience it showed.
 */
import crypto from "node:crypto";
import { DateTime } from "luxon";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startPostgres, type Postgres } from "../support/postgres";
import { startServices, until } from "./leads-helpers";
import { startSite } from "../support/site-server";
import { startSmtp, type Smtp } from "../support/smtp";
import { NewsletterKeys } from "../../server/newsletter/keys";
import { siteQuery } from "./newsletter-db";
import { NO_ATTRIBUTION } from "../../server/analytics/lead-attribution";

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

it("on postgres: a scheduled campaign to a segment starts once across two instances, and goes to exactly the audience it showed", async () => {
  const env = { SESSION_SECRET: SECRET, DATABASE_URL: await postgres.createDatabase(), MAIL_RATE_PER_MINUTE: "60000" };
  const one = await startServices(env);
  const two = await startServices(env);
  try {
    for (const { services } of [one, two]) {
      await services.outbox.stop();
      await services.campaigns.stop();
    }
    const { db } = one.services.database;
    // 30 subscribers: every third from LinkedIn (by utm_source or by referrer, as insights count a source), one of them unsubscribed.
    const emails = Array.from({ length: 30 }, (_, i) => `sub-${String(i).padStart(2, "0")}@example.com`);
    for (const [i, email] of emails.entries()) {
      const attribution = { ...NO_ATTRIBUTION, ...(i % 3 === 0 ? (i % 2 === 0 ? { utm_source: "linkedin" } : { referrer: "linkedin" }) : { utm_source: "google" }) };
      await one.services.signUp.subscribe(email, { page: "/", clientKey: "203.0.113.5", attribution });
    }
    await db.updateTable("subscribers").set({ status: "unsubscribed" }).where("email_normalized", "=", "sub-03@example.com").execute();
    // Plan interest: an information request about Token plans from a few of them (one in another case).
    for (const email of ["SUB-00@example.com", "sub-03@example.com", "sub-06@example.com", "sub-09@example.com", "sub-01@example.com"]) {
      await db
        .insertInto("more_information")
        .values({ ...NO_ATTRIBUTION, id: crypto.randomUUID(), name: "Reader", email, phone: "", company: "", message: "Token plans?", plan_type: "Token", created_at: new Date().toISOString() })
        .execute();
    }
    const read = one.services.campaigns.readSegment((name) => ({ source: "LinkedIn", plan: "Token" })[name] ?? "", "America/Toronto");
    if (!read.ok) throw new Error(read.message);
    const shown = await one.services.campaigns.audience(read.segment);
    expect(shown).toEqual({
      total: 30,
      recipients: 3,
      excluded: [
        { reason: "not from source LinkedIn", count: 20 },
        { reason: "no information request about Token plans", count: 6 },
        { reason: "unsubscribed", count: 1 },
      ],
      languages: { en: 3, fr: 0 },
    });
    const id = await one.services.campaigns.create("lead@example.com", { subject: "Token news", body: "Token plans are open." }, read.segment);
    const utc = await one.services.campaigns.schedule("lead@example.com", id, DateTime.now().setZone("America/Toronto").plus({ days: 1 }).toFormat("yyyy-MM-dd'T'HH:mm"), "America/Toronto");
    expect(Date.parse(utc)).toBeGreaterThan(Date.now());

    // Not due: neither instance starts it.
    expect(await Promise.all([one.services.campaigns.startDue(), two.services.campaigns.startDue()])).toEqual([0, 0]);
    // Due: both instances' passes at once, twice over; one starts it.
    await db.updateTable("campaigns").set({ scheduled_at: new Date(Date.now() - 1_000).toISOString() }).where("id", "=", id).execute();
    const started = await Promise.all([one, two, one, two].map(({ services }) => services.campaigns.startDue()));
    expect(started.reduce((a, b) => a + b, 0)).toBe(1);
    for (let pass = 0; pass < 20; pass++) {
      await Promise.all([one, two].map(({ services }) => services.campaigns.dispatcher.dispatchOnce()));
      const { status } = await db.selectFrom("campaigns").select("status").where("id", "=", id).executeTakeFirstOrThrow();
      if (status === "done") break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect((await db.selectFrom("campaigns").select(["status", "recipients"]).where("id", "=", id).executeTakeFirstOrThrow())).toEqual({ status: "done", recipients: 3 });
    const mails = await db.selectFrom("mail").select("to").where("subject", "=", "Token news").orderBy("to").execute();
    expect(mails.map((m) => m.to)).toEqual(["sub-00@example.com", "sub-06@example.com", "sub-09@example.com"]);
    const sends = await db.selectFrom("audit_log").select(["actor", "detail"]).where("action", "=", "campaign-send").where("subject", "=", id).execute();
    expect(sends).toEqual([{ actor: "lead@example.com", detail: JSON.stringify({ recipients: 3, scheduled: true }) }]);
  } finally {
    await two.close();
    await one.close();
  }
}, 120_000);
