import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { migratedDatabase, SQLITE_ENGINE } from "../../tests/support/engines";
import { type Postgres, startPostgres } from "../../tests/support/postgres";
import { type Smtp, startSmtp } from "../../tests/support/smtp";
import { pageView } from "../analytics/page-view";
import { PageViewRecorder } from "../analytics/recorder";
import { rollUpPageViews } from "../analytics/rollup";
import { loadConfig } from "../config";
import { type DatabaseHandle, migrateToLatest, openDatabase } from "../db/database";
import type { Db } from "../db/database";
import { clientKey } from "../http/client-address";
import { createLogger } from "../logger";
import { MailOutbox } from "../mail/outbox";
import { fileSender, smtpSender } from "../mail/senders";
import { digestWeeks, nextDigestAt, weeklyDigest } from "./weekly-digest";
import { createTeamWorkspace } from "./workspace";

const logger = createLogger("silent");
const ORIGIN = "https://www.heavyroute.example";
/** TEAM_MEMBERS: the bootstrap list. The digest goes to `team_members`, which admins also change. */
const BOOTSTRAP = "ana@heavyroute.example";
const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0 digest-test";

/** The configuration the server would read, with the team's bootstrap member and the digest's settings. */
const configOf = (env: Record<string, string> = {}) => loadConfig({ TEAM_MEMBERS: BOOTSTRAP, PUBLIC_SITE_URL: ORIGIN, TEAM_TIMEZONE: "America/Toronto", ...env });

/** An outbox that only queues (its worker is not started): what an instance's digest writes to. */
const queueOnly = (db: Db) => new MailOutbox(db, fileSender(fs.mkdtempSync(path.join(os.tmpdir(), "digest-mail-")), "Max Load <info@heavyroute.example>"), logger);

const digestRows = (db: Db) => db.selectFrom("mail").select(["to", "subject"]).where("subject", "like", "%weekly digest%").orderBy("to").execute();

describe("when the digest goes out: Monday 08:00 in the team's time zone", () => {
  it("stays at 08:00 in Toronto across the end and the start of daylight saving time", () => {
    // Monday 26 October 2026, 08:00 EDT (UTC−4); DST ends Sunday 1 November: the next is 08:00 EST (UTC−5).
    expect(nextDigestAt(new Date("2026-10-26T12:00:00.000Z"), "America/Toronto").toISOString()).toBe("2026-11-02T13:00:00.000Z");
    // Just before it, the same Monday.
    expect(nextDigestAt(new Date("2026-11-02T12:59:59.999Z"), "America/Toronto").toISOString()).toBe("2026-11-02T13:00:00.000Z");
    // Monday 2 March 2026, 08:00 EST; DST starts Sunday 8 March: the next is 08:00 EDT.
    expect(nextDigestAt(new Date("2026-03-02T13:00:00.000Z"), "America/Toronto").toISOString()).toBe("2026-03-09T12:00:00.000Z");
    // A Sunday evening in Toronto is already Monday in UTC.
    expect(nextDigestAt(new Date("2026-11-23T03:00:00.000Z"), "America/Toronto").toISOString()).toBe("2026-11-23T13:00:00.000Z");
    expect(nextDigestAt(new Date("2026-11-23T03:00:00.000Z"), "UTC").toISOString()).toBe("2026-11-23T08:00:00.000Z");
  });

  it("reports the seven whole UTC days before it, and the seven before those", () => {
    expect(digestWeeks(new Date("2026-11-23T13:00:30.000Z"), "America/Toronto")).toEqual({
      week: { from: "2026-11-16", to: "2026-11-22" },
      before: { from: "2026-11-09", to: "2026-11-15" },
    });
    // Sent late (every instance was down on Monday): still the week it was due for.
    expect(digestWeeks(new Date("2026-11-25T10:00:00.000Z"), "America/Toronto").week).toEqual({ from: "2026-11-16", to: "2026-11-22" });
    // Monday 08:00 in Auckland is Sunday 19:00 UTC: that Sunday is not over, the week ends on Saturday.
    expect(digestWeeks(new Date("2026-11-22T19:00:00.000Z"), "Pacific/Auckland").week).toEqual({ from: "2026-11-15", to: "2026-11-21" });
  });
});

