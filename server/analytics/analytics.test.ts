import { sql } from "kysely";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DATABASE_ENGINES, migratedDatabase } from "../../tests/support/engines";
import { type Postgres, startPostgres } from "../../tests/support/postgres";
import { type DatabaseHandle, type Db, migrateToLatest, openDatabase } from "../db/database";
import { runIfDue } from "../db/jobs";
import { clientKey } from "../http/client-address";
import { type CountedRequest, mayCount, pageView, utmValue } from "./page-view";
import { trafficBy, trafficPerDay } from "./queries";
import { PageViewRecorder } from "./recorder";
import { rollUpPageViews } from "./rollup";

const ORIGIN = "https://www.heavyroute.example";
const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0 analytics-test";
const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

interface Visit {
  address: string;
  url?: string;
  method?: string;
  headers?: Record<string, string>;
}

/** A clock the tests move, and the recorder of one instance reading it. */
function instance(db: Db, clock: { now: Date }) {
  const recorder = new PageViewRecorder(db, pino({ level: "silent" }), { now: () => clock.now, flushEveryMs: 60_000 });
  /** What the pipeline does with a served page (count-page-views.ts), without HTTP. */
  const visit = ({ address, url = "/", method = "GET", headers = {} }: Visit) => {
    const all = { "user-agent": FIREFOX, ...headers };
    if (!mayCount(method, all)) return;
    const [path = "/", query = ""] = url.split("?");
    const request: CountedRequest = { path, query, headers: all, clientKey: clientKey(address), origin: ORIGIN, now: clock.now };
    recorder.record(pageView(request));
    // A visitor's next view comes later (views of one millisecond have no order).
    clock.now = new Date(clock.now.getTime() + 1);
  };
  return { recorder, visit };
}

/** Every value of every table, as one text (a dump of the database). */
async function dump(db: Db): Promise<string> {
  const tables = (await db.introspection.getTables()).map((table) => table.name);
  const parts: string[] = [];
  for (const table of tables) parts.push(JSON.stringify((await sql`select * from ${sql.table(table)}`.execute(db)).rows));
  return parts.join("\n");
}

const day = (iso: string) => ({ from: iso, to: iso });

describe("which requests count", () => {
  it("counts a browser's GET; not a bot, a prefetch, a HEAD, or a client without a User-Agent", () => {
    expect(mayCount("GET", { "user-agent": FIREFOX })).toBe(true);
    expect(mayCount("GET", { "user-agent": GOOGLEBOT })).toBe(false);
    expect(mayCount("GET", { "user-agent": FIREFOX, "sec-purpose": "prefetch" })).toBe(false);
    expect(mayCount("GET", { "user-agent": FIREFOX, "sec-purpose": "prefetch;prerender" })).toBe(false);
    expect(mayCount("GET", { "user-agent": FIREFOX, purpose: "prefetch" })).toBe(false);
    expect(mayCount("HEAD", { "user-agent": FIREFOX })).toBe(false);
    expect(mayCount("GET", {})).toBe(false);
  });

  it("keeps UTM values on one line, without control or bidi characters, bounded", () => {
    expect(utmValue(" linked\u202Ein\u0000\n ")).toBe("linkedin");
    expect(utmValue("x".repeat(500))).toHaveLength(100);
    expect(utmValue("\u200B")).toBeNull();
  });
});

