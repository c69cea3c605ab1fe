/**
 * No link in a mail comes from a request's Host: the production server with its defaults (no
 * PUBLIC_SITE_URL, mail written to .eml files), on SQLite and on PostgreSQL, asked by a client
 * that forges `Host: evil.test` (and the matching Origin) for a member's sign-in link, a
 * newsletter sign-up and a campaign. Every link in the mails written is on the listening address.
 */
import http from "node:http";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { simpleParser } from "mailparser";
import { startPostgres, type Postgres } from "../support/postgres";
import { startSite, type Site } from "../support/site-server";
import { until } from "../support/until";

const MEMBER = "ann@example.com";
const SUBSCRIBER = "reader@example.com";
const FORGED = { Host: "evil.test", Origin: "http://evil.test" };

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A request with whatever Host it is given (fetch would send the URL's). */
function request(site: Site, method: string, path: string, headers: Record<string, string>, body = ""): Promise<Answer> {
  const { port } = new URL(site.url);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, method, path, headers: { "Content-Length": String(Buffer.byteLength(body)), ...headers } }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

const formPost = (site: Site, path: string, fields: Record<string, string>, headers: Record<string, string>) =>
  request(site, "POST", path, { "Content-Type": "application/x-www-form-urlencoded", ...headers }, new URLSearchParams(fields).toString());

interface WrittenMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  listUnsubscribe: string;
}

/** The .eml files written so far, parsed. */
async function writtenMails(site: Site): Promise<WrittenMail[]> {
  const dir = join(site.dataDir, "mail");
  let files: string[];
  try {
    files = readdirSync(dir).filter((file) => file.endsWith(".eml"));
  } catch {
    return [];
  }
  return Promise.all(
    files.map(async (file) => {
      const raw = readFileSync(join(dir, file), "utf8");
      const parsed = await simpleParser(raw);
      const to = parsed.to && !Array.isArray(parsed.to) ? parsed.to.text : "";
      const header = parsed.headerLines.find((line) => line.key === "list-unsubscribe")?.line ?? "";
      return { to, subject: parsed.subject ?? "", text: parsed.text ?? "", html: typeof parsed.html === "string" ? parsed.html : "", listUnsubscribe: header };
    }),
  );
}

async function mailTo(site: Site, to: string, subject: RegExp): Promise<WrittenMail> {
  let found: WrittenMail | undefined;
  await until(
    async () => {
      found = (await writtenMails(site)).find((mail) => mail.to === to && subject.test(mail.subject));
      return found !== undefined;
    },
    20_000,
    `a mail to ${to} (${subject.source})`,
  );
  return found!;
}

/** The List-Unsubscribe header and the text and html parts, decoded. */
const decoded = (mail: WrittenMail): string => `${mail.listUnsubscribe}\n${mail.text}\n${mail.html}`;

/** Every http(s) URL in a mail's headers and parts. */
/** Every URL in the mail, but the HTML's DOCTYPE (its DTD's address is no link). */
const linksOf = (mail: WrittenMail): string[] => [
  ...new Set([...decoded(mail).replace(/<!DOCTYPE[^>]*>/gi, "").matchAll(/https?:\/\/[^\s<>"']*[^\s<>"'.,]/g)].map((match) => match[0])),
];

describe.each(["sqlite", "postgres"] as const)("mail links under a forged Host, on %s", (kind) => {
  let postgres: Postgres | undefined;
  let site: Site;

  beforeAll(async () => {
    const env: Record<string, string> = { TEAM_MEMBERS: MEMBER, RATE_LIMIT_POST_PER_MINUTE: "1000" };
    if (kind === "postgres") {
      postgres = await startPostgres();
      env.DATABASE_URL = await postgres.createDatabase();
    }
    site = await startSite({ env });
  }, 120_000);
  afterAll(async () => {
    await site?.stop();
    await postgres?.stop();
  });

  it("starts in production without PUBLIC_SITE_URL (mail to files) with one warning about mail links", () => {
    const warnings = site.jsonLogs().filter((line) => line.level === 40 || line.level === "warn");
    expect(warnings.map((line) => line.msg)).toEqual([expect.stringMatching(/^PUBLIC_SITE_URL is unset: links in mail use the listening address.*set PUBLIC_SITE_URL in production$/)]);
  });

  it("a sign-in link asked for under a forged Host is on the listening address", async () => {
    const answer = await formPost(site, "/team/sign-in", { email: MEMBER }, FORGED);
    expect(answer.status).toBe(200);
    const mail = await mailTo(site, MEMBER, /sign-in link/);
    expect(decoded(mail)).not.toContain("evil.test");
    const links = linksOf(mail);
    expect(links).toEqual([expect.stringMatching(/\/team\/sign-in\/link\?token=[\w-]{43}$/)]);
    expect(new URL(links[0]!).origin).toBe(site.url);
  });

  it("a sign-up under a forged Host gets its welcome and campaign mails with their links on the listening address", async () => {
    const signUp = await request(site, "POST", "/newsletter", { "Content-Type": "application/json", ...FORGED }, JSON.stringify({ email: SUBSCRIBER, page: "/" }));
    expect(signUp.status).toBe(200);
    const welcome = await mailTo(site, SUBSCRIBER, /^Welcome/);
    expect(welcome.listUnsubscribe).toMatch(/unsubscribe\?token=/);
    expect(decoded(welcome)).not.toContain("evil.test");
    for (const link of linksOf(welcome)) expect(new URL(link).origin).toBe(site.url);

    // A member signs in and sends a campaign, also under the forged Host.
    const signIn = await mailTo(site, MEMBER, /sign-in link/);
    const token = new URL(linksOf(signIn)[0]!).searchParams.get("token")!;
    const session = await formPost(site, "/team/sign-in/link", { token, next: "/team" }, FORGED);
    expect(session.status).toBe(302);
    const cookie = String(session.headers["set-cookie"]).split(";")[0]!;
    const created = await formPost(site, "/team/campaigns", { intent: "create", subject: "Forged host campaign", body: "Hello." }, { ...FORGED, Cookie: cookie });
    expect(created.status).toBe(302);
    const id = new URL(String(created.headers.location), "http://x").searchParams.get("id")!;
    const sent = await formPost(site, "/team/campaigns", { intent: "send", id, confirm: "yes" }, { ...FORGED, Cookie: cookie });
    expect(sent.status).toBeLessThan(400);
    const campaign = await mailTo(site, SUBSCRIBER, /^Forged host campaign$/);
    expect(campaign.listUnsubscribe).toMatch(/unsubscribe\?token=/);
    expect(decoded(campaign)).not.toContain("evil.test");
    for (const link of linksOf(campaign)) expect(new URL(link).origin).toBe(site.url);
  });
});
