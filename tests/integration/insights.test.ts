/**
 * What a member reads on /team/insights: page views made over HTTP by the production server, a
 * chat opened and used over HTTP (its lead sent without attribution: Direct), an information
 * request posted as its JavaScript client posts it with the attribution its tab kept, and the
 * page views rolled up.
 */
import crypto from "node:crypto";
import http from "node:http";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rollUpPageViews } from "../../server/analytics/rollup";
import { migrateToLatest, openDatabase } from "../../server/db/database";
import { chatVisitor } from "../support/chat-client";
import { startSite, type Site } from "../support/site-server";
import { until } from "../support/until";

const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";
const MEMBER = "ann@example.com";
const DAY_MS = 86_400_000;

let site: Site;
let dataDir: string;
let cookie: string;

const view = (path: string, address: string, headers: Record<string, string> = {}) =>
  new Promise<number>((resolve, reject) => {
    const req = http.request(`${site.url}${path}`, { agent: false, headers: { "user-agent": FIREFOX, "x-forwarded-for": address, ...headers } }, (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode ?? 0));
    });
    req.on("error", reject);
    req.end();
  });

const get = (path: string) => fetch(`${site.url}${path}`, { headers: { cookie }, redirect: "manual" });

/** The text of a section's table rows, cell by cell, as the member reads them. */
function tableRows(html: string, section: string): string[][] {
  const start = html.indexOf(`aria-labelledby="${section}"`);
  expect(start, `section ${section}`).toBeGreaterThan(-1);
  const body = html.slice(start, html.indexOf("</section>", start));
  const tbody = body.slice(body.indexOf("<tbody>"), body.indexOf("</tbody>"));
  return [...tbody.matchAll(/<tr[^>]*>([\s\S]*?)<\/tr>/g)].map((row) => [...row[1]!.matchAll(/<t[hd][^>]*>([\s\S]*?)<\/t[hd]>/g)].map((cell) => cell[1]!.replace(/<[^>]+>/g, "").replace(/&amp;/g, "&").trim()));
}

const totals = (html: string): Record<string, string> => Object.fromEntries([...html.matchAll(/<dt[^>]*>([^<]+)<\/dt><dd[^>]*>([^<]+)<\/dd>/g)].map((m) => [m[1]!, m[2]!]));