describe.each(DATABASE_ENGINES)("page views on $name", (engine) => {
  const database = migratedDatabase(engine);
  const db = () => database().db;
  const clock = { now: new Date("2026-11-20T10:00:00.000Z") };

  beforeEach(async () => {
    clock.now = new Date("2026-11-20T10:00:00.000Z");
    for (const table of ["analytics_page_views", "analytics_daily", "analytics_salts"] as const) await db().deleteFrom(table).execute();
  });

  it("two addresses are two visitors; one address twice is one; an IPv6 /64 is one", async () => {
    const { recorder, visit } = instance(db(), clock);
    visit({ address: "203.0.113.7" });
    visit({ address: "203.0.113.7", url: "/platform" });
    visit({ address: "198.51.100.9" });
    visit({ address: "2001:db8:1:2::1" });
    visit({ address: "2001:db8:1:2::99", url: "/privacy" });
    await recorder.close();
    expect(await trafficPerDay(db(), day("2026-11-20"))).toEqual([{ day: "2026-11-20", visitors: 3, views: 5 }]);
  });

  it("does not count a bot, a prefetch or a HEAD", async () => {
    const { recorder, visit } = instance(db(), clock);
    visit({ address: "203.0.113.7", headers: { "user-agent": GOOGLEBOT } });
    visit({ address: "203.0.113.8", headers: { "sec-purpose": "prefetch" } });
    visit({ address: "203.0.113.9", method: "HEAD" });
    visit({ address: "203.0.113.10" });
    await recorder.close();
    expect(await trafficPerDay(db(), day("2026-11-20"))).toEqual([{ day: "2026-11-20", visitors: 1, views: 1 }]);
  });

  it("the same address the next day is a new visitor, and the day before's salt is gone", async () => {
    const { recorder, visit } = instance(db(), clock);
    visit({ address: "203.0.113.7" });
    await recorder.flush();
    const [before] = await db().selectFrom("analytics_salts").select(["day", "salt"]).execute();
    clock.now = new Date("2026-11-21T00:00:01.000Z");
    visit({ address: "203.0.113.7" });
    await recorder.close();
    expect(await trafficPerDay(db(), { from: "2026-11-20", to: "2026-11-21" })).toEqual([
      { day: "2026-11-20", visitors: 1, views: 1 },
      { day: "2026-11-21", visitors: 1, views: 1 },
    ]);
    const hashes = await db().selectFrom("analytics_page_views").select("visitor").orderBy("day").execute();
    expect(hashes[0]!.visitor).not.toBe(hashes[1]!.visitor);
    const salts = await db().selectFrom("analytics_salts").select(["day", "salt"]).execute();
    expect(salts).toHaveLength(1);
    expect(salts[0]!.day).toBe("2026-11-21");
    expect(await dump(db())).not.toContain(before!.salt);
  });

  it("Sec-GPC: 1 gives a page view with no visitor", async () => {
    const { recorder, visit } = instance(db(), clock);
    visit({ address: "203.0.113.7", headers: { "sec-gpc": "1" } });
    await recorder.close();
    expect(await trafficPerDay(db(), day("2026-11-20"))).toEqual([{ day: "2026-11-20", visitors: 0, views: 1 }]);
    expect(await db().selectFrom("analytics_page_views").select("visitor").execute()).toEqual([{ visitor: null }]);
  });

  it("no table holds an address or a User-Agent", async () => {
    const { recorder, visit } = instance(db(), clock);
    visit({ address: "203.0.113.77", headers: { referer: "https://news.example/a/b?c=d" } });
    visit({ address: "2001:db8:77:1::5", headers: { "user-agent": IPHONE } });
    await recorder.close();
    const text = await dump(db());
    expect(text).toContain("https://news.example");
    for (const secret of ["203.0.113.77", "2001:db8:77", FIREFOX, IPHONE, "Firefox", "iPhone OS", "/a/b", "c=d"]) expect(text).not.toContain(secret);
  });

  it("several instances on one database count each visitor once, exactly", async () => {
    const instances = [instance(db(), clock), instance(db(), clock), instance(db(), clock)];
    const addresses = Array.from({ length: 40 }, (_, i) => `192.0.2.${i + 1}`);
    // Each address is seen by every instance; the instances ask for the day's salt at once.
    for (const address of addresses) for (const { visit } of instances) visit({ address });
    await Promise.all(instances.map(({ recorder }) => recorder.close()));
    expect(await trafficPerDay(db(), day("2026-11-20"))).toEqual([{ day: "2026-11-20", visitors: 40, views: 120 }]);
    expect(await db().selectFrom("analytics_salts").selectAll().execute()).toHaveLength(1);
  });

  it("rolls up each day into daily rows (same figures as before), and deletes raw views after the retention period", async () => {
    const { recorder, visit } = instance(db(), clock);
    const at = (iso: string) => (clock.now = new Date(iso));
    // 40 days ago: two visitors from LinkedIn's launch campaign, one landing on /platform.
    at("2026-10-11T09:00:00.000Z");
    visit({ address: "203.0.113.1", url: "/?utm_source=linkedin&utm_campaign=launch", headers: { referer: "https://www.linkedin.com/feed/" } });
    visit({ address: "203.0.113.1", url: "/platform", headers: { referer: `${ORIGIN}/` } });
    visit({ address: "203.0.113.2", url: "/platform?utm_source=linkedin&utm_campaign=launch", headers: { "user-agent": IPHONE } });
    await recorder.flush();
    // Yesterday: one direct visitor, one from a forum, one with Sec-GPC.
    at("2026-11-19T15:00:00.000Z");
    visit({ address: "203.0.113.1" });
    visit({ address: "203.0.113.3", url: "/terms", headers: { referer: "https://permits-forum.example/t/42" } });
    visit({ address: "203.0.113.4", url: "/privacy", headers: { "sec-gpc": "1" } });
    await recorder.flush();
    // Today.
    at("2026-11-20T10:00:00.000Z");
    visit({ address: "203.0.113.1" });
    await recorder.close();

    const period = { from: "2026-10-11", to: "2026-11-20" };
    const read = async () => ({
      perDay: (await trafficPerDay(db(), period)).filter((row) => row.views > 0),
      sources: await trafficBy(db(), period, "source"),
      campaigns: await trafficBy(db(), period, "campaign"),
      landings: await trafficBy(db(), period, "landing"),
      referrers: await trafficBy(db(), period, "referrer"),
      devices: await trafficBy(db(), period, "device"),
    });
    const expected = {
      perDay: [
        { day: "2026-10-11", visitors: 2, views: 3 },
        { day: "2026-11-19", visitors: 2, views: 3 },
        { day: "2026-11-20", visitors: 1, views: 1 },
      ],
      sources: [
        { value: null, visitors: 3, views: 4 },
        { value: "linkedin", visitors: 2, views: 3 },
      ],
      campaigns: [
        { value: null, visitors: 3, views: 4 },
        { value: "launch", visitors: 2, views: 3 },
      ],
      landings: [
        { value: "/", visitors: 3, views: 4 },
        { value: "/platform", visitors: 1, views: 1 },
        { value: "/terms", visitors: 1, views: 1 },
        { value: "/privacy", visitors: 0, views: 1 },
      ],
      referrers: [
        { value: null, visitors: 3, views: 4 },
        { value: "https://www.linkedin.com", visitors: 1, views: 2 },
        { value: "https://permits-forum.example", visitors: 1, views: 1 },
      ],
      devices: [
        { value: "desktop", visitors: 4, views: 6 },
        { value: "phone", visitors: 1, views: 1 },
      ],
    };
    expect(await read()).toEqual(expected);

    const result = await rollUpPageViews(db(), 30, clock.now);
    expect(result).toEqual({ days: ["2026-10-11", "2026-11-19"], deleted: 3 });
    expect(await db().selectFrom("analytics_page_views").select("day").distinct().orderBy("day").execute()).toEqual([{ day: "2026-11-19" }, { day: "2026-11-20" }]);
    expect(await read()).toEqual(expected);
    // Run again (another hour, another instance): nothing rolled up twice.
    expect(await rollUpPageViews(db(), 30, clock.now)).toEqual({ days: [], deleted: 0 });
    expect(await read()).toEqual(expected);
  });
});