describe("the digest's figures, mailed through SMTP (SQLite)", () => {
  const database = migratedDatabase(SQLITE_ENGINE);
  let smtp: Smtp;

  beforeAll(async () => {
    smtp = await startSmtp();
  });
  afterAll(async () => {
    await smtp.stop();
  });

  /** A lead of `table` at `at`, with the attribution the visit gave. */
  async function lead(db: Db, table: "subscribers" | "contact_messages" | "more_information" | "potential_customers", at: string, utm: { source?: string; campaign?: string; referrer?: string } = {}) {
    const id = crypto.randomUUID();
    const email = `${id}@example.com`;
    const attribution = { landing_path: "/", referrer: utm.referrer ?? null, utm_source: utm.source ?? null, utm_medium: null, utm_campaign: utm.campaign ?? null, utm_content: null, utm_term: null, converted_path: "/" };
    if (table === "subscribers") {
      await db.insertInto("subscribers").values({ id, email, email_normalized: email, subscribed_at: at, status: "active", notify_admin: "yes", consent_at: null, consent_page: null, consent_form: null, consent_text: null, consent_client: null, unsubscribed_at: null, welcomed_at: null, unsubscribe_key: null, ...attribution }).execute();
    } else if (table === "contact_messages") {
      await db.insertInto("contact_messages").values({ id, name: "Dana", email, category: "sales", message: "Hello", created_at: at, ...attribution }).execute();
    } else if (table === "more_information") {
      await db.insertInto("more_information").values({ id, name: "Lee", email, phone: "", company: "Fleet", message: "Pricing", plan_type: "government", created_at: at, ...attribution }).execute();
    } else {
      await db.insertInto("potential_customers").values({ id, name: "Sam", email, source: "chat", created_at: at, ...attribution }).execute();
    }
  }

  it("counts the week's visitors and leads, the top three sources and campaigns beside the week before, and mails each member", async () => {
    const db = database().db;
    // The team as the workspace left it: ana from TEAM_MEMBERS; ben invited by her; cy invited, then removed.
    const team = createTeamWorkspace({ db, outbox: queueOnly(db), logger, config: configOf() });
    await team.access.syncMembers();
    await team.members.invite("ana@heavyroute.example", "ben@heavyroute.example", "member");
    await team.members.invite("ana@heavyroute.example", "cy@heavyroute.example", "member");
    await team.members.remove("ana@heavyroute.example", "cy@heavyroute.example");
    // Their invitations are not what this test reads.
    await db.deleteFrom("mail").execute();
    const clock = { now: new Date() };
    const recorder = new PageViewRecorder(db, logger, { now: () => clock.now, flushEveryMs: 60_000 });
    const visit = async (at: string, address: string, url = "/", referer?: string) => {
      clock.now = new Date(at);
      const [pagePath = "/", query = ""] = url.split("?");
      const headers = { "user-agent": FIREFOX, ...(referer ? { referer } : {}) };
      recorder.record(pageView({ path: pagePath, query, headers, clientKey: clientKey(address), origin: ORIGIN, now: clock.now }));
      await recorder.flush();
    };
    // The week before (9–15 November): one visitor from LinkedIn's launch campaign, one direct; one direct lead.
    await visit("2026-11-10T15:00:00.000Z", "203.0.113.1", "/?utm_source=linkedin&utm_campaign=launch");
    await visit("2026-11-10T15:05:00.000Z", "203.0.113.2");
    await lead(db, "contact_messages", "2026-11-11T09:00:00.000Z");
    // The week (16–22 November): three from LinkedIn's launch (one reads a second page), one sent
    // by a permit forum, two direct; leads: two from LinkedIn's launch, one from the forum, one
    // direct chat lead, one from a trade-show flyer's QR code (no visit counted: fourth source).
    for (const address of ["198.51.100.1", "198.51.100.2", "198.51.100.3"]) await visit("2026-11-17T14:00:00.000Z", address, "/?utm_source=linkedin&utm_campaign=launch");
    await visit("2026-11-17T14:10:00.000Z", "198.51.100.1", "/platform", `${ORIGIN}/`);
    await visit("2026-11-18T10:00:00.000Z", "198.51.100.4", "/platform", "https://permits-forum.example/t/42");
    await visit("2026-11-19T10:00:00.000Z", "198.51.100.5");
    await visit("2026-11-22T23:59:00.000Z", "198.51.100.6");
    await lead(db, "more_information", "2026-11-17T14:20:00.000Z", { source: "linkedin", campaign: "launch", referrer: "https://www.linkedin.com" });
    await lead(db, "subscribers", "2026-11-18T08:00:00.000Z", { source: "linkedin", campaign: "launch" });
    await lead(db, "contact_messages", "2026-11-18T10:05:00.000Z", { referrer: "https://permits-forum.example" });
    await lead(db, "potential_customers", "2026-11-20T16:00:00.000Z");
    await lead(db, "contact_messages", "2026-11-21T11:00:00.000Z", { source: "flyer", campaign: "tradeshow" });
    // Outside both weeks: not counted.
    await lead(db, "subscribers", "2026-11-08T23:59:59.999Z", { source: "linkedin" });
    await lead(db, "potential_customers", "2026-11-23T06:00:00.000Z", { source: "linkedin" });
    await recorder.close();
    // By Monday morning the hourly rollup has made daily rows of the days before.
    await rollUpPageViews(db, 30, new Date("2026-11-23T12:00:00.000Z"));

    const outbox = new MailOutbox(db, smtpSender(smtp.url, "Max Load <info@heavyroute.example>"), logger);
    const digest = weeklyDigest({ db, outbox, logger, config: configOf() });
    // The instance started on Sunday: nothing is due before Monday 08:00 in Toronto (13:00 UTC).
    expect(await digest.check(new Date("2026-11-22T20:00:00.000Z"))).toBe(false);
    expect(await digest.check(new Date("2026-11-23T12:59:00.000Z"))).toBe(false);
    expect(await digest.check(new Date("2026-11-23T13:00:30.000Z"))).toBe(true);
    await outbox.drain();
    await outbox.stop();

    const mails = await smtp.waitFor(2);
    expect(mails.map((mail) => mail.to).sort()).toEqual([["ana@heavyroute.example"], ["ben@heavyroute.example"]]);
    const [mail] = mails;
    expect(mail!.subject).toBe("HeavyRoute weekly digest, 16–22 November 2026: 6 visitors, 5 leads");
    expect(mail!.text.trim()).toBe(
      [
        "HeavyRoute — the week of 16–22 November 2026, compared with the week before (9–15 November 2026).",
        "",
        "Visitors: 6 — week before 2, +4 (+200%)",
        "Leads: 5 — week before 1, +4 (+400%)",
        "",
        "Top sources:",
        "1. linkedin",
        "   Visitors: 3 — week before 1, +2 (+200%)",
        "   Leads: 2 — week before 0, +2",
        "2. Direct",
        "   Visitors: 2 — week before 1, +1 (+100%)",
        "   Leads: 1 — week before 1, no change",
        "3. https://permits-forum.example",
        "   Visitors: 1 — week before 0, +1",
        "   Leads: 1 — week before 0, +1",
        "",
        "Top campaigns:",
        "1. launch",
        "   Visitors: 3 — week before 1, +2 (+200%)",
        "   Leads: 2 — week before 0, +2",
        "2. tradeshow",
        "   Visitors: 0 — week before 0, no change",
        "   Leads: 1 — week before 0, +1",
        "",
        `Every figure, per page and per day: ${ORIGIN}/team/insights`,
        "",
        "A source is the visit's utm_source, else the site that referred it, else Direct. Days are UTC days; visitors are counted without cookies, once a day each.",
      ].join("\n"),
    );
    expect(mail!.html).toContain(`<a href="${ORIGIN}/team/insights">`);
    expect(mail!.html).toContain("<td style=\"padding:4px 12px 4px 0;text-align:right\">+4 (+400%)</td>");
    // Once: the same morning, another check sends nothing.
    expect(await digest.check(new Date("2026-11-23T14:00:00.000Z"))).toBe(false);
    expect(await digestRows(db)).toHaveLength(2);
  });
});

