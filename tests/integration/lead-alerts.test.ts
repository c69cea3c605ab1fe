/**
 * New-lead alerts as a member gets them. "At once": a member chooses them on /team/settings for
 * information requests of one plan type; a matching request brings them one alert mail, with a
 * link to the person, and a lead their filter leaves out brings none; a chat lead too, once
 * chosen (the built server, SQLite, mail through an SMTP sink). The daily digest: two instances' checks on one PostgreSQL at the
 * same 08:00 queue it once, listing the day's matching leads; a member whose filter matches none
 * gets nothing; the next day's check sends no second one for the same day. Every time in these
 * mails and in the team's notices is in the recipient's zone, as a person reads it.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PlanType } from "../../app/content/plans";
import { loadConfig } from "../../server/config";
import { type DatabaseHandle, migrateToLatest, openDatabase } from "../../server/db/database";
import { LeadCapture } from "../../server/leads/lead-capture";
import { createLogger } from "../../server/logger";
import { LeadAlerts } from "../../server/mail/lead-alerts";
import { MailOutbox } from "../../server/mail/outbox";
import { teamTime } from "../../app/features/team/team-time-lines";
import { fileSender } from "../../server/mail/senders";
import { leadDigest } from "../../server/team/lead-digest";
import { createTeamWorkspace } from "../../server/team/workspace";
import { chatVisitor } from "../support/chat-client";
import { type Postgres, startPostgres } from "../support/postgres";
import { type Site, startSite } from "../support/site-server";
import { type Smtp, startSmtp } from "../support/smtp";
import { until } from "../support/until";

const PUBLIC = "https://www.heavyroute.example";
const ANN = "ann@example.com";
const request = (planType: PlanType, email: string) => ({ name: "Ada Lovelace", email, phone: "+44 20 7946 0958", company: "Analytical Engines", message: "Prices, please.", planType });

describe("alerts at once (SQLite, the built server, SMTP)", () => {
  let smtp: Smtp;
  let site: Site;
  let database: DatabaseHandle;

  beforeAll(async () => {
    smtp = await startSmtp();
    site = await startSite({ env: { SMTP_URL: smtp.url, PUBLIC_SITE_URL: PUBLIC, TEAM_MEMBERS: ANN, TEAM_EMAIL: "team@example.com", TEAM_TIMEZONE: "America/Toronto", RATE_LIMIT_POST_PER_MINUTE: "10000" } });
    database = openDatabase({ kind: "sqlite", file: join(site.dataDir, "site.db") });
  });
  afterAll(async () => {
    await database?.close();
    await site?.stop();
    await smtp?.stop();
  });

  const post = (path: string, body: URLSearchParams | object, cookie?: string) =>
    fetch(`${site.url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "content-type": body instanceof URLSearchParams ? "application/x-www-form-urlencoded" : "application/json",
        origin: PUBLIC,
        ...(cookie ? { cookie } : {}),
      },
      body: body instanceof URLSearchParams ? body : JSON.stringify(body),
    });
  const mailTo = (to: string) => smtp.messages.filter((mail) => mail.to.includes(to));

  it("mails a member one alert for a lead their filter matches, none for one it does not", async () => {
    await post("/team/sign-in", new URLSearchParams({ email: ANN }));
    await until(() => mailTo(ANN).length === 1, 15_000, "the sign-in mail");
    const token = new URL(/https?:\/\/\S+\/team\/sign-in\/link\?token=[\w-]+/.exec(mailTo(ANN)[0]!.text)![0]).searchParams.get("token")!;
    const signedIn = await post("/team/sign-in/link", new URLSearchParams({ token, next: "/team" }));
    const cookie = signedIn.headers.get("set-cookie")!.split(";")[0]!;

    const settings = new URLSearchParams([["timeZone", "Europe/Paris"], ["alerts", "now"], ["kinds", "information-request"], ["plans", "Government"]]);
    const saved = await post("/team/settings", settings, cookie);
    expect(saved.status).toBe(200);
    expect(await saved.text()).toContain("Your settings are saved.");

    expect((await post("/request-information", request("Government", "gov@example.com"))).status).toBe(200);
    expect((await post("/request-information", request("Training", "trainer@example.com"))).status).toBe(200);
    expect((await post("/contact", { name: "Cy", email: "cy@example.com", category: "question", message: "Hello there, a question." })).status).toBe(200);
    // Queued with each lead, in its transaction: the rows are there when the answers are.
    const queued = await database.db.selectFrom("mail").select(["subject"]).where("to", "=", ANN).where("subject", "like", "New lead%").execute();
    expect(queued.map((row) => row.subject)).toEqual(["New lead: Information request (Government) from Ada Lovelace <gov@example.com>"]);

    // The three team notices and the alert all go out; the alert is the only new-lead mail to ann.
    await until(() => smtp.messages.filter((mail) => mail.to.includes("team@example.com")).length === 3 && mailTo(ANN).length === 2, 15_000, "the notices and the alert");
    const alert = mailTo(ANN)[1]!;
    expect(alert.subject).toBe("New lead: Information request (Government) from Ada Lovelace <gov@example.com>");
    expect(alert.text).toContain(`${PUBLIC}/team/people?email=gov%40example.com`);
    // Times in the member's zone, as a person reads them; the team inbox (no member) reads them in TEAM_TIMEZONE.
    const stored = await database.db.selectFrom("more_information").select("created_at").where("email", "=", "gov@example.com").executeTakeFirstOrThrow();
    expect(alert.text).toContain(`When: ${teamTime(stored.created_at, "Europe/Paris")}\n`);
    expect(alert.text).toMatch(/When: (Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d{1,2} \w{3} \d{4}, \d\d:\d\d CES?T\n/);
    const notice = smtp.messages.find((mail) => mail.to.includes("team@example.com") && mail.text.includes("gov@example.com"))!;
    expect(notice.text).toContain(`Received at: ${teamTime(stored.created_at, "America/Toronto")}\n`);
    expect(notice.text).toMatch(/Received at: \w{3} \d{1,2} \w{3} \d{4}, \d\d:\d\d E[SD]T\n/);
    for (const mail of smtp.messages) expect(mail.text, mail.subject).not.toMatch(/\d{4}-\d\d-\d\dT\d\d:\d\d/);

    // Chat leads now: the chat's lead is alerted, in its own transaction too.
    const chatOnly = new URLSearchParams([["timeZone", "Europe/Paris"], ["alerts", "now"], ["kinds", "chat"]]);
    expect((await post("/team/settings", chatOnly, cookie)).status).toBe(200);
    expect((await chatVisitor(site.url, { origin: PUBLIC }).lead("Grace", "grace@example.com")).status).toBe(200);
    const chat = await database.db.selectFrom("mail").select(["subject"]).where("to", "=", ANN).where("subject", "like", "New lead: Chat%").execute();
    expect(chat.map((row) => row.subject)).toEqual(["New lead: Chat lead from Grace <grace@example.com>"]);
  });
});

describe("the daily digest, once across two instances (PostgreSQL)", () => {
  let postgres: Postgres;
  let handle: DatabaseHandle;
  const logger = createLogger("silent");

  beforeAll(async () => {
    postgres = await startPostgres();
    handle = openDatabase({ kind: "postgres", url: postgres.url });
    await migrateToLatest(handle.db);
  });
  afterAll(async () => {
    await handle?.close();
    await postgres?.stop();
  });

  it("goes once at 08:00 in the member's zone, with the day's matching leads; nothing to a member whose filter matches none", async () => {
    const config = loadConfig({ TEAM_MEMBERS: `${ANN},bob@example.com`, PUBLIC_SITE_URL: PUBLIC, TEAM_TIMEZONE: "America/Toronto", TEAM_EMAIL: ANN, DATA_DIR: os.tmpdir() });
    // Each instance has its own outbox (not started: what the checks queue stays to be read).
    const outbox = () => new MailOutbox(handle.db, fileSender(fs.mkdtempSync(path.join(os.tmpdir(), "digest-")), "Max Load <info@heavyroute.example>"), logger);
    const first = outbox();
    const team = createTeamWorkspace({ db: handle.db, outbox: first, logger, config });
    await team.access.syncMembers();
    const now = new Date();
    await team.members.saveSettings(ANN, { timeZone: "Asia/Tokyo", alerts: "daily", kinds: null, plans: null }, now);
    await team.members.saveSettings("bob@example.com", { timeZone: null, alerts: "daily", kinds: ["chat"], plans: null }, now);
    const due = (await handle.db.selectFrom("team_members").select("digest_due_at").where("email", "=", ANN).executeTakeFirstOrThrow()).digest_due_at!;
    // 08:00 in Tokyo (UTC+9, no daylight saving time) is 23:00 UTC.
    expect(due.slice(11)).toBe("23:00:00.000Z");

    const leads = new LeadCapture(handle.db, first, config.mail, new LeadAlerts(first, config.mail.origin, config.teamTimeZone));
    await leads.requestInformation(request("Token", "tok@example.com"));
    await leads.contact({ name: "Cy", email: "cy@example.com", category: "question", message: "Hello there, a question." });

    const at = new Date(Date.parse(due) + 60_000);
    const instances = [leadDigest({ db: handle.db, outbox: first, logger, config }), leadDigest({ db: handle.db, outbox: outbox(), logger, config })];
    const won = await Promise.all(instances.map((digest) => digest.check(at)));
    expect(won.filter(Boolean)).toHaveLength(1);
    const digests = await handle.db.selectFrom("mail").select(["to", "subject", "text"]).where("subject", "like", "%daily digest%").execute();
    expect(digests).toHaveLength(1);
    expect(digests[0]!.to).toBe(ANN);
    expect(digests[0]!.subject).toMatch(/daily digest, \w+day \d+ \w+ \d{4}: 2 new leads$/);
    expect(digests[0]!.text).toContain("Information request (Token) · Ada Lovelace <tok@example.com>");
    expect(digests[0]!.text).toContain(`${PUBLIC}/team/people?email=cy%40example.com`);
    // Times in ann's zone (Tokyo: no English abbreviation, its offset), readable, never ISO.
    expect(digests[0]!.text).toMatch(/ since (Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d{1,2} \w{3} \d{4}, 08:00 GMT\+9\.\n/);
    expect(digests[0]!.text).not.toMatch(/\d{4}-\d\d-\d\dT/);
    // The team's notices of these leads go to TEAM_EMAIL, here ann: in her zone too, looked up in team_members.
    const notices = await handle.db.selectFrom("mail").select(["text", "created_at"]).where("to", "=", ANN).where("text", "like", "%Received at:%").execute();
    expect(notices).toHaveLength(2);
    for (const notice of notices) expect(notice.text).toMatch(/\nReceived at: \w{3} \d{1,2} \w{3} \d{4}, \d\d:\d\d GMT\+9\n/);

    // Later checks, on either instance, send nothing more for that day; the next is due a day later.
    expect(await instances[1]!.check(new Date(at.getTime() + 10 * 60_000))).toBe(true);
    expect(await handle.db.selectFrom("mail").select("id").where("subject", "like", "%daily digest%").execute()).toHaveLength(1);
    const next = (await handle.db.selectFrom("team_members").select("digest_due_at").where("email", "=", ANN).executeTakeFirstOrThrow()).digest_due_at!;
    expect(Date.parse(next) - Date.parse(due)).toBe(24 * 60 * 60_000);
  });
});
