/**
 * The production server counts the public pages it serves (pre-rendered answers), without a
 * cookie or a script: what the team will read (server/analytics/queries.ts) once the server has
 * stopped gracefully, and a grep of the whole database for the visitors' addresses and browsers.
 */
import { readdirSync, readFileSync } from "node:fs";
import http from "node:http";
import { join } from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { trafficBy, trafficPerDay } from "../../server/analytics/queries";
import { type DatabaseHandle, openDatabase } from "../../server/db/database";
import { startSite, type Site } from "../support/site-server";

const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";
const ANDROID = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  setCookie: string[];
}

let site: Site;

/** One request from `address` (X-Forwarded-For through a trusted proxy hop), its body read whole. */
const request = (path: string, address: string, headers: Record<string, string> = {}, method = "GET") =>
  new Promise<Answer>((resolve, reject) => {
    const req = http.request(`${site.url}${path}`, { method, agent: false, headers: { "user-agent": FIREFOX, "x-forwarded-for": address, ...headers } }, (response) => {
      response.resume();
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, setCookie: response.headers["set-cookie"] ?? [] }));
    });
    req.on("error", reject);
    req.end();
  });

describe("page views counted by the production server", () => {
  let database: DatabaseHandle;
  const answers: Answer[] = [];
  const today = new Date().toISOString().slice(0, 10);

  beforeAll(async () => {
    site = await startSite({ env: { TRUST_PROXY: "1", PUBLIC_SITE_URL: "https://www.heavyroute.example" } });
    const visit = async (...args: Parameters<typeof request>) => {
      answers.push(await request(...args));
      // A visitor's views are ordered by the millisecond they were served in: the next one is sent
      // once the clock shows a later millisecond than this answer's.
      const answered = Date.now();
      while (Date.now() <= answered) await new Promise((resolve) => setImmediate(resolve));
    };
    // Counted: a visitor from a LinkedIn post who reads /platform next, a phone on /privacy/ (the
    // same page), two addresses of one IPv6 /64, a view with Sec-GPC, a returning visitor's 304.
    await visit("/?utm_source=linkedin&utm_campaign=launch", "203.0.113.7", { referer: "https://www.linkedin.com/feed/update/123?trk=x" });
    await visit("/platform", "203.0.113.7", { referer: "https://www.heavyroute.example/" });
    await visit("/privacy/", "198.51.100.9", { "user-agent": ANDROID });
    await visit("/", "2001:db8:1:2::1");
    await visit("/terms", "2001:db8:1:2::99");
    await visit("/cookies", "192.0.2.50", { "sec-gpc": "1" });
    const etag = String(answers[0]!.headers.etag);
    await visit("/", "192.0.2.60", { "if-none-match": etag });
    // Not counted: a bot, prefetches, a HEAD, the team's pages, a page that does not exist, a
    // form's answer page, no User-Agent.
    await visit("/", "192.0.2.70", { "user-agent": GOOGLEBOT });
    await visit("/", "192.0.2.71", { "sec-purpose": "prefetch" });
    await visit("/platform", "192.0.2.72", { purpose: "prefetch" });
    await visit("/", "192.0.2.73", {}, "HEAD");
    await visit("/team/sign-in", "192.0.2.74");
    await visit("/no-such-page", "192.0.2.75");
    await visit("/", "192.0.2.76", { "user-agent": "" });
    // Straight away: the last views are still in memory, and SIGTERM must write them.
    expect(await site.stop()).toEqual({ code: 0, signal: null });
    database = openDatabase({ kind: "sqlite", file: join(site.dataDir, "site.db") });
  }, 60_000);

  afterAll(async () => {
    await database?.close();
  });

  it("answers as before: the same statuses, no cookie", () => {
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200, 304, 200, 200, 200, 200, 200, 404, 200]);
    expect(answers.flatMap((answer) => answer.setCookie)).toEqual([]);
  });

  it("counts visitors and page views of the public pages, as the team will read them", async () => {
    const period = { from: today, to: today };
    expect(await trafficPerDay(database.db, period)).toEqual([{ day: today, visitors: 4, views: 7 }]);
    expect(await trafficBy(database.db, period, "source")).toEqual([
      { value: null, visitors: 3, views: 5 },
      { value: "linkedin", visitors: 1, views: 2 },
    ]);
    expect(await trafficBy(database.db, period, "referrer")).toEqual([
      { value: null, visitors: 3, views: 5 },
      { value: "https://www.linkedin.com", visitors: 1, views: 2 },
    ]);
    expect(await trafficBy(database.db, period, "landing")).toEqual([
      { value: "/", visitors: 3, views: 5 },
      { value: "/privacy", visitors: 1, views: 1 },
      { value: "/cookies", visitors: 0, views: 1 },
    ]);
    expect(await trafficBy(database.db, period, "device")).toEqual([
      { value: "desktop", visitors: 3, views: 6 },
      { value: "phone", visitors: 1, views: 1 },
    ]);
  });

  it("keeps no address and no User-Agent in any table, nor in the database's files", async () => {
    const tables = (await database.db.introspection.getTables()).map((table) => table.name);
    const dump = (await Promise.all(tables.map(async (table) => JSON.stringify((await sql`select * from ${sql.table(table)}`.execute(database.db)).rows)))).join("\n");
    const files = readdirSync(site.dataDir)
      .filter((name) => name.startsWith("site.db"))
      .map((name) => readFileSync(join(site.dataDir, name)).toString("latin1"))
      .join("\n");
    expect(dump).toContain("linkedin");
    for (const text of [dump, files]) {
      for (const secret of ["203.0.113.7", "198.51.100.9", "2001:db8", "192.0.2.", FIREFOX, ANDROID, "Firefox/133", "Pixel 8", "feed/update", "trk="]) {
        expect(text, secret).not.toContain(secret);
      }
    }
  });
});
