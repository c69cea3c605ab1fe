/**
 * The text rule end to end, on SQLite and on PostgreSQL, with a real SMTP server: what a visitor or
 * a member types with bidirectional controls, invisible characters or NUL in it is what the team
 * sees, what is stored and what is mailed, without those characters.
 */
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../server/db/database";
import { chatVisitor } from "../support/chat-client";
import { startPostgres, type Postgres } from "../support/postgres";
import { startSite, type Site } from "../support/site-server";
import { type ReceivedMail, startSmtp, type Smtp } from "../support/smtp";
import { until } from "../support/until";

const PUBLIC = "https://www.heavyroute.example";
const MEMBER = "ann@example.com";
/** What must never reach a team view, a stored lead or a mail. */
const HIDDEN = /(?![\t\n\r])[\p{Cc}\u061C\u200B-\u200F\u202A-\u202E\u2060-\u2069\uFEFF]/u;
const SPOOFED = "Bob \u202Egnp.exe";

describe.each(["sqlite", "postgres"] as const)("invisible and bidirectional characters on %s", (kind) => {
  let postgres: Postgres | undefined;
  let smtp: Smtp;
  let site: Site;
  let database: DatabaseHandle;
  let cookie: string;

  const post = (path: string, body: Record<string, string>, headers: Record<string, string> = {}) =>
    fetch(`${site.url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: PUBLIC, ...headers },
      body: new URLSearchParams(body).toString(),
    });
  const postJson = (path: string, body: unknown) =>
    fetch(`${site.url}${path}`, { method: "POST", headers: { "content-type": "application/json", origin: PUBLIC }, body: JSON.stringify(body) });
  const page = async (path: string) => {
    const response = await fetch(`${site.url}${path}`, { headers: { cookie } });
    expect(response.status, path).toBe(200);
    return response.text();
  };
  const mailTo = async (count: number, to: string) => (await smtp.waitFor(count)).filter((mail) => mail.to.includes(to));

  beforeAll(async () => {
    smtp = await startSmtp();
    const env: Record<string, string> = { SMTP_URL: smtp.url, PUBLIC_SITE_URL: PUBLIC, TEAM_EMAIL: "team@example.com", TEAM_MEMBERS: MEMBER, RATE_LIMIT_POST_PER_MINUTE: "10000" };
    if (kind === "postgres") {
      postgres = await startPostgres();
      env.DATABASE_URL = postgres.url;
    }
    site = await startSite({ env });
    database = openDatabase(kind === "postgres" ? { kind, url: postgres!.url } : { kind, file: join(site.dataDir, "site.db") });

    expect((await post("/team/sign-in", { email: MEMBER })).status).toBe(200);
    const [mail] = await mailTo(1, MEMBER);
    const token = /\/team\/sign-in\/link\?token=([\w-]+)/.exec(mail!.text)![1]!;
    const signedIn = await post("/team/sign-in/link", { token, next: "/team" });
    expect(signedIn.status).toBe(302);
    cookie = signedIn.headers.get("set-cookie")!.split(";")[0]!;
  });
  afterAll(async () => {
    await database?.close();
    await site?.stop();
    await smtp?.stop();
    await postgres?.stop();
  });

  it("a contact message and an information request: stored, listed and mailed without them", async () => {
    const sent = smtp.messages.length;
    const contact = await postJson("/contact", { name: SPOOFED, email: "bob@example.com", message: "See the\u2066 attached\u200B file\u0000.\nThanks" });
    expect(contact.status).toBe(200);
    const info = await postJson("/request-information", {
      name: SPOOFED,
      email: "bob@example.com",
      phone: "+1 555 010 0200",
      company: "AC\u200BME\u202E Haulage",
      message: "Prices?\u2067",
      planType: "Subscription",
    });
    expect(info.status).toBe(200);

    const mails = (await smtp.waitFor(sent + 2)).slice(sent);
    expect(mails.map((mail) => mail.subject).sort()).toEqual(["Contact form (Question) from Bob gnp.exe", "Information request (Subscription) from Bob gnp.exe"]);
    for (const mail of mails) {
      expect(mail.text).toContain("Name: Bob gnp.exe");
      expect(mail.text).not.toMatch(HIDDEN);
    }
    expect(mails.find((mail) => mail.subject.startsWith("Contact"))!.text).toContain("Message:\nSee the attached file.\nThanks");
    expect(mails.find((mail) => mail.subject.startsWith("Information"))!.text).toContain("Company or service: ACME Haulage");

    const message = await database.db.selectFrom("contact_messages").select(["id", "name", "message"]).where("email", "=", "bob@example.com").executeTakeFirstOrThrow();
    expect(message).toMatchObject({ name: "Bob gnp.exe", message: "See the attached file.\nThanks" });
    const request = await database.db.selectFrom("more_information").select(["name", "company", "message"]).where("email", "=", "bob@example.com").executeTakeFirstOrThrow();
    expect(request).toEqual({ name: "Bob gnp.exe", company: "ACME Haulage", message: "Prices?" });

    const list = await page("/team");
    expect(list).toContain("Bob gnp.exe");
    expect(list).not.toMatch(HIDDEN);
    const detail = await page(`/team/leads/contact/${message.id}`);
    expect(detail).toContain("See the attached file.");
    expect(detail).not.toMatch(HIDDEN);
  });

  it("a team note with NUL and a bidi override is stored and shown without them", async () => {
    expect((await postJson("/contact", { name: "Carl", email: "carl@example.com", message: "Call me." })).status).toBe(200);
    const lead = await database.db.selectFrom("contact_messages").select("id").where("email", "=", "carl@example.com").executeTakeFirstOrThrow();
    const path = `/team/leads/contact/${lead.id}`;
    const answer = await post(path, { intent: "note", note: "Called back\u0000, wants a demo\u202E.\nNext week." }, { cookie });
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain("Note added.");
    const note = await database.db.selectFrom("lead_notes").select("body").where("lead_id", "=", lead.id).executeTakeFirstOrThrow();
    expect(note.body).toBe("Called back, wants a demo.\nNext week.");
    const detail = await page(path);
    expect(detail).toContain("Called back, wants a demo.");
    expect(detail).not.toMatch(HIDDEN);

    const blank = await post(path, { intent: "note", note: "\u0000\u200B\u202E" }, { cookie });
    expect(blank.status).toBe(400);
    expect(await blank.text()).toContain("Write a note first.");
  });

  it("a campaign subject with a bidi override is stored, shown and mailed without it", async () => {
    const created = await post("/team/campaigns", { intent: "create", subject: "Spring news \u202Efdp.exe", body: "Hello\u2066 **all**" }, { cookie });
    expect(created.status).toBe(302);
    const campaign = await database.db.selectFrom("campaigns").select(["id", "subject", "body"]).executeTakeFirstOrThrow();
    expect(campaign).toMatchObject({ subject: "Spring news fdp.exe", body: "Hello **all**" });
    expect(await page(`/team/campaigns?id=${campaign.id}`)).not.toMatch(HIDDEN);

    expect((await post("/team/campaigns", { intent: "test", id: campaign.id }, { cookie })).status).toBe(302);
    const isTest = (mail: ReceivedMail) => mail.to.includes(MEMBER) && mail.subject.startsWith("[Test]");
    await until(() => smtp.messages.some(isTest), 15_000, "the campaign's test mail");
    const test = smtp.messages.find(isTest)!;
    expect(test.subject).toBe("[Test] Spring news fdp.exe");
    expect(test.text).not.toMatch(HIDDEN);
  });

  it("the chat: a lead's name and a question with NUL, as stored for the team's transcript", async () => {
    const visitor = chatVisitor(site.url, { origin: PUBLIC });
    expect((await visitor.session()).status).toBe(200);
    expect((await visitor.lead("\u202EAda\u200B", "ada@example.com")).status).toBe(200);
    const reply = await visitor.send("What\u0000 is a \u2066permit?");
    expect(reply.status).toBe(200);
    const stored = await database.db.selectFrom("chat_visitors").select(["id", "name"]).where("email", "=", "ada@example.com").executeTakeFirstOrThrow();
    expect(stored.name).toBe("Ada");
    const questions = await database.db.selectFrom("chat_messages").select("content").where("visitor_id", "=", stored.id).where("kind", "=", "chat").where("role", "=", "user").execute();
    expect(questions.map((row) => row.content)).toEqual(["What is a permit?"]);
  });
});
