/**
 * `npm run move-data`: a site run on SQLite and filled through its own pages and endpoints (forms,
 * chat, a team member's sign-in, note, handled mark, campaign and erasure, mail sent and mail the
 * SMTP server refused), moved to PostgreSQL, and started there: the same leads, the pending mail
 * sent once, the sent mail not again, and the cookies and links given out before still working.
 */
import { spawn } from "node:child_process";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { SqliteDatabase } from "../../server/db/sqlite-driver";
import { UNSUBSCRIBE_MESSAGES } from "../../app/features/newsletter/unsubscribe-contract";
import { chatVisitor } from "../support/chat-client";
import { repoRoot } from "../support/paths";
import { startPostgres, type Postgres } from "../support/postgres";
import { startSite, type Site } from "../support/site-server";
import { startSmtp, type ReceivedMail, type Smtp } from "../support/smtp";
import { readSiteDb, until } from "./leads-helpers";

const PUBLIC = "https://www.heavyroute.example";
const MEMBER = "ann@example.com";
const SUBSCRIBERS = ["sub1@example.com", "sub2@example.com", "sub3@example.com"];
const CAMPAIGN = "HeavyRoute opens its doors";

let postgres: Postgres;
let smtp: Smtp;
let site: Site | undefined;

beforeAll(async () => {
  [postgres, smtp] = await Promise.all([startPostgres(), startSmtp()]);
}, 60_000);
afterAll(async () => {
  await site?.stop();
  await smtp?.stop();
  await postgres?.stop();
});

