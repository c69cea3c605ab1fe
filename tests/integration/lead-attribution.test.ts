/**
 * Where each lead came from, through HTTP against the production server: the four lead kinds
 * posted as their JavaScript clients post them (with the attribution the tab kept) and as plain
 * form posts (the Referer's page), what is stored on the lead's row, what /team shows, filters
 * and exports, that bad values are cleaned or dropped without refusing the lead, and that erasure
 * takes the attribution with the person. On SQLite and on PostgreSQL (the newsletter's group
 * commit is one statement there).
 */
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../server/db/database";
import type { AttributionColumns } from "../../server/db/schema";
import { startPostgres, type Postgres } from "../support/postgres";
import { startSite, type Site } from "../support/site-server";
import { startSmtp, type Smtp } from "../support/smtp";

const PUBLIC = "https://www.heavyroute.example";
const MEMBER = "ann@example.com";
const ATTRIBUTION = ["landing_path", "referrer", "utm_source", "utm_medium", "utm_campaign", "utm_content", "utm_term", "converted_path"] as const;
const TABLES = { newsletter: "subscribers", contact: "contact_messages", "information-request": "more_information", chat: "potential_customers" } as const;
type Kind = keyof typeof TABLES;

const SENT = {
  landing_path: "/",
  referrer: "https://www.linkedin.com",
  utm_source: "linkedin",
  utm_medium: "social",
  utm_campaign: "launch",
  utm_content: "video post",
  utm_term: "oversize permits",
  converted_path: "/platform",
};
const KEPT: AttributionColumns = { ...SENT };
const NONE: AttributionColumns = { landing_path: null, referrer: null, utm_source: null, utm_medium: null, utm_campaign: null, utm_content: null, utm_term: null, converted_path: null };

