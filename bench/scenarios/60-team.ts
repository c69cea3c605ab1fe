/**
 * The team workspace's budget: with 100,000 leads seeded (25,000 of each kind over two years, SQLite, and the
 * subscribers' 50,000 mails), the
 * /team leads list and a search answer in p95 ≤ 100 ms; the CSV export of all of them streams in
 * ≤ 5 s with flat memory (the server's peak RSS is reported against its RSS before the export).
 * Requests go through HTTP with a signed-in session, as a member's browser would send them.
 */
import crypto from "node:crypto";
import { readFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrateToLatest, openDatabase } from "../../server/db/database";
import { refreshPersonSummaries } from "../../server/db/person-summary";
import { median, type Scenario } from "../types";

const PER_KIND = 25_000;
const SAMPLES = 60;
const MEMBER = "bench@heavyroute.example";
const WORDS = ["acme", "oversize", "freight", "crane", "turbine", "bridge", "permit", "escort", "blade", "transformer"];

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};

const rssKb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);

async function seed(file: string): Promise<string> {
  const database = openDatabase({ kind: "sqlite", file });
  const { db } = database;
  await migrateToLatest(db);
  // Two years up to a week ago: nothing past the 24-month retention the server purges at start.
  const span = 2 * 365 * 86_400_000 - 8 * 86_400_000;
  const start = Date.now() - span - 7 * 86_400_000;
  const time = (i: number) => new Date(start + Math.floor((i / PER_KIND) * span) + (i % 1000)).toISOString();
  const word = (i: number) => WORDS[i % WORDS.length]!;
  for (let from = 0; from < PER_KIND; from += 500) {
    const range = Array.from({ length: Math.min(500, PER_KIND - from) }, (_, k) => from + k);
    await db.transaction().execute(async (trx) => {
      await trx.insertInto("subscribers").values(range.map((i) => ({ id: crypto.randomUUID(), email: `sub${i}@example.com`, email_normalized: `sub${i}@example.com`, subscribed_at: time(i), status: "active", notify_admin: "admin@example.com" }))).execute();
      await trx.insertInto("contact_messages").values(range.map((i) => ({ id: crypto.randomUUID(), name: `Contact ${i}`, email: `contact${i}@example.com`, category: "question", message: `About a ${word(i)} move number ${i}, please call.`, created_at: time(i) }))).execute();
      await trx
        .insertInto("more_information")
        .values(range.map((i) => ({ id: crypto.randomUUID(), name: `Info ${i}`, email: `info${i}@example.com`, phone: "+1 555 0100", company: `${word(i + 3)} Haulage ${i}`, message: `We need ${word(i + 5)} routes.`, plan_type: ["Subscription", "Government", "Training", "Token"][i % 4]!, created_at: time(i) })))
        .execute();
      await trx.insertInto("potential_customers").values(range.map((i) => ({ id: crypto.randomUUID(), name: `Chat ${i}`, email: `chat${i}@example.com`, source: "chat", created_at: time(i) }))).execute();
      // Each subscriber's welcome mail and admin notice, sent: what the person page and erasure look through.
      const mail = (i: number, to: string, subject: string) => ({ id: crypto.randomUUID(), to, about_email: `sub${i}@example.com`, subject, text: "", html: "", created_at: time(i), status: "sent" as const, attempts: 1, next_attempt_at: time(i), sent_at: time(i) });
      await trx.insertInto("mail").values(range.flatMap((i) => [mail(i, `sub${i}@example.com`, "Welcome"), mail(i, "admin@example.com", `New subscriber: sub${i}@example.com`)])).execute();
    });
  }
  // Rows written here, not through the lead capture: the people list's summaries as the migration backfills them.
  await refreshPersonSummaries(db, "all");
  const token = crypto.randomBytes(32).toString("base64url");
  await db
    .insertInto("team_sessions")
    .values({ token_hash: crypto.createHash("sha256").update(token).digest("hex"), email: MEMBER, created_at: new Date().toISOString(), expires_at: new Date(Date.now() + 3_600_000).toISOString() })
    .execute();
  // A member since before the session, as the server's start would have found it.
  await db.insertInto("team_members").values({ email: MEMBER, since: new Date(0).toISOString() }).execute();
  await database.close();
  return token;
}