describe("the team's insights", () => {
  const today = new Date().toISOString().slice(0, 10);

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), "insights-"));
    const database = openDatabase({ kind: "sqlite", file: join(dataDir, "site.db") });
    await migrateToLatest(database.db);
    const token = crypto.randomBytes(32).toString("base64url");
    const now = new Date().toISOString();
    await database.db.insertInto("team_members").values({ email: MEMBER, since: new Date(0).toISOString() }).execute();
    await database.db
      .insertInto("team_sessions")
      .values({ token_hash: crypto.createHash("sha256").update(token).digest("hex"), email: MEMBER, created_at: now, expires_at: new Date(Date.now() + 3_600_000).toISOString() })
      .execute();
    await database.close();
    cookie = `team_session=${token}`;
    site = await startSite({ dataDir, env: { TRUST_PROXY: "1", PUBLIC_SITE_URL: "https://www.heavyroute.example", TEAM_MEMBERS: MEMBER } });

    // A visitor from a LinkedIn post who reads /platform next; one from a search engine; one who
    // typed the address; one from a link whose campaign looks like a spreadsheet formula.
    await view("/?utm_source=linkedin&utm_campaign=launch", "203.0.113.7", { referer: "https://www.linkedin.com/feed/update/123" });
    await view("/platform", "203.0.113.7", { referer: "https://www.heavyroute.example/" });
    await view("/", "198.51.100.9", { referer: "https://www.google.com/search?q=oversize" });
    await view("/privacy", "192.0.2.50");
    await view("/?utm_source=flyer&utm_campaign=%3DHYPERLINK(1)", "192.0.2.51");
    // A chat opened, named and used: a chat lead without attribution.
    const chat = chatVisitor(site.url, { origin: "https://www.heavyroute.example", "x-forwarded-for": "203.0.113.80" });
    expect((await chat.session()).status).toBe(200);
    expect((await chat.lead("Ada", "ada@example.com")).status).toBe(200);
    expect((await chat.send("What services do you offer?")).status).toBe(200);
    // The same browser coming back to the chat is not a second opening.
    expect((await chat.session()).status).toBe(200);
    // The LinkedIn visitor's Government information request, with the attribution its tab kept.
    const request = await fetch(`${site.url}/request-information`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: "https://www.heavyroute.example", "x-forwarded-for": "203.0.113.7" },
      body: JSON.stringify({
        name: "Fleet Manager",
        email: "fleet@example.com",
        phone: "+1 555 0100",
        company: "Acme Haulage",
        planType: "Government",
        message: "Pricing, please.",
        attribution: { landing_path: "/", referrer: "https://www.linkedin.com", utm_source: "linkedin", utm_campaign: "launch", converted_path: "/platform" },
      }),
    });
    expect(request.status, await request.clone().text()).toBe(200);
  }, 60_000);

  afterAll(async () => {
    await site?.stop();
  });

  it("counts visitors, page views and leads per source, campaign, landing and converting page, and the chat funnel", async () => {
    const read = async () => {
      const response = await get("/team/insights?days=7");
      expect(response.status).toBe(200);
      return response.text();
    };
    // The last views are written within a second.
    let html = "";
    await until(async () => totals((html = await read()))["Page views"] === "5", 10_000, "the page views written");
    const SECTIONS = ["insights-sources", "insights-campaigns", "insights-landing-pages", "insights-converting-pages", "insights-referrers", "insights-funnel"];
    const reading = (page: string) => ({ totals: totals(page), tables: SECTIONS.map((section) => tableRows(page, section)) });
    const before = reading(html);
    expect(totals(html)).toEqual({ Visitors: "4", "Page views": "5", Leads: "2", "Conversion rate": "50.0%" });
    expect(tableRows(html, "insights-sources")).toEqual([
      ["Direct", "1", "1", "100.0%", "1"],
      ["linkedin", "1", "1", "100.0%", "2"],
      ["flyer", "1", "0", "0.0%", "1"],
      ["https://www.google.com", "1", "0", "0.0%", "1"],
    ]);
    expect(tableRows(html, "insights-campaigns")).toEqual([
      ["(none)", "2", "1", "50.0%", "2"],
      ["launch", "1", "1", "100.0%", "2"],
      ["=HYPERLINK(1)", "1", "0", "0.0%", "1"],
    ]);
    expect(tableRows(html, "insights-landing-pages")).toEqual([
      ["/", "3", "1", "33.3%", "4"],
      ["/privacy", "1", "0", "0.0%", "1"],
      ["(none)", "0", "1", "—", "0"],
    ]);
    expect(tableRows(html, "insights-converting-pages")).toEqual([
      ["(none)", "1"],
      ["/platform", "1"],
    ]);
    expect(tableRows(html, "insights-referrers")).toEqual([
      ["https://www.linkedin.com", "1", "1", "100.0%", "2"],
      ["https://www.google.com", "1", "0", "0.0%", "1"],
    ]);
    expect(tableRows(html, "insights-funnel")).toEqual([
      ["Opened the chat", "1", "100.0%"],
      ["Gave a name", "1", "100.0%"],
      ["Became a lead", "1", "100.0%"],
      ["Asked a question", "1", "100.0%"],
    ]);

    // Rolled up (as the hourly rollup does once the day has ended), the member reads the same.
    const database = openDatabase({ kind: "sqlite", file: join(dataDir, "site.db") });
    try {
      expect((await rollUpPageViews(database.db, 30, new Date(Date.parse(`${today}T00:00:00Z`) + DAY_MS + 2 * 3_600_000))).days).toEqual([today]);
      expect(await database.db.selectFrom("analytics_daily").select("day").distinct().execute()).toEqual([{ day: today }]);
    } finally {
      await database.close();
    }
    expect(reading(await read())).toEqual(before);
  });

  it("exports each table as CSV, a formula neutralised", async () => {
    const response = await get("/team/insights.csv?table=campaigns&days=7");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="insights-campaigns-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(await response.text()).toBe("Campaign,Visitors,Leads,Conversion rate,Page views\r\n(none),2,1,50.0%,2\r\nlaunch,1,1,100.0%,2\r\n'=HYPERLINK(1),1,0,0.0%,1\r\n");
    const sources = await (await get(`/team/insights.csv?table=sources&from=${today}&to=${today}`)).text();
    expect(sources.split("\r\n").slice(0, 3)).toEqual(["Source,Visitors,Leads,Conversion rate,Page views", "Direct,1,1,100.0%,1", "linkedin,1,1,100.0%,2"]);
    const converting = await (await get("/team/insights.csv?table=converting-pages&days=30")).text();
    expect(converting).toBe("Converting page,Leads\r\n(none),1\r\n/platform,1\r\n");
  });

  it("says what is wrong with a period, and answers only members", async () => {
    const cases: [string, string][] = [
      ["from=2026-02-30&to=2026-03-01", "From must be a date as YYYY-MM-DD."],
      ["from=2026-03-02&to=2026-03-01", "From must be on or before To."],
      ["from=2020-01-01&to=2022-01-01", "The period is at most 366 days: choose a later From or an earlier To."],
      ["days=14", "The period is the last 7, 30 or 90 days."],
      ["to=2026-01-01", "From is needed with To: the first day of the period, as YYYY-MM-DD."],
      ["from=2999-01-01", `From cannot be after today (${today}, UTC).`],
      [`from=${today}&to=2999-01-01`, `To cannot be after today (${today}, UTC).`],
    ];
    for (const [query, message] of cases) {
      const response = await get(`/team/insights?${query}`);
      expect(response.status, query).toBe(400);
      expect(await response.text()).toContain(message);
    }
    const csv = await get("/team/insights.csv?table=people&days=7");
    expect(csv.status).toBe(400);
    expect(await csv.text()).toContain("Choose the table: table=sources, campaigns, landing-pages, converting-pages, referrers.");
    const signedOut = await fetch(`${site.url}/team/insights?days=7`, { redirect: "manual" });
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("location")).toBe("/team/sign-in?next=%2Fteam%2Finsights%3Fdays%3D7");
  });
});