describe.each(["sqlite", "postgres"] as const)("lead attribution on %s", (engine) => {
  let smtp: Smtp;
  let site: Site;
  let database: DatabaseHandle;
  let cookie: string;

  const post = (path: string, body: string, type: string, headers: Record<string, string> = {}) =>
    fetch(`${site.url}${path}`, { method: "POST", redirect: "manual", headers: { "content-type": type, origin: PUBLIC, ...headers }, body });
  const postJson = (path: string, body: unknown, headers: Record<string, string> = {}) => post(path, JSON.stringify(body), "application/json", headers);
  const postForm = (path: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
    post(path, new URLSearchParams(fields).toString(), "application/x-www-form-urlencoded", headers);
  const get = (path: string) => fetch(`${site.url}${path}`, { redirect: "manual", headers: { cookie } });

  const FORM_FIELDS = {
    newsletter: (email: string) => ({ email, page: "/platform" }),
    contact: (email: string) => ({ name: "Dana Fleet", email, category: "question", message: "Where do I start with permits?" }),
    "information-request": (email: string) => ({ name: "Dana Fleet", email, phone: "+1 555 0100", company: "State DOT", planType: "Government", message: "Pricing for a state agency." }),
  };
  const PATHS = { newsletter: "/newsletter", contact: "/contact", "information-request": "/request-information" } as const;

  /** Posts one lead of `kind` as its JavaScript client does, with `attribution` in the body. */
  async function sendLead(kind: Kind, email: string, attribution: unknown, headers: Record<string, string> = {}): Promise<void> {
    const answer =
      kind === "chat"
        ? await postJson("/api/chat/lead", { name: "Dana Fleet", email, attribution }, headers)
        : await postJson(PATHS[kind], { ...FORM_FIELDS[kind](email), attribution }, headers);
    expect(answer.status, await answer.clone().text()).toBe(200);
  }

  async function stored(kind: Kind, email: string): Promise<AttributionColumns & { id: string }> {
    return database.db.selectFrom(TABLES[kind]).select(["id", ...ATTRIBUTION]).where("email", "=", email).executeTakeFirstOrThrow();
  }

  const without = <T extends { id: string }>({ id: _id, ...rest }: T) => rest;

  let postgres: Postgres | undefined;

  beforeAll(async () => {
    smtp = await startSmtp();
    const env: Record<string, string> = { SMTP_URL: smtp.url, PUBLIC_SITE_URL: PUBLIC, TEAM_MEMBERS: MEMBER, RATE_LIMIT_POST_PER_MINUTE: "10000" };
    if (engine === "postgres") {
      postgres = await startPostgres();
      env.DATABASE_URL = postgres.url;
    }
    site = await startSite({ env });
    database = openDatabase(engine === "postgres" ? { kind: engine, url: postgres!.url } : { kind: engine, file: join(site.dataDir, "site.db") });
    const page = await postForm("/team/sign-in", { email: MEMBER });
    expect(page.status).toBe(200);
    const [mail] = await smtp.waitFor(1);
    const token = /\/team\/sign-in\/link\?token=([\w-]+)/.exec(mail!.text)![1]!;
    const answer = await postForm("/team/sign-in/link", { token, next: "/team" });
    cookie = answer.headers.get("set-cookie")!.split(";")[0]!;
  });
  afterAll(async () => {
    await database?.close();
    await site?.stop();
    await smtp?.stop();
    await postgres?.stop();
  });

  describe("a lead sent by JavaScript keeps the attribution its tab recorded", () => {
    for (const kind of Object.keys(TABLES) as Kind[]) {
      it(`${kind}: stored on its row, shown on its page and its person's, in both exports`, async () => {
        const email = `js-${kind}@example.com`;
        // The Referer is the converting page; what the tab sent wins over it.
        await sendLead(kind, email, SENT, { referer: `${PUBLIC}/contact?utm_source=other` });
        const row = await stored(kind, email);
        expect(without(row)).toEqual(KEPT);

        const page = await (await get(`/team/leads/${kind}/${row.id}`)).text();
        const shown = (label: string, value: string) => expect(page).toMatch(new RegExp(`<dt[^>]*>${label}</dt><dd[^>]*>${value}</dd>`));
        shown("Landing page", "/");
        shown("Referrer", "https://www.linkedin.com");
        shown("Source", "linkedin");
        shown("Medium", "social");
        shown("Campaign", "launch");
        shown("Content", "video post");
        shown("Term", "oversize permits");
        shown("Converted on", "/platform");
        const person = await (await get(`/team/people?email=${encodeURIComponent(email)}`)).text();
        expect(person).toMatch(/<dt[^>]*>Source<\/dt><dd[^>]*>linkedin<\/dd>/);
        expect(person).toMatch(/<dt[^>]*>Converted on<\/dt><dd[^>]*>\/platform<\/dd>/);

        const csv = await (await get(`/team/export?format=csv&kind=${kind}&q=${encodeURIComponent(email)}`)).text();
        const [header, line] = csv.split("\r\n");
        expect(header!.split(",").slice(-9, -1)).toEqual([...ATTRIBUTION]);
        expect(line!.split(",").slice(-9)).toEqual(["/", "https://www.linkedin.com", "linkedin", "social", "launch", "video post", "oversize permits", "/platform", "en"]);
        const json = (await (await get(`/team/export?format=json&kind=${kind}&q=${encodeURIComponent(email)}`)).json()) as Record<string, unknown>[];
        expect(json).toHaveLength(1);
        expect(json[0]).toMatchObject(KEPT);
      });
    }
  });

  describe("bad values are cleaned or dropped, never a refusal", () => {
    const BAD = {
      landing_path: "https://evil.example/landing",
      referrer: `${PUBLIC}/platform`,
      utm_source: "Link\u202eed\u0007in\u200b",
      utm_medium: "x".repeat(10_240),
      utm_campaign: "\u0000\u202a",
      utm_content: 42,
      utm_term: "line one\nline two",
      converted_path: "/platform?utm_source=x",
    };
    for (const kind of Object.keys(TABLES) as Kind[]) {
      it(`${kind}: control and bidi characters stripped, 10 KB cut to 100, a full URL as a path and a same-site referrer dropped`, async () => {
        const email = `bad-${kind}@example.com`;
        await sendLead(kind, email, BAD);
        expect(without(await stored(kind, email))).toEqual({
          ...NONE,
          utm_source: "Linkedin",
          utm_medium: "x".repeat(100),
          utm_term: "line one line two",
        });
      });
    }

    it("an attribution that is no object, or paths that name a host, tell nothing", async () => {
      await sendLead("contact", "bad-shape@example.com", "landing=/");
      expect(without(await stored("contact", "bad-shape@example.com"))).toEqual(NONE);
      await sendLead("chat", "bad-host@example.com", { landing_path: "//evil.example/x", converted_path: "/" + "a".repeat(400), referrer: "javascript:alert(1)" });
      expect(without(await stored("chat", "bad-host@example.com"))).toEqual(NONE);
    });
  });

  describe("a form posted without JavaScript carries the page it was posted from (its Referer)", () => {
    for (const kind of ["newsletter", "contact", "information-request"] as const) {
      it(`${kind}: landing and converting page, and that page's UTM`, async () => {
        const email = `plain-${kind}@example.com`;
        const answer = await postForm(PATHS[kind], FORM_FIELDS[kind](email), { referer: `${PUBLIC}/platform?utm_source=flyer&utm_campaign=expo%202026&utm_medium=%E2%80%AEprint#plans` });
        expect([200, 303]).toContain(answer.status);
        expect(without(await stored(kind, email))).toEqual({ ...NONE, landing_path: "/platform", converted_path: "/platform", utm_source: "flyer", utm_medium: "print", utm_campaign: "expo 2026" });
        // A Referer from another site, or none, tells nothing.
        await postForm(PATHS[kind], FORM_FIELDS[kind](`other-${email}`), { referer: "https://www.heavyroute.example.evil.example/platform?utm_source=spoof" });
        expect(without(await stored(kind, `other-${email}`))).toEqual(NONE);
        await postForm(PATHS[kind], FORM_FIELDS[kind](`none-${email}`));
        expect(without(await stored(kind, `none-${email}`))).toEqual(NONE);
      });
    }
  });

  describe("the leads list filters by source and by campaign", () => {
    it("lists the leads of a source, of a campaign, whatever the case; keeps the filter in its export link", async () => {
      await sendLead("contact", "filter-a@example.com", { ...SENT, utm_source: "Trade-Show", utm_campaign: "spring" });
      await sendLead("newsletter", "filter-b@example.com", { ...SENT, utm_source: "trade-show", utm_campaign: "autumn" });
      const bySource = await (await get("/team?source=TRADE-SHOW")).text();
      expect(bySource).toContain("filter-a@example.com");
      expect(bySource).toContain("filter-b@example.com");
      expect(bySource).not.toContain("js-contact@example.com");
      expect(bySource).toContain('value="TRADE-SHOW"');
      const both = await (await get("/team?source=trade-show&campaign=Autumn")).text();
      expect(both).toContain("filter-b@example.com");
      expect(both).not.toContain("filter-a@example.com");
      expect(both).toContain("/team/export?source=trade-show&amp;campaign=Autumn&amp;format=csv");
      const csv = await (await get("/team/export?format=csv&source=trade-show&campaign=autumn")).text();
      expect(csv.trim().split("\r\n")).toHaveLength(2);
      const tooLong = await get(`/team?campaign=${"c".repeat(101)}`);
      expect(tooLong.status).toBe(400);
      expect(await tooLong.text()).toContain("Campaign is at most 100 characters.");
    });
  });

  describe("erasure", () => {
    it("takes the person's attribution with their leads", async () => {
      const email = "erase-me@example.com";
      for (const kind of Object.keys(TABLES) as Kind[]) await sendLead(kind, email, { ...SENT, utm_campaign: "erase-campaign" });
      const before = await (await get("/team?campaign=erase-campaign")).text();
      // One person, their four leads.
      expect(before).toContain("1 person");
      expect(before.match(/erase-me@example\.com</g)).toHaveLength(1);
      expect(before.match(/href="\/team\/leads\//g)).toHaveLength(4);
      const erased = await postForm(`/team/people?email=${encodeURIComponent(email)}`, { confirm: email }, { cookie });
      expect(erased.status).toBe(200);
      for (const table of Object.values(TABLES)) {
        expect(await database.db.selectFrom(table).select("id").where("utm_campaign", "=", "erase-campaign").execute()).toEqual([]);
      }
      expect(await (await get("/team?campaign=erase-campaign")).text()).toContain("No person matches these filters.");
    });
  });
});
