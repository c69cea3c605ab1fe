import { describe, expect, it } from "vitest";
import { DATABASE_ENGINES, migratedDatabase } from "../../tests/support/engines";
import { newRowId } from "../db/row-id";
import { CHAT_OPENED_SCOPE } from "../chat/visitors";
import { insights } from "./insights";

const DAY_MS = 86_400_000;

describe.each(DATABASE_ENGINES)("insights on $name", (engine) => {
  const database = migratedDatabase(engine);

  it("adds rolled-up days, today's raw views and the leads' attribution up per source, campaign and day, and the chat funnel", async () => {
    const { db } = database();
    const now = Date.now();
    const today = new Date(now).toISOString().slice(0, 10);
    const yesterday = new Date(now - DAY_MS).toISOString().slice(0, 10);
    const lastWeek = new Date(now - 8 * DAY_MS).toISOString().slice(0, 10);
    const daily = { landing_path: "/", referrer: "", campaign: "", device: "desktop" as const };
    await db
      .insertInto("analytics_daily")
      .values([
        { ...daily, day: yesterday, source: "linkedin", referrer: "https://www.linkedin.com", campaign: "launch", visitors: 3, views: 5 },
        { ...daily, day: yesterday, source: "", referrer: "https://www.google.com", landing_path: "/platform", device: "phone" as const, visitors: 2, views: 2 },
        { ...daily, day: lastWeek, source: "linkedin", visitors: 50, views: 50 },
      ])
      .execute();
    const view = (at: number, path: string, visitor: string, utm_source: string | null) => ({
      id: newRowId(at),
      day: today,
      path,
      referrer: null,
      utm_source,
      utm_medium: null,
      utm_campaign: null,
      utm_content: null,
      utm_term: null,
      device: "desktop" as const,
      visitor,
    });
    const start = Date.parse(`${today}T00:00:00.000Z`);
    await db
      .insertInto("analytics_page_views")
      .values([view(start + 1, "/", "v1", "linkedin"), view(start + 2, "/platform", "v1", null), view(start + 3, "/privacy", "v2", null)])
      .execute();
    const attribution = { utm_medium: null, utm_content: null, utm_term: null };
    await db
      .insertInto("more_information")
      .values([
        { id: newRowId(), name: "A", email: "a@example.com", phone: "1", company: "C", message: "m", plan_type: "Government", created_at: new Date(now).toISOString(), ...attribution, utm_source: "linkedin", utm_campaign: "launch", referrer: "https://www.linkedin.com", landing_path: "/", converted_path: "/platform" },
        { id: newRowId(), name: "B", email: "b@example.com", phone: "1", company: "C", message: "m", plan_type: "Government", created_at: `${lastWeek}T12:00:00.000Z`, ...attribution, utm_source: "linkedin", utm_campaign: "launch", referrer: null, landing_path: "/", converted_path: "/" },
      ])
      .execute();
    await db.insertInto("subscribers").values({ id: newRowId(), email: "s@example.com", email_normalized: "s@example.com", subscribed_at: `${yesterday}T08:00:00.000Z`, status: "active", notify_admin: "x@example.com", utm_source: null, referrer: "https://www.google.com", utm_campaign: null, landing_path: "/platform", converted_path: "/platform", ...attribution }).execute();
    await db.insertInto("potential_customers").values({ id: newRowId(), name: "Ada", email: "ada@example.com", source: "chat", created_at: new Date(now).toISOString() }).execute();
    await db.insertInto("chat_counters").values({ scope: CHAT_OPENED_SCOPE, period: today, count: 4, expires_at: "2999-01-01T00:00:00.000Z" }).execute();
    await db.insertInto("chat_visitors").values({ id: "c1", name: "Ada", email: "ada@example.com", time_zone: null, created_at: new Date(now).toISOString(), updated_at: new Date(now).toISOString() }).execute();
    await db.insertInto("chat_messages").values({ id: newRowId(), visitor_id: "c1", role: "user", kind: "chat", content: "Routes?", created_at: new Date(now).toISOString(), answered_by: null, sources: null }).execute();

    const period = { from: yesterday, to: today };
    const read = await insights(db, period);
    expect(read.totals).toEqual({ visitors: 7, views: 10, leads: 3 });
    expect(read.days).toEqual([
      { day: yesterday, visitors: 5, views: 7, leads: 1 },
      { day: today, visitors: 2, views: 3, leads: 2 },
    ]);
    expect(read.tables.sources).toEqual([
      { label: "linkedin", visitors: 4, views: 7, leads: 1 },
      { label: "https://www.google.com", visitors: 2, views: 2, leads: 1 },
      { label: "Direct", visitors: 1, views: 1, leads: 1 },
    ]);
    expect(read.tables.campaigns).toEqual([
      { label: "(none)", visitors: 4, views: 5, leads: 2 },
      { label: "launch", visitors: 3, views: 5, leads: 1 },
    ]);
    expect(read.tables["converting-pages"]).toEqual([
      { label: "/platform", visitors: null, views: null, leads: 2 },
      { label: "(none)", visitors: null, views: null, leads: 1 },
    ]);
    expect(read.funnel).toEqual({ opened: 4, named: 1, leads: 1, asked: 1 });
  });
});
