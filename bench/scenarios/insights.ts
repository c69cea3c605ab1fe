/**
 * The insights page's budget: p95 ≤ 150 ms for GET /team/insights, signed in, over 1,000,000 page
 * views and 100,000 leads (SQLite). The views are seeded as the rollup leaves them: 89 days of
 * analytics_daily rows, and today's raw views (read live, not rolled up yet); the leads, 25,000
 * of each kind over the 90 days, with attribution. Measured for the last 30 and 90 days.
 */
import crypto from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrateToLatest, openDatabase } from "../../server/db/database";
import { newRowId } from "../../server/db/row-id";
import { type Scenario, median, verdict } from "../types";

const PAGE_VIEWS = 1_000_000;
const LEADS_PER_KIND = 25_000;
const DAYS = 90;
const SAMPLES = 60;
const BUDGET_MS = 150;
const MEMBER = "bench@heavyroute.example";
const DAY_MS = 86_400_000;

const LANDINGS = ["/", "/platform", "/privacy", "/terms", "/cookies", "/accessibility", "/ai-ml-policy"];
/** Ways in: utm_source, referrer origin, utm_campaign ("" where absent). */
const WAYS_IN: [string, string, string][] = [
  ["", "", ""],
  ["", "https://www.google.com", ""],
  ["", "https://www.bing.com", ""],
  ["", "https://duckduckgo.com", ""],
  ["linkedin", "https://www.linkedin.com", "launch"],
  ["linkedin", "https://www.linkedin.com", "fleet-webinar"],
  ["newsletter", "", "march-news"],
  ["flyer", "", "trade-show"],
  ["permit-forum", "https://forum.permits.example", ""],
  ["", "https://news.ycombinator.com", ""],
];
const DEVICES = ["desktop", "phone", "tablet"] as const;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};

/** Seeds the database file; returns a signed-in member's session token. */
export async function seedInsights(file: string, now = new Date()): Promise<string> {
  const database = openDatabase({ kind: "sqlite", file });
  const { db } = database;
  await migrateToLatest(db);
  const today = Date.parse(`${now.toISOString().slice(0, 10)}T00:00:00Z`);
  const day = (i: number) => new Date(today - i * DAY_MS).toISOString().slice(0, 10);
  const combos = LANDINGS.flatMap((landing, l) => WAYS_IN.flatMap((way, w) => DEVICES.map((device, d) => ({ landing, way, device, weight: (LANDINGS.length - l) * (WAYS_IN.length - w) * (3 - d) }))));
  const weights = combos.reduce((sum, c) => sum + c.weight, 0);
  const viewsPerDay = PAGE_VIEWS / DAYS;
  // 89 days rolled up: each combination's share of the day's views, a visitor per 1.6 views.
  for (let i = 1; i < DAYS; i++) {
    const rows = combos.map((c) => {
      const views = Math.max(1, Math.round((viewsPerDay * c.weight) / weights));
      return { day: day(i), landing_path: c.landing, source: c.way[0], referrer: c.way[1], campaign: c.way[2], device: c.device, visitors: Math.max(1, Math.round(views / 1.6)), views };
    });
    await db.transaction().execute(async (trx) => {
      for (let from = 0; from < rows.length; from += 100) await trx.insertInto("analytics_daily").values(rows.slice(from, from + 100)).execute();
    });
  }
  // Today: raw views, two per visitor on average, spread over the hours so far.
  const elapsed = Math.max(60_000, now.getTime() - today - 60_000);
  const raw = Math.round(viewsPerDay);
  for (let from = 0; from < raw; from += 500) {
    const rows = Array.from({ length: Math.min(500, raw - from) }, (_, k) => {
      const n = from + k;
      const c = combos[n % combos.length]!;
      const visitor = crypto.createHash("sha256").update(`visitor ${Math.floor(n / 2)}`).digest("hex").slice(0, 32);
      return {
        id: newRowId(today + Math.floor((n / raw) * elapsed)),
        day: day(0),
        path: n % 2 === 0 ? c.landing : "/platform",
        referrer: c.way[1] || null,
        utm_source: c.way[0] || null,
        utm_medium: null,
        utm_campaign: c.way[2] || null,
        utm_content: null,
        utm_term: null,
        device: c.device,
        visitor: n % 40 === 39 ? null : visitor,
      };
    });
    await db.insertInto("analytics_page_views").values(rows).execute();
  }
  // 100,000 leads over the 90 days, each kind with its attribution (a fifth without any: from before).
  const time = (i: number) => new Date(today - DAYS * DAY_MS + Math.floor((i / LEADS_PER_KIND) * (DAYS * DAY_MS + (now.getTime() - today)))).toISOString();
  const attribution = (i: number) => {
    if (i % 5 === 4) return {};
    const way = WAYS_IN[i % WAYS_IN.length]!;
    return { utm_source: way[0] || null, referrer: way[1] || null, utm_campaign: way[2] || null, utm_medium: null, utm_content: null, utm_term: null, landing_path: LANDINGS[i % 3]!, converted_path: ["/", "/platform", "/contact", "/request-information"][i % 4]! };
  };
  for (let from = 0; from < LEADS_PER_KIND; from += 250) {
    const range = Array.from({ length: Math.min(250, LEADS_PER_KIND - from) }, (_, k) => from + k);
    await db.transaction().execute(async (trx) => {
      await trx.insertInto("subscribers").values(range.map((i) => ({ id: newRowId(), email: `sub${i}@example.com`, email_normalized: `sub${i}@example.com`, subscribed_at: time(i), status: "active", notify_admin: "admin@example.com", ...attribution(i) }))).execute();
      await trx.insertInto("contact_messages").values(range.map((i) => ({ id: newRowId(), name: `Contact ${i}`, email: `contact${i}@example.com`, category: "question", message: "Please call.", created_at: time(i), ...attribution(i + 1) }))).execute();
      await trx
        .insertInto("more_information")
        .values(range.map((i) => ({ id: newRowId(), name: `Info ${i}`, email: `info${i}@example.com`, phone: "+1 555 0100", company: `Haulage ${i}`, message: "Routes.", plan_type: "Government", created_at: time(i), ...attribution(i + 2) })))
        .execute();
      await trx.insertInto("potential_customers").values(range.map((i) => ({ id: newRowId(), name: `Chat ${i}`, email: `chat${i}@example.com`, source: "chat", created_at: time(i), ...attribution(i + 3) }))).execute();
    });
  }
  const token = crypto.randomBytes(32).toString("base64url");
  await db
    .insertInto("team_sessions")
    .values({ token_hash: crypto.createHash("sha256").update(token).digest("hex"), email: MEMBER, created_at: now.toISOString(), expires_at: new Date(now.getTime() + 3_600_000).toISOString() })
    .execute();
  await db.insertInto("team_members").values({ email: MEMBER, since: new Date(0).toISOString() }).execute();
  await database.close();
  return token;
}