function moveData(args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "server/cli/move-data.ts", ...args], {
      cwd: repoRoot,
      env: { ...process.env, DATABASE_URL: "", SESSION_SECRET: "", LOG_LEVEL: "silent", ...env },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const mailsTo = (to: string) => smtp.messages.filter((mail) => mail.to.includes(to));
/** The links to each lead on the workspace's first page, in the order shown. */
const leadLinks = (html: string) => [...html.matchAll(/href="(\/team\/leads\/[\w-]+\/[\w-]+)"/g)].map((m) => m[1]!);
/** The rows of the audit page's table, as text. */
const auditRows = (html: string) => [...html.matchAll(/<li[\s\S]*?<\/li>/g)].map((m) => m[0].replace(/<[^>]+>/g, " ").replace(/\s+/g, " ").trim());
const unsubscribeLink = (mail: ReceivedMail) => /https?:\/\/\S+\/unsubscribe\?token=[\w.~%-]+/.exec(mail.text)?.[0];

it("moves every table to PostgreSQL: the site starts there with the same leads, mail, sessions and links", async () => {
  const env = { SMTP_URL: smtp.url, PUBLIC_SITE_URL: PUBLIC, TEAM_MEMBERS: MEMBER, RATE_LIMIT_POST_PER_MINUTE: "10000", MAIL_RATE_PER_MINUTE: "6000" };
  site = await startSite({ env });
  const { dataDir } = site;
  const url = site.url;
  const post = (path: string, fields: Record<string, string>, cookie?: string) =>
    fetch(`${url}${path}`, { method: "POST", redirect: "manual", headers: { "content-type": "application/x-www-form-urlencoded", origin: PUBLIC, ...(cookie ? { cookie } : {}) }, body: form(fields) });
  const postJson = (path: string, body: unknown) => fetch(`${url}${path}`, { method: "POST", headers: { "content-type": "application/json", origin: PUBLIC }, body: JSON.stringify(body) });
  const get = (path: string, cookie: string) => fetch(`${url}${path}`, { headers: { cookie } });

  // A team member signs in through the link mailed to them.
  expect((await post("/team/sign-in", { email: MEMBER })).status).toBe(200);
  await until(() => mailsTo(MEMBER).length === 1, 10_000, "the sign-in mail");
  const token = new URL(/https?:\/\/\S+\/team\/sign-in\/link\?token=[\w-]+/.exec(mailsTo(MEMBER)[0]!.text)![0]).searchParams.get("token")!;
  const signedIn = await post("/team/sign-in/link", { token, next: "/team" });
  expect(signedIn.status).toBe(302);
  const teamCookie = signedIn.headers.get("set-cookie")!.split(";")[0]!;

  // Leads of every kind, and a chat visitor who leaves a name, asks, and mails the transcript.
  for (const email of [...SUBSCRIBERS, "erase.me@example.com"]) expect((await postJson("/newsletter", { email })).status).toBe(200);
  expect((await postJson("/contact", { name: "Carl Contact", email: "carl@example.com", category: "question", message: "Please call me back." })).status).toBe(200);
  const info = { name: "Ivy Info", email: "ivy@example.com", phone: "+1 555 0100", company: "Acme Haulage", message: "We move transformers.", planType: "Government" };
  expect((await postJson("/request-information", info)).status).toBe(200);
  const visitor = chatVisitor(url, { origin: PUBLIC });
  const session = await visitor.session();
  expect((await visitor.lead("Ada", "ada@example.com")).status).toBe(200);
  expect((await visitor.send("What services do you offer?")).final).toMatchObject({ type: "done" });
  expect((await visitor.transcript()).body).toEqual({ ok: true });

  // The team works the contact lead, erases a person, and sends a campaign to the subscribers.
  const before = await (await get("/team", teamCookie)).text();
  const contact = leadLinks(before).find((link) => link.startsWith("/team/leads/contact/"))!;
  expect((await post(contact, { intent: "note", note: "Called back, wants a demo." }, teamCookie)).status).toBe(200);
  expect((await post(contact, { intent: "handled" }, teamCookie)).status).toBe(200);
  expect((await post("/team/people?email=erase.me%40example.com", { confirm: "erase.me@example.com" }, teamCookie)).status).toBe(200);
  const created = await post("/team/campaigns", { intent: "create", subject: CAMPAIGN, body: "The **platform** is open." }, teamCookie);
  const campaignId = new URL(created.headers.get("location")!, url).searchParams.get("id")!;
  expect((await post("/team/campaigns", { intent: "send", id: campaignId, confirm: "yes" }, teamCookie)).status).toBe(302);
  await until(() => smtp.messages.filter((mail) => mail.subject === CAMPAIGN).length === SUBSCRIBERS.length, 20_000, "the campaign mails");
  const pendingBefore = () => readSiteDb(dataDir, (db) => db.prepare("select count(*) as n from mail where status = 'pending'").get() as { n: number }).n;
  await until(() => pendingBefore() === 0, 10_000, "every mail sent");

  // The SMTP server refuses: a contact message's notice and a new subscriber's mails stay pending.
  smtp.setFailing(true);
  expect((await postJson("/contact", { name: "Late Larry", email: "larry@example.com", category: "question", message: "Sent during the outage." })).status).toBe(200);
  expect((await postJson("/newsletter", { email: "late@example.com" })).status).toBe(200);
  await until(
    () => readSiteDb(dataDir, (db) => db.prepare("select count(*) as n from mail where status = 'pending' and attempts > 0").get() as { n: number }).n === 3,
    15_000,
    "three mails refused once",
  );
  const workspace = leadLinks(await (await get("/team", teamCookie)).text());
  const audit = auditRows(await (await get("/team/audit", teamCookie)).text());
  expect(audit.join("\n")).toContain("erased a person");
  // While the server runs, what it writes after the copy would stay behind: refused, nothing moved.
  const whileRunning = await moveData(["--to", postgres.url], { DATA_DIR: dataDir });
  expect(whileRunning.code).toBe(1);
  expect(whileRunning.stderr.trim()).toBe(`A server is using ${join(dataDir, "site.db")}: stop it (every instance), then run move-data again. Nothing was copied.`);
  await site.stop();
  site = undefined;
  const sentBefore = smtp.messages.length;
  const pending = readSiteDb(dataDir, (db) => db.prepare("select \"to\" from mail where status = 'pending' order by \"to\"").all() as { to: string }[]).map((row) => row.to);
  expect(pending).toHaveLength(3);
  // As an instance killed while sending leaves it: one pending mail leased for another hour.
  const sqlite = new SqliteDatabase(join(dataDir, "site.db"));
  sqlite.prepare("update mail set claimed_by = 'gone-instance', claimed_until = ? where \"to\" = ?").run(new Date(Date.now() + 3_600_000).toISOString(), pending[0]);
  sqlite.close();
  const welcome = mailsTo(SUBSCRIBERS[0]!).find((mail) => mail.subject !== CAMPAIGN)!;

  // The operator's mistakes are refused with a clear line.
  const wrongTarget = await moveData(["--to", "mysql://db.internal/site"], { DATA_DIR: dataDir });
  expect(wrongTarget.code).toBe(2);
  expect(wrongTarget.stderr).toContain("--to must be a postgres:// or postgresql:// URL");
  expect(wrongTarget.stderr).not.toContain("    at ");

  const moved = await moveData(["--to", postgres.url], { DATA_DIR: dataDir });
  expect(moved.stderr).toBe(moved.stderr.replace(/\n\s+at /, "")); // no stack trace
  expect(moved.code, moved.stderr).toBe(0);
  console.info(moved.stdout);
  for (const table of ["subscribers", "contact_messages", "more_information", "chat_visitors", "chat_messages", "mail", "team_sessions", "lead_notes", "lead_states", "audit_log", "campaigns", "campaign_recipients", "site_settings"]) {
    expect(moved.stdout).toMatch(new RegExp(`^${table} +[1-9]\\d* +[1-9]\\d* +[0-9a-f]{16} +[0-9a-f]{16} +ok$`, "m"));
  }
  expect(moved.stdout).not.toContain("DIFFERS");
  expect(moved.stdout).toContain("The session secret of");

  const again = await moveData(["--to", postgres.url], { DATA_DIR: dataDir });
  expect(again.code).toBe(1);
  expect(again.stderr).toContain("The target database already holds data (");
  expect(again.stderr).toContain("add --replace");
  const replaced = await moveData(["--to", postgres.url, "--replace"], { DATA_DIR: dataDir });
  expect(replaced.code, replaced.stderr).toBe(0);
  expect(replaced.stdout).toBe(moved.stdout.replace(/in \d+\.\d s/, replaced.stdout.match(/in \d+\.\d s/)![0]));

  // The site starts on PostgreSQL, the SMTP server accepts again.
  smtp.setFailing(false);
  site = await startSite({ env: { ...env, DATABASE_URL: postgres.url } });
  const moves = site.url;
  await until(() => smtp.messages.length >= sentBefore + 3, 15_000, "the pending mail sent");

  // The team member is still signed in and sees the same leads, note, handled mark and audit.
  const after = await fetch(`${moves}/team`, { headers: { cookie: teamCookie } });
  expect(after.status).toBe(200);
  expect(leadLinks(await after.text())).toEqual(workspace);
  const lead = await (await fetch(`${moves}${contact}`, { headers: { cookie: teamCookie } })).text();
  expect(lead).toContain("Called back, wants a demo.");
  expect(lead).toContain(`Handled by ${MEMBER}`);
  expect(auditRows(await (await fetch(`${moves}/team/audit`, { headers: { cookie: teamCookie } })).text())).toEqual(audit);

  // The chat visitor's cookie still finds their conversation.
  const returning = chatVisitor(moves, { origin: PUBLIC });
  returning.cookie = visitor.cookie;
  const restored = await returning.session();
  expect(restored.body.user.id).toBe(session.body.user.id);
  expect(restored.body.name).toBe("Ada");
  expect(restored.body.history?.some((message) => message.content === "What services do you offer?")).toBe(true);

  // An unsubscribe link mailed before the move still unsubscribes.
  const link = unsubscribeLink(welcome)!;
  expect(link.startsWith(`${PUBLIC}/unsubscribe?token=`)).toBe(true);
  const unsubscribed = await fetch(`${moves}/unsubscribe${new URL(link).search}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: "List-Unsubscribe=One-Click",
  });
  expect(unsubscribed.status).toBe(200);
  expect(await unsubscribed.text()).toContain(UNSUBSCRIBE_MESSAGES.unsubscribed("en"));

  // The pending mail went out once, the sent mail not again. A sign-up's welcome, queued now (a new
  // lead: after the checks of the leads above), goes out on a later claim than the pending mail's,
  // which would have taken any moved mail still (or again) due: once it is here, any resent is too.
  const later = "after.move@example.com";
  expect((await fetch(`${moves}/newsletter`, { method: "POST", headers: { "content-type": "application/json", origin: PUBLIC }, body: JSON.stringify({ email: later }) })).status).toBe(200);
  await until(() => mailsTo(later).length > 0, 30_000, "the welcome of a sign-up after the move");
  const aboutLater = (mail: ReceivedMail) => mail.to.includes(later) || mail.subject.includes(later);
  expect(smtp.messages.slice(sentBefore).filter((mail) => !aboutLater(mail)).map((mail) => mail.to[0]).sort()).toEqual(pending);
}, 90_000);