describe("three instances on one PostgreSQL", () => {
  let postgres: Postgres;
  const handles: DatabaseHandle[] = [];
  const db = () => handles[0]!.db;

  beforeAll(async () => {
    postgres = await startPostgres();
    handles.push(openDatabase({ kind: "postgres", url: postgres.url }));
    await migrateToLatest(db());
    await db()
      .insertInto("team_members")
      .values([
        { email: "ana@heavyroute.example", since: new Date().toISOString(), role: "admin" },
        { email: "ben@heavyroute.example", since: new Date().toISOString(), role: "member", invited_by: "ana@heavyroute.example" },
      ])
      .execute();
  }, 60_000);
  beforeEach(async () => {
    await db().deleteFrom("mail").execute();
    await db().deleteFrom("scheduled_jobs").execute();
  });
  afterAll(async () => {
    await Promise.all(handles.map((handle) => handle.close()));
    await postgres?.stop();
  });

  /** Three instances: each its own connection pool, outbox and digest, as three servers have. */
  function instances(env: Record<string, string> = {}) {
    return [0, 1, 2].map(() => {
      const handle = openDatabase({ kind: "postgres", url: postgres.url });
      handles.push(handle);
      return weeklyDigest({ db: handle.db, outbox: queueOnly(handle.db), logger, config: configOf(env) });
    });
  }

  it("reach Monday 08:00 together: exactly one digest mail per member is queued, once a week, to the members of that week", async () => {
    const digests = instances();
    const at = (iso: string) => Promise.all(digests.map((digest) => digest.check(new Date(iso))));
    expect(await at("2026-11-22T20:00:00.000Z")).toEqual([false, false, false]);
    expect((await at("2026-11-23T13:00:10.000Z")).filter(Boolean)).toHaveLength(1);
    expect((await at("2026-11-23T13:05:10.000Z")).filter(Boolean)).toHaveLength(0);
    expect((await digestRows(db())).map((row) => row.to)).toEqual(["ana@heavyroute.example", "ben@heavyroute.example"]);
    // During the week an admin invites dee and removes ben: the next Monday's digest goes to the team as it is then.
    await db().insertInto("team_members").values({ email: "dee@heavyroute.example", since: new Date().toISOString(), role: "member", invited_by: "ana@heavyroute.example" }).execute();
    await db().deleteFrom("team_members").where("email", "=", "ben@heavyroute.example").execute();
    expect((await at("2026-11-30T13:00:10.000Z")).filter(Boolean)).toHaveLength(1);
    expect((await digestRows(db())).map((row) => row.to)).toEqual(["ana@heavyroute.example", "ana@heavyroute.example", "ben@heavyroute.example", "dee@heavyroute.example"]);
  });

  it("a digest that could not be queued is not skipped: the next check queues it", async () => {
    const [digest] = instances();
    await digest!.check(new Date("2026-11-22T20:00:00.000Z"));
    // The outbox cannot be written at 08:00 (a real database error, not a stand-in).
    await sql`ALTER TABLE mail RENAME TO mail_away`.execute(db());
    await expect(digest!.check(new Date("2026-11-23T13:00:10.000Z"))).rejects.toThrow();
    await sql`ALTER TABLE mail_away RENAME TO mail`.execute(db());
    expect(await digest!.check(new Date("2026-11-23T13:05:10.000Z"))).toBe(true);
    expect((await digestRows(db())).map((row) => row.to)).toEqual(["ana@heavyroute.example", "dee@heavyroute.example"]);
  });

  it("WEEKLY_DIGEST=off: none is queued, whatever the day", async () => {
    const digests = instances({ WEEKLY_DIGEST: "off" });
    for (const iso of ["2026-11-22T20:00:00.000Z", "2026-11-23T13:00:10.000Z", "2026-11-30T13:00:10.000Z"]) await Promise.all(digests.map((digest) => digest.check(new Date(iso))));
    expect(await digestRows(db())).toEqual([]);
  });
});