const scenario: Scenario = {
  name: "insights: 1,000,000 page views and 100,000 leads",
  async run(ctx) {
    const dataDir = mkdtempSync(join(tmpdir(), "bench-insights-"));
    ctx.log("seeding 1,000,000 page views and 100,000 leads…");
    const seeded = performance.now();
    const token = await seedInsights(join(dataDir, "site.db"));
    ctx.log(`seeded in ${Math.round(performance.now() - seeded)} ms`);
    const site = await ctx.startSite({ dataDir, env: { TEAM_MEMBERS: MEMBER } });
    try {
      const rows: (string | number)[][] = [];
      for (const days of [30, 90]) {
        const path = `/team/insights?days=${days}`;
        const get = async () => {
          const started = performance.now();
          const response = await fetch(`${site.url}${path}`, { headers: { cookie: `team_session=${token}` } });
          const body = await response.text();
          if (response.status !== 200 || !body.includes("Chat funnel")) throw new Error(`${path}: ${response.status}`);
          return performance.now() - started;
        };
        for (let i = 0; i < 5; i++) await get();
        const times: number[] = [];
        for (let i = 0; i < SAMPLES; i++) times.push(await get());
        const p95 = percentile(times, 95);
        rows.push([`last ${days} days`, Math.round(median(times) * 10) / 10, Math.round(p95 * 10) / 10, verdict(p95 <= BUDGET_MS, `≤ ${BUDGET_MS} ms`)]);
      }
      return [
        {
          title: "Team insights, 1,000,000 page views and 100,000 leads (SQLite), through HTTP with a session",
          columns: ["GET /team/insights", "median ms", "p95 ms", "budget (p95)"],
          rows,
          notes: [`${SAMPLES} requests each, one at a time, after 5 to warm up. Views: 89 days of analytics_daily rows and today's raw views; leads: 25,000 of each kind over the 90 days.`],
        },
      ];
    } finally {
      await site.stop();
    }
  },
};

export default scenario;