const scenario: Scenario = {
  name: "team workspace: 100,000 leads",
  async run(ctx) {
    const dataDir = mkdtempSync(join(tmpdir(), "bench-team-"));
    ctx.log("seeding 100,000 leads…");
    const seeded = performance.now();
    const token = await seed(join(dataDir, "site.db"));
    ctx.log(`seeded in ${Math.round(performance.now() - seeded)} ms`);
    const site = await ctx.startSite({ dataDir, env: { TEAM_MEMBERS: MEMBER } });
    const cookie = `team_session=${token}`;
    const get = async (path: string) => {
      const started = performance.now();
      const response = await fetch(`${site.url}${path}`, { headers: { cookie } });
      const body = await response.text();
      if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
      return { ms: performance.now() - started, body };
    };
    try {
      // A deep page: the cursor after 100 pages of 50.
      let deep = "/team";
      for (let i = 0; i < 100; i++) {
        const next = /href="(\/team\?[^"]*after=[^"]+)"/.exec((await get(deep)).body)?.[1];
        if (!next) break;
        deep = next.replace(/&amp;/g, "&");
      }
      const cases: [string, (i: number) => string][] = [
        ["first page, all kinds", () => "/team"],
        ["page 101 (keyset), all kinds", () => deep],
        ["search (substring of name, email, company, message)", (i) => `/team?q=${WORDS[i % WORDS.length]}`],
        ["information requests, Government, open, one year", () => "/team?kind=information-request&plan=Government&status=open&from=2025-01-01&to=2025-12-31"],
        ["person page (every table and the mails, as erasure reads them)", (i) => `/team/people?email=sub${(i * 397) % PER_KIND}@example.com`],
      ];
      const rows: (string | number)[][] = [];
      for (const [name, path] of cases) {
        for (let i = 0; i < 5; i++) await get(path(i));
        const times: number[] = [];
        for (let i = 0; i < SAMPLES; i++) times.push((await get(path(i))).ms);
        rows.push([name, Math.round(median(times) * 10) / 10, Math.round(percentile(times, 95) * 10) / 10]);
      }

      const before = rssKb(site.pid);
      let peak = before;
      const sampler = setInterval(() => (peak = Math.max(peak, rssKb(site.pid))), 20);
      const started = performance.now();
      const response = await fetch(`${site.url}/team/export?format=csv`, { headers: { cookie } });
      let bytes = 0;
      let lines = 0;
      const reader = response.body!.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        bytes += value.length;
        for (const byte of value) if (byte === 10) lines++;
      }
      const exportMs = performance.now() - started;
      clearInterval(sampler);
      return [
        {
          title: "Team workspace, 100,000 leads (SQLite), through HTTP with a session",
          columns: ["request", "p50 ms", "p95 ms"],
          rows,
          notes: ["Budget: p95 ≤ 100 ms for the list and a search. The person page has no budget of its own: SQLite answers on the event loop, so its time is a pause for every visitor's request."],
        },
        {
          title: "CSV export of every lead (streamed)",
          columns: ["rows", "MB", "seconds", "server RSS before MB", "server peak RSS MB"],
          rows: [[lines - 1, Math.round(bytes / 1e5) / 10, Math.round(exportMs / 100) / 10, Math.round(before / 1024), Math.round(peak / 1024)]],
          notes: ["Budget: ≤ 5 s with flat memory (peak close to the RSS before the export)."],
        },
      ];
    } finally {
      await site.stop();
    }
  },
};

export default scenario;