describe("three instances on one PostgreSQL, each its own connection pool", () => {
  let postgres: Postgres;
  const handles: DatabaseHandle[] = [];

  beforeAll(async () => {
    postgres = await startPostgres();
    for (let i = 0; i < 3; i++) handles.push(openDatabase({ kind: "postgres", url: postgres.url }));
    await migrateToLatest(handles[0]!.db);
  }, 60_000);
  afterAll(async () => {
    await Promise.all(handles.map((handle) => handle.close()));
    await postgres?.stop();
  });

  it("serve page views at once over two days, then the hourly rollup: every total exact, rolled up once", async () => {
    const clock = { now: new Date("2026-11-20T23:59:00.000Z") };
    const instances = handles.map((handle) => instance(handle.db, clock));
    const addresses = Array.from({ length: 60 }, (_, i) => `192.0.2.${i + 1}`);
    const serveDay = async () => {
      // Four rounds: each address is served by the instances in turn, and every instance writes
      // its batch at the same moment as the others.
      for (let round = 0; round < 4; round++) {
        addresses.forEach((address, i) => instances[(i + round) % 3]!.visit({ address, url: round % 2 === 0 ? "/" : "/platform" }));
        await Promise.all(instances.map(({ recorder }) => recorder.flush()));
      }
    };
    await serveDay();
    clock.now = new Date("2026-11-21T12:00:00.000Z");
    await serveDay();
    const db = handles[0]!.db;
    const period = { from: "2026-11-20", to: "2026-11-21" };
    const expected = [
      { day: "2026-11-20", visitors: 60, views: 240 },
      { day: "2026-11-21", visitors: 60, views: 240 },
    ];
    expect(await trafficPerDay(db, period)).toEqual(expected);

    // The next morning every instance checks the rollup at once: one rolls up both days.
    const rollups: string[][] = [];
    const rollup = (handle: DatabaseHandle) => async (now: Date) => void rollups.push((await rollUpPageViews(handle.db, 30, now)).days);
    const won = await Promise.all(handles.map((handle) => runIfDue(handle.db, "analytics-rollup", rollup(handle), { periodMs: 3_600_000 }, new Date("2026-11-22T02:00:00.000Z"))));
    expect(won.filter(Boolean)).toHaveLength(1);
    expect(rollups).toEqual([["2026-11-20", "2026-11-21"]]);
    expect(await trafficPerDay(db, period)).toEqual(expected);
    expect(await trafficBy(db, period, "landing")).toEqual([{ value: "/", visitors: 120, views: 480 }]);
    const daily = await db.selectFrom("analytics_daily").select((eb) => [eb.fn.sum<string>("visitors").as("visitors"), eb.fn.sum<string>("views").as("views")]).executeTakeFirstOrThrow();
    expect({ visitors: Number(daily.visitors), views: Number(daily.views) }).toEqual({ visitors: 120, views: 480 });
  });
});
