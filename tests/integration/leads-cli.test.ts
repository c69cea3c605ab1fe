/** `npm run leads -- export|delete` on a real database filled through the running site. */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatVisitor } from "../support/chat-client";
import { repoRoot } from "../support/paths";
import { startPostgres, type Postgres } from "../support/postgres";
import { startSite, type Site } from "../support/site-server";
import { count, postJson, readSiteDb } from "./leads-helpers";

let site: Site;

function leads(args: string[], env: { DATA_DIR?: string; DATABASE_URL?: string } = {}) {
  const result = spawnSync(process.execPath, ["--import", "tsx", "server/cli/leads.ts", ...args], {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: site.dataDir, DATABASE_URL: "", LOG_LEVEL: "silent", ...env },
    encoding: "utf8",
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

beforeAll(async () => {
  site = await startSite({ env: { RATE_LIMIT_POST_PER_MINUTE: "1000" } });
  expect((await postJson(`${site.url}/newsletter`, { email: "Kim@Example.com" })).status).toBe(200);
  expect((await postJson(`${site.url}/newsletter`, { email: "other@example.com" })).status).toBe(200);
  expect((await postJson(`${site.url}/contact`, { name: "=HYPERLINK(\"x\")", email: "kim@example.com", category: "feature", message: "Hi, \"quoted\"\nline 2" })).status).toBe(200);
  const info = { name: "Kim", email: "KIM@example.com", phone: "+1 555 010 0200", company: "Kim Haulage", message: "Price?", planType: "Government" };
  expect((await postJson(`${site.url}/request-information`, info)).status).toBe(200);
  await site.stop(); // the CLI works on the files while the site is down (and while it runs)
});

afterAll(async () => {
  await site?.stop();
});

it("exports every lead as CSV, with formulas neutralised", () => {
  const { code, stdout, stderr } = leads(["export", "--format", "csv"]);
  expect(code).toBe(0);
  const lines = stdout.trim().split("\r\n");
  expect(lines[0]).toBe("kind,id,created_at,name,email,phone,company,plan_type,category,status,source,message,handled_at,handled_by,landing_path,referrer,utm_source,utm_medium,utm_campaign,utm_content,utm_term,converted_path,language");
  expect(stdout).toMatch(/^newsletter,[0-9a-f-]{36},\S+,,Kim@Example\.com,,,,,active,,,,,,,,,,,,,en$/m);
  expect(stdout).toContain(`contact,`);
  expect(stdout).toContain(`"'=HYPERLINK(""x"")",kim@example.com,,,,feature,,,"Hi, ""quoted""\nline 2"`);
  expect(stdout).toContain(",Kim,KIM@example.com,'+1 555 010 0200,Kim Haulage,Government,,,,Price?");
  expect(stderr).toContain("Exported 4 record(s)");
});

it("exports JSON to a file, filtered by --since", () => {
  const out = join(site.dataDir, "leads.json");
  expect(leads(["export", "--format", "json", "--out", out]).code).toBe(0);
  const records = JSON.parse(readFileSync(out, "utf8")) as Array<{ kind: string; email: string }>;
  expect(records.map((r) => r.kind).sort()).toEqual(["contact", "information-request", "newsletter", "newsletter"]);
  expect(leads(["export", "--format", "json", "--since", "2999-01-01", "--out", out]).code).toBe(0);
  expect(JSON.parse(readFileSync(out, "utf8"))).toEqual([]);
});

it("refuses bad arguments with the usage and exit code 2", () => {
  for (const args of [["export", "--format", "xml"], ["export", "--format", "csv", "--since", "yesterday"], ["delete"], ["delete", "--email", "not-an-email"], ["frobnicate"]]) {
    const { code, stderr } = leads(args);
    expect(code, args.join(" ")).toBe(2);
    expect(stderr).toContain("Usage:");
  }
});

it("deletes one person everywhere (case-insensitive), mails about them included, and prints counts", () => {
  const mailsBefore = count(site.dataDir, "mail");
  const { code, stdout } = leads(["delete", "--email", "kim@EXAMPLE.com"]);
  expect(code).toBe(0);
  expect(stdout).toMatch(/^newsletter\s+1$/m);
  expect(stdout).toMatch(/^contact\s+1$/m);
  expect(stdout).toMatch(/^information-request\s+1$/m);
  // The admin notice and the welcome of the subscription, and the two forms' mails.
  expect(stdout).toMatch(/^mail\s+4$/m);
  expect(count(site.dataDir, "mail")).toBe(mailsBefore - 4);
  expect(count(site.dataDir, "subscribers")).toBe(1);
  const after = leads(["export", "--format", "csv"]).stdout;
  expect(after.toLowerCase()).not.toContain("kim@example.com");
  expect(after).toContain("other@example.com");
});

/**
 * "Erase exactly one person": ann@example.com, joann@example.com and ann@example.com.au
 * (each address a substring of, or containing, another) use every form and the chat, and mention
 * each other in their messages. Deleting ann removes her rows and the mails sent to or about
 * her, and not one byte of the others'. On SQLite and on PostgreSQL.
 */
const ANN = "ann@example.com";
const OTHERS = ["joann@example.com", "ann@example.com.au"];
const PEOPLE = [
  { name: "Ann", email: "Ann@Example.com" },
  { name: "Jo Ann", email: "joann@example.com" },
  { name: "Ann Down Under", email: "ann@example.com.au" },
];

interface Engine {
  name: string;
  /** The site's environment and the CLI's (DATABASE_URL), and a reader of its database. */
  setUp(): Promise<{ env: Record<string, string>; query: (sql: string) => Promise<Record<string, unknown>[]>; tearDown: () => Promise<void> }>;
}

const engines: Engine[] = [
  {
    name: "SQLite",
    setUp: () =>
      Promise.resolve({
        env: {},
        query: (sql) => Promise.resolve(readSiteDb(overlapSite.dataDir, (db) => db.prepare(sql).all() as Record<string, unknown>[])),
        tearDown: () => Promise.resolve(),
      }),
  },
  {
    name: "PostgreSQL",
    setUp: async () => {
      const postgres: Postgres = await startPostgres();
      return {
        env: { DATABASE_URL: postgres.url },
        query: async (sql) => {
          const client = new pg.Client(postgres.url);
          await client.connect();
          try {
            return (await client.query<Record<string, unknown>>(sql)).rows;
          } finally {
            await client.end();
          }
        },
        tearDown: () => postgres.stop(),
      };
    },
  },
];

let overlapSite: Site;

/** Everything stored for these (lower-case, quote-free) addresses, every column, in a stable order. */
async function everythingOf(query: (sql: string) => Promise<Record<string, unknown>[]>, emails: string[]) {
  const list = emails.map((email) => `'${email}'`).join(", ");
  const visitors = `select id from chat_visitors where lower(email) in (${list})`;
  return {
    potential_customers: await query(`select * from potential_customers where lower(email) in (${list}) order by id`),
    subscribers: await query(`select * from subscribers where email_normalized in (${list}) order by id`),
    more_information: await query(`select * from more_information where lower(email) in (${list}) order by id`),
    contact_messages: await query(`select * from contact_messages where lower(email) in (${list}) order by id`),
    chat_visitors: await query(`select * from chat_visitors where id in (${visitors}) order by id`),
    chat_messages: await query(`select * from chat_messages where visitor_id in (${visitors}) order by id`),
    chat_counters: await query(
      `select scope, period, count from chat_counters where scope in (select 'visitor:' || id from (${visitors}) v union all select 'transcript:visitor:' || id from (${visitors}) t) order by scope`,
    ),
    mail: await query(`select * from mail where about_email in (${list}) or lower("to") in (${list}) order by id`),
  };
}

describe.each(engines)("deleting ann@example.com next to joann@example.com and ann@example.com.au ($name)", (engine) => {
  let setUp: Awaited<ReturnType<Engine["setUp"]>>;

  beforeAll(async () => {
    setUp = await engine.setUp();
    overlapSite = await startSite({ env: { RATE_LIMIT_POST_PER_MINUTE: "1000", TEAM_EMAIL: "team@example.com", ADMIN_EMAIL: "admin@example.com", ...setUp.env } });
    const mentions = "My colleagues: ann@example.com, joann@example.com and ann@example.com.au.";
    for (const { name, email } of PEOPLE) {
      expect((await postJson(`${overlapSite.url}/newsletter`, { email })).status).toBe(200);
      expect((await postJson(`${overlapSite.url}/contact`, { name, email, category: "question", message: `${mentions} Email: ${ANN}` })).status).toBe(200);
      const info = { name, email, phone: "+1 555 010 0200", company: "Wide Loads", message: mentions, planType: "Token" };
      expect((await postJson(`${overlapSite.url}/request-information`, info)).status).toBe(200);
      const visitor = chatVisitor(overlapSite.url);
      await visitor.session();
      expect((await visitor.lead(name, email)).status).toBe(200);
      expect((await visitor.send(`Please also keep ${ANN} updated.`)).final?.type).toBe("done");
      expect((await visitor.transcript()).status).toBe(200);
    }
    await overlapSite.stop();
  }, 90_000);

  afterAll(async () => {
    await overlapSite?.stop();
    await setUp?.tearDown();
  });

  it("removes every row and mail of Ann's, exactly, and leaves the others' untouched", async () => {
    const others = await everythingOf(setUp.query, OTHERS);
    // Each of the others: one row per form, one chat visitor with its conversation, five mails about them.
    expect(others.subscribers).toHaveLength(2);
    expect(others.contact_messages).toHaveLength(2);
    expect(others.more_information).toHaveLength(2);
    expect(others.potential_customers).toHaveLength(2);
    expect(others.chat_visitors).toHaveLength(2);
    expect(others.chat_messages).toHaveLength(2 * 7);
    expect(others.chat_counters).toHaveLength(2 * 2); // the daily quota and the transcript cap
    expect(others.mail).toHaveLength(2 * 5);
    const ann = await everythingOf(setUp.query, [ANN]);
    expect(ann.mail.map((m) => [m.to, m.about_email]).sort()).toEqual([
      ["Ann@Example.com", ANN], // the welcome, to the address as she typed it
      ["admin@example.com", ANN],
      ["team@example.com", ANN],
      ["team@example.com", ANN],
      ["team@example.com", ANN],
    ]);
    const mailsBefore = (await setUp.query("select id from mail")).length;
    expect(mailsBefore).toBe(3 * 5);

    const { code, stdout } = leads(["delete", "--email", ANN], { DATA_DIR: overlapSite.dataDir, ...setUp.env });
    expect(code).toBe(0);
    expect(stdout.trim().split("\n").map((line) => line.split(/\s+/))).toEqual([
      ["team-notes", "0"], // the team's notes and handled marks on her leads (none here)
      ["chat", "1"],
      ["newsletter", "1"],
      ["information-request", "1"],
      ["contact", "1"],
      ["chat-conversation", String(1 + 7)],
      ["mail", "5"],
      ["webhooks", "0"], // deliveries to the CRM's webhooks (no endpoint here)
      ["total", String(4 + 8 + 5)],
    ]);

    expect(await everythingOf(setUp.query, OTHERS)).toEqual(others);
    expect(await everythingOf(setUp.query, [ANN])).toEqual({
      potential_customers: [],
      subscribers: [],
      more_information: [],
      contact_messages: [],
      chat_visitors: [],
      chat_messages: [],
      chat_counters: [],
      mail: [],
    });
    const mails = await setUp.query("select about_email, text from mail");
    expect(mails).toHaveLength(mailsBefore - 5);
    // Ann's address is still in the others' words (they wrote it), in nothing that is hers.
    expect(mails.filter((m) => String(m.text).includes(ANN)).every((m) => OTHERS.includes(String(m.about_email)))).toBe(true);

    const exported = leads(["export", "--format", "json"], { DATA_DIR: overlapSite.dataDir, ...setUp.env }).stdout;
    const emails = (JSON.parse(exported) as { email?: string }[]).map((record) => record.email?.toLowerCase());
    expect(emails).not.toContain(ANN);
    expect(emails.filter((email) => email === OTHERS[0])).toHaveLength(5);
    expect(emails.filter((email) => email === OTHERS[1])).toHaveLength(5);
  });
});
