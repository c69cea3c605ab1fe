/**
 * Newsletter campaigns: a 200-recipient campaign with the SMTP server refusing, then down and up,
 * and the server process killed (SIGKILL) mid-send (tests/support/campaign-crash.ts; the bench
 * runs the same at 2,000). Every active recipient gets exactly one mail (one Message-ID; a copy
 * resent after the crash carries the same one), and no address that unsubscribed, before the send
 * or during it, gets one. And a scheduled campaign to a segment, due while two instances share one
 * PostgreSQL database: started once, sent once to each address of the audience it showed.
 */
import crypto from "node:crypto";
import { DateTime } from "luxon";
import { afterAll, beforeAll, expect, it } from "vitest";
import { runCampaignCrash } from "../support/campaign-crash";
import { startPostgres, type Postgres } from "../support/postgres";
import { startServices } from "./leads-helpers";
import { NO_ATTRIBUTION } from "../../server/analytics/lead-attribution";

const SECRET = "campaign-test-secret-0123456789-abcdefgh";
const N = 200;

let postgres: Postgres;
beforeAll(async () => {
  postgres = await startPostgres();
}, 120_000);
afterAll(async () => {
  await postgres?.stop();
});

it.each(["sqlite", "postgres"] as const)("on %s: sends a 200-recipient campaign exactly once per active subscriber across SMTP outages and a SIGKILL", async (kind) => {
  // A short lease: the mails the killed process had claimed go out again soon after the restart.
  const run = await runCampaignCrash({ recipients: N, databaseUrl: kind === "postgres" ? await postgres.createDatabase() : undefined, leaseMs: 3_000 });
  // 10 unsubscribed before the send, 5 during it.
  expect([run.unsubscribedBefore.length, run.unsubscribedDuring.length]).toEqual([10, 5]);
  const unsubscribed = [...run.unsubscribedBefore, ...run.unsubscribedDuring];
  expect(run.unsubscribeAnswers).toEqual({ unsubscribed: 15 });
  expect(run.started).toBe(N - 10);
  // The outage and the kill came mid-send: mails had been refused, and some were still unsent.
  expect(run.refused).toBeGreaterThan(0);
  expect(run.atKill.unsent).toBeGreaterThan(0);
  expect(run.active.size).toBe(N - 15);
  expect(run.statuses).toEqual([["queued", N - 15], ["skipped", 5]]);
  for (const mail of run.received) {
    // Each recipient's own unsubscribe link.
    expect(mail.text).toContain("/unsubscribe?token=");
    expect(mail.raw).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
  }
  for (const email of run.active) expect(run.messageIds.get(email)?.size ?? 0, email).toBe(1);
  for (const email of unsubscribed) expect(run.messageIds.has(email), email).toBe(false);
  expect(run.messageIds.size).toBe(run.active.size);
  const copies = run.received.length - run.active.size;
  console.info(`campaign: ${run.active.size} recipients, ${run.received.length} deliveries (${copies} resent copies with the same Message-ID after the SIGKILL)`);
}, 600_000);

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
