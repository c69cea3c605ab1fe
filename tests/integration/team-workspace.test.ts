/**
 * The team workspace, through HTTP against the production server, on SQLite and on
 * PostgreSQL, with a real SMTP server. Sign-in by one-time link, the guard on every /team route
 * and action, the leads list, notes and status, person and erasure, export, and resend.
 * Long because the same suite runs on both databases against one started server each.
 */
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import routes from "../../app/routes";
import { openDatabase, type DatabaseHandle } from "../../server/db/database";
import { startPostgres, type Postgres } from "../support/postgres";
import { startSite, type Site } from "../support/site-server";
import { startSmtp, type Smtp } from "../support/smtp";

const PUBLIC = "https://www.heavyroute.example";
const MEMBERS = ["ann@example.com", "bob@example.com", "cat@example.com", "dan@example.com"];
const SENT = "If this address belongs to the team, a sign-in link is on its way. It works once, within 15 minutes.";

/** Every path of the route config under /team, with sample parameters. */
function teamPaths(): string[] {
  const paths: string[] = [];
  const walk = (entries: readonly { path?: string; index?: boolean; children?: unknown[] }[], base: string) => {
    for (const entry of entries) {
      const here = entry.path ? `${base}/${entry.path}` : base;
      if (here.startsWith("/team") && (entry.path || entry.index)) paths.push(here.replace(":kind", "contact").replace(":id", "00000000-0000-0000-0000-000000000000"));
      if (entry.children) walk(entry.children as never, here);
    }
  };
  walk(routes, "");
  return [...new Set(paths)];
}

// /team/* (no page there) refuses a form without a session as the pages with actions do.
const WITH_ACTIONS = new Set(["/team/*", "/team/leads/contact/00000000-0000-0000-0000-000000000000", "/team/people", "/team/replies", "/team/mail", "/team/campaigns", "/team/settings", "/team/webhooks"]);
const REDIRECTED_ACTIONS = new Set(["/team/members"]);

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

describe.each(["sqlite", "postgres"] as const)("team workspace on %s", (kind) => {
  let postgres: Postgres | undefined;
  let smtp: Smtp;
  let site: Site;
  let database: DatabaseHandle;
  let env: Record<string, string>;

  const post = (path: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
    fetch(`${site.url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: PUBLIC, ...headers },
      body: form(fields),
    });
  const get = (path: string, cookie?: string) => fetch(`${site.url}${path}`, { redirect: "manual", headers: cookie ? { cookie } : {} });
  const postJson = (path: string, body: unknown) =>
    fetch(`${site.url}${path}`, { method: "POST", headers: { "content-type": "application/json", origin: PUBLIC }, body: JSON.stringify(body) });

  async function linkFromMail(to: string): Promise<string> {
    const before = smtp.messages.length;
    const page = await post("/team/sign-in", { email: to });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(SENT);
    // Other mail (a notice from an earlier test) may arrive first: wait for the one to `to`.
    let mail: (typeof smtp.messages)[number] | undefined;
    for (let count = before + 1; !mail; count++) mail = (await smtp.waitFor(count)).slice(before).find((m) => m.to.includes(to));
    const link = /https?:\/\/\S+\/team\/sign-in\/link\?token=[\w-]+/.exec(mail.text)?.[0];
    expect(link).toBeDefined();
    return link!;
  }

  /** Sessions kept per member: sign-in requests are limited per address and per client. */
  const sessions = new Map<string, string>();
  async function signIn(email: string): Promise<string> {
    const known = sessions.get(email);
    if (known) return known;
    const link = await linkFromMail(email);
    const token = new URL(link).searchParams.get("token")!;
    const answer = await post("/team/sign-in/link", { token, next: "/team" });
    expect(answer.status).toBe(302);
    const cookie = answer.headers.get("set-cookie")!.split(";")[0]!;
    sessions.set(email, cookie);
    return cookie;
  }

  beforeAll(async () => {
    smtp = await startSmtp();
    env = {
      SMTP_URL: smtp.url,
      PUBLIC_SITE_URL: PUBLIC,
      TEAM_MEMBERS: MEMBERS.join(","),
      RATE_LIMIT_POST_PER_MINUTE: "10000",
      MAIL_MAX_ATTEMPTS: "1",
    };
    if (kind === "postgres") {
      postgres = await startPostgres();
      env.DATABASE_URL = postgres.url;
    }
    site = await startSite({ env });
    database = openDatabase(kind === "postgres" ? { kind, url: postgres!.url } : { kind, file: join(site.dataDir, "site.db") });
  });
  afterAll(async () => {
    await database?.close();
    await site?.stop();
    await smtp?.stop();
    await postgres?.stop();
  });

  it("signs a member in through the link in the mail, on the public origin; the link works once", async () => {
    const link = await linkFromMail("ann@example.com");
    expect(link.startsWith(`${PUBLIC}/team/sign-in/link?token=`)).toBe(true);
    const token = new URL(link).searchParams.get("token")!;

    // Opening the link (as a mail scanner would) does not use it.
    for (let i = 0; i < 2; i++) {
      const page = await get(`/team/sign-in/link?token=${token}`);
      expect(await page.text()).toContain(">Sign in</button>");
    }
    const answer = await post("/team/sign-in/link", { token, next: "/team/mail" });
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe("/team/mail");
    const cookie = answer.headers.get("set-cookie")!;
    expect(cookie).toMatch(/^team_session=[\w-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=43200$/);
    expect(cookie).not.toContain("Secure"); // plain http here; tests/e2e/team.test.ts covers HTTPS
    sessions.set("ann@example.com", cookie.split(";")[0]!);
    const leads = await get("/team", cookie.split(";")[0]);
    expect(leads.status).toBe(200);
    expect(await leads.text()).toContain("Signed in as <span");

    const reused = await post("/team/sign-in/link", { token });
    expect(reused.status).toBe(200);
    expect(reused.headers.get("set-cookie")).toBeNull();
    expect(await reused.text()).toContain("This sign-in link has expired or was already used. Ask for a new one.");
    expect(await (await get(`/team/sign-in/link?token=${token}`)).text()).toContain("This sign-in link has expired or was already used.");
  });

  it("answers a non-member exactly as a member, and mails nobody", async () => {
    const before = smtp.messages.length;
    const page = await post("/team/sign-in", { email: "mallory@example.com" });
    expect(page.status).toBe(200);
    const text = await page.text();
    expect(text).toContain(SENT);
    await signIn("bob@example.com"); // a later mail arrives; none for mallory
    expect(smtp.messages.slice(before).every((m) => !m.to.includes("mallory@example.com"))).toBe(true);
    expect(await database.db.selectFrom("team_sign_in_links").select("email").where("email", "=", "mallory@example.com").execute()).toEqual([]);
  });

  it("refuses an expired link", async () => {
    const link = await linkFromMail("cat@example.com");
    await database.db.updateTable("team_sign_in_links").set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where("email", "=", "cat@example.com").execute();
    const token = new URL(link).searchParams.get("token")!;
    expect(await (await get(`/team/sign-in/link?token=${token}`)).text()).toContain("This sign-in link has expired or was already used.");
    const answer = await post("/team/sign-in/link", { token });
    expect(answer.headers.get("set-cookie")).toBeNull();
    expect(await answer.text()).toContain("This sign-in link has expired or was already used.");
  });

  it("limits sign-in requests per address", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await post("/team/sign-in", { email: "nobody@example.com" })).status);
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    const limited = await post("/team/sign-in", { email: "nobody@example.com" });
    expect(limited.status).toBe(429);
    expect(await limited.text()).toContain("Too many sign-in requests. Please wait an hour and try again.");
  });

  it("guards every /team page and action, refuses other origins, and is never indexed or cached", async () => {
    const paths = teamPaths();
    expect(paths).toEqual(expect.arrayContaining(["/team", "/team/mail", "/team/overview", "/team/audit", "/team/people", "/team/export"]));
    const open = new Set(["/team/sign-in", "/team/sign-in/link", "/team/sign-out"]);
    for (const path of paths.filter((p) => !open.has(p))) {
      const page = await get(path);
      expect(page.status, path).toBe(302);
      expect(page.headers.get("location"), path).toBe(`/team/sign-in?next=${encodeURIComponent(path)}`);
      expect(page.headers.get("cache-control"), path).toBe("no-store");
      expect(page.headers.get("x-robots-tag"), path).toContain("noindex");
      const action = await post(path, { intent: "handled" });
      // Routes with an action refuse without a session (one with its own error boundary renders it in the
      // workspace's layout, whose loader sends a visitor without a session to sign in); the others have no action at all.
      expect(action.status, path).toBe(WITH_ACTIONS.has(path) ? 401 : REDIRECTED_ACTIONS.has(path) ? 302 : 405);
      if (action.status === 405) expect(action.headers.get("allow"), path).toBe("GET, HEAD");
    }
    const withExpired = await get("/team", "team_session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA");
    expect(withExpired.status).toBe(302);

    const cookie = await signIn("ann@example.com");
    const crossSite = await fetch(`${site.url}/team/mail`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://evil.example", cookie },
      body: form({}),
    });
    expect(crossSite.status).toBe(403);
    const signInPage = await get("/team/sign-in");
    expect(signInPage.headers.get("cache-control")).toBe("no-store");
    expect(await signInPage.text()).toContain('<meta name="robots" content="noindex"/>');
    const sitemap = await (await get("/sitemap.xml")).text();
    expect(sitemap).not.toContain("/team");
  });

  it("answers every spelling of a /team path with no-store and noindex, signed in or not", async () => {
    // React Router matches paths case-insensitively and decodes them: each spelling reaches the same route.
    const spellings = ["/TEAM", "/Team/Mail", "/%74eam/mail", "/TEAM.data", "/TEAM/export?format=csv", "/team.data", "/team/export?format=csv"];
    const cookie = await signIn("ann@example.com");
    for (const path of spellings) {
      const signedIn = await get(path, cookie);
      expect(signedIn.status, path).toBe(200);
      expect(signedIn.headers.get("cache-control"), path).toBe("no-store");
      expect(signedIn.headers.get("x-robots-tag"), path).toBe("noindex, nofollow");
      const anonymous = await get(path);
      expect(anonymous.status, path).not.toBe(200);
      expect(anonymous.headers.get("cache-control"), path).toBe("no-store");
      expect(anonymous.headers.get("x-robots-tag"), path).toBe("noindex, nofollow");
    }
    const csv = await get("/TEAM/export?format=csv", cookie);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    expect(await (await get("/Team/Mail", cookie)).text()).toContain("Signed in as <span");
  });

  it("removes a member only from the confirmation step: a removal asked for elsewhere goes to it first", async () => {
    const ann = await signIn("ann@example.com");
    const member = () => database.db.selectFrom("team_members").select("email").where("email", "=", "eve@example.com").executeTakeFirst();
    expect((await post("/team/members", { intent: "invite", email: "eve@example.com", role: "member" }, { cookie: ann })).status).toBe(200);
    const asked = await post("/team/members", { intent: "remove", email: "Eve@example.com" }, { cookie: ann });
    expect(asked.status).toBe(303);
    expect(asked.headers.get("location")).toBe("/team/members?remove=eve%40example.com");
    expect(await member()).toBeDefined();
    const step = (await (await get("/team/members?remove=eve%40example.com", ann)).text()).replaceAll("<!-- -->", "");
    expect(step).toContain("Remove eve@example.com?</h2>");
    expect(step).toContain("Their sessions end now: they are signed out at once, on every device, and can no longer sign in.");
    const unknown = await get("/team/members?remove=nobody%40example.com", ann);
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain("There is no such member (they may have been removed already).");
    const confirmed = await post("/team/members", { intent: "remove", email: "eve@example.com", confirm: "yes" }, { cookie: ann });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.text()).toContain("eve@example.com is removed: their sessions have ended.");
    expect(await member()).toBeUndefined();
  });

  it("ends the session of a member removed from TEAM_MEMBERS, and at sign-out; the timeline and the audit log say so in words", async () => {
    const cookie = await signIn("dan@example.com");
    expect((await get("/team", cookie)).status).toBe(200);
    // Dan owns a person, left without an owner when the site starts without him.
    expect((await postJson("/contact", { name: "Dora Dropped", email: "dora@example.com", category: "question", message: "Escort rules?" })).status).toBe(200);
    const owned = await post("/team/people?email=dora%40example.com", { intent: "work", owner: "dan@example.com", stage: "new", reason: "", follow_up: "" }, { cookie });
    expect(owned.status).toBe(200);
    await site.stop();
    site = await startSite({ env: { ...env, TEAM_MEMBERS: MEMBERS.filter((m) => m !== "dan@example.com").join(",") }, dataDir: site.dataDir });
    expect((await get("/team", cookie)).status).toBe(302);
    const action = await post("/team/mail", {}, { cookie });
    expect(action.status).toBe(403);
    expect(await action.text()).toContain("Your access to the team workspace has ended.");

    const ann = await signIn("ann@example.com");
    // The pages' text as a reader gets it (React separates adjacent texts with empty comments).
    const text = async (path: string) => (await (await get(path, ann)).text()).replaceAll("<!-- -->", "");
    const timeline = await text("/team/people?email=dora%40example.com");
    expect(timeline).toContain("The site removed dan@example.com from the team when it started without them in its list of admins, so this person has no owner now.");
    const audit = await text("/team/audit");
    expect(audit).toContain("The site removed dan@example.com from the team when it started without them in its list of admins, and left the 1 person they owned without an owner.");
    // What the pages show (their data for the browser keeps the stored actor, which no one reads).
    for (const page of [timeline, audit]) expect(page.replace(/<script\b[\s\S]*?<\/script>/g, "")).not.toContain("TEAM_MEMBERS");
    const out = await post("/team/sign-out", {}, { cookie: ann });
    expect(out.status).toBe(302);
    sessions.delete("ann@example.com");
    expect((await get("/team", ann)).status).toBe(302);
  });

  it("does not revive a removed member's session when the address is added again", async () => {
    // The previous test restarted the site without dan.
    const old = sessions.get("dan@example.com")!;
    sessions.delete("dan@example.com");
    await site.stop();
    site = await startSite({ env, dataDir: site.dataDir });
    expect((await get("/team", old)).status).toBe(302);
    const again = await signIn("dan@example.com");
    expect((await get("/team", again)).status).toBe(200);
  });

  it.runIf(kind === "postgres")("an instance started without an address ends its sessions on every instance, for good", async () => {
    const before = await signIn("cat@example.com");
    sessions.delete("cat@example.com");
    expect((await get("/team", before)).status).toBe(200);
    let other: Site | undefined = await startSite({ env: { ...env, TEAM_MEMBERS: MEMBERS.filter((m) => m !== "cat@example.com").join(",") } });
    try {
      // This instance still lists cat in its TEAM_MEMBERS, but the team's list (the database) says cat left.
      expect((await get("/team", before)).status).toBe(302);
      // So it mails cat no sign-in link either: the page says what it says to anyone, and nothing is queued.
      const asked = new Date().toISOString();
      const page = await post("/team/sign-in", { email: "cat@example.com" });
      expect(await page.text()).toContain(SENT);
      const queued = await database.db.selectFrom("mail").select("id").where("to", "=", "cat@example.com").where("created_at", ">=", asked).execute();
      expect(queued).toEqual([]);
      await other.stop();
      // cat is added again: the session from before does not come back, a new one works.
      other = await startSite({ env });
      expect((await fetch(`${other.url}/team`, { redirect: "manual", headers: { cookie: before } })).status).toBe(302);
      expect((await get("/team", before)).status).toBe(302);
      expect((await get("/team", await signIn("cat@example.com"))).status).toBe(200);
    } finally {
      await other.stop();
    }
  });

  it("keeps no sign-in link in the mail table, makes a new one when a failed sign-in mail is resent, and logs no token or address", async () => {
    const ann = await signIn("ann@example.com");
    const link = await linkFromMail("bob@example.com");
    const token = new URL(link).searchParams.get("token")!;
    expect((await get(`/team/sign-in/link?token=${token}`)).status).toBe(200);
    const signInMails = () => database.db.selectFrom("mail").selectAll().where("subject", "like", "Your sign-in link%").execute();
    for (const mail of await signInMails()) expect(`${mail.text} ${mail.html} ${mail.template}`).not.toMatch(/token=|[\w-]{43}/);

    smtp.setFailing(true);
    const failedBefore = await database.db.selectFrom("mail").select("id").where("status", "=", "failed").execute();
    expect((await post("/team/sign-in", { email: "bob@example.com" })).status).toBe(200);
    await expect.poll(async () => (await database.db.selectFrom("mail").select("id").where("status", "=", "failed").execute()).length, { timeout: 15_000 }).toBe(failedBefore.length + 1);
    expect(await (await get("/team/mail?status=failed", ann)).text()).toContain("Your sign-in link for the");
    smtp.setFailing(false);
    const sentBefore = smtp.messages.length;
    expect((await post("/team/mail", {}, { cookie: ann })).status).toBe(200);
    const [resent] = (await smtp.waitFor(sentBefore + 1)).slice(sentBefore).filter((m) => m.to.includes("bob@example.com"));
    const fresh = new URL(/https?:\/\/\S+\/team\/sign-in\/link\?token=[\w-]+/.exec(resent!.text)![0]).searchParams.get("token")!;
    expect(fresh).not.toBe(token);
    expect((await post("/team/sign-in/link", { token: fresh })).status).toBe(302);
    for (const mail of await signInMails()) expect(`${mail.text} ${mail.html} ${mail.template}`).not.toMatch(/token=|[\w-]{43}/);

    const unsubscribe = "A".repeat(60);
    await get(`/unsubscribe?token=${unsubscribe}`);
    await get("/team/people?email=Ivy9%40example.com", ann);
    await get(`/team?q=${encodeURIComponent("Ivy Nine")}&kind=contact`, ann);
    await site.waitForLog((line) => line.msg === "request" && String(line.url).startsWith("/team?q="));
    const logs = site.logs().join("\n");
    for (const secret of [token, fresh, unsubscribe, "Ivy9", "Nine", "bob@example.com"]) expect(logs).not.toContain(secret);
    const urls = site.jsonLogs().filter((line) => line.msg === "request").map((line) => line.url);
    expect(urls).toEqual(expect.arrayContaining(["/team/sign-in/link?token=[redacted]", "/unsubscribe?token=[redacted]", "/team/people?email=[redacted]", "/team?q=[redacted]&kind=contact"]));
    expect(site.jsonLogs().filter((line) => line.msg === "mail sent").every((line) => !("to" in line))).toBe(true);
  });

  it("lists every kind of lead newest first, filters, searches, pages, and keeps bad input harmless", async () => {
    const cookie = await signIn("ann@example.com");
    expect((await postJson("/newsletter", { email: "Sub.Scriber@example.com" })).status).toBe(200);
    expect((await postJson("/contact", { name: "Carl Contact", email: "carl@example.com", category: "question", message: "=HYPERLINK(\"http://x\") please call" })).status).toBe(200);
    for (let i = 0; i < 3; i++) {
      const answer = await postJson("/request-information", {
        name: `Ivy Info ${i}`,
        email: `ivy${i}@example.com`,
        phone: "+1 555 0100",
        company: i === 1 ? "Oversize Freight Ltd" : "Acme Haulage",
        message: "We move transformers across three provinces.",
        planType: i === 2 ? "Government" : "Subscription",
      });
      expect(answer.status).toBe(200);
    }
    const list = async (query: string) => {
      const page = await get(`/team${query}`, cookie);
      return { status: page.status, html: await page.text() };
    };
    const all = await list("");
    expect(all.status).toBe(200);
    for (const email of ["sub.scriber@example.com", "carl@example.com", "ivy0@example.com", "ivy2@example.com"]) expect(all.html.toLowerCase()).toContain(email);
    expect(all.html.indexOf("ivy2@example.com")).toBeLessThan(all.html.indexOf("carl@example.com"));

    const government = await list("?kind=information-request&plan=Government");
    expect(government.html).toContain("ivy2@example.com");
    expect(government.html).not.toContain("ivy0@example.com");
    const search = await list("?q=OVERSIZE%20freight");
    expect(search.html).toContain("ivy1@example.com");
    expect(search.html).not.toContain("ivy0@example.com");

    // Keyset pages of 2: no lead twice, none missing.
    const seen: string[] = [];
    let query = "?kind=information-request&size=2";
    for (let i = 0; i < 5 && query; i++) {
      const page = await list(query);
      seen.push(...[...page.html.matchAll(/ivy\d@example\.com/g)].map((m) => m[0]).filter((v, j, a) => a.indexOf(v) === j));
      const older = /href="(\/team\?[^"]*after=[^"]+)"/.exec(page.html)?.[1];
      query = older ? older.replace(/&amp;/g, "&").slice("/team".length) : "";
    }
    expect(seen.sort()).toEqual(["ivy0@example.com", "ivy1@example.com", "ivy2@example.com"]);

    const counts = async () => Number((await database.db.selectFrom("more_information").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
    const before = await counts();
    for (const bad of ["?kind=everything", "?from=2026-13-45", "?size=100000", "?size=-1", "?after=bm90IGEgY3Vyc29y", "?drop=table", "?from=2026-05-02&to=2026-05-01"]) {
      const page = await list(bad);
      expect(page.status, bad).toBe(400);
      expect(page.html, bad).toContain('role="alert"');
    }
    const injection = await list(`?q=${encodeURIComponent("'; DROP TABLE more_information; --")}`);
    expect(injection.status).toBe(200);
    expect(injection.html).toContain("No person matches these filters.");
    const wildcard = await list(`?q=${encodeURIComponent("%")}`);
    expect(wildcard.html).toContain("No person matches these filters.");
    expect(await counts()).toBe(before);
  });

  it("works a lead: a note, handled, reopened; the status filter follows", async () => {
    const cookie = await signIn("bob@example.com");
    const row = await database.db.selectFrom("contact_messages").select("id").where("email", "=", "carl@example.com").executeTakeFirstOrThrow();
    const path = `/team/leads/contact/${row.id}`;
    expect(await (await get(path, cookie)).text()).toContain("No notes yet.");
    expect((await post(path, { intent: "note", note: "Called back, wants a demo." }, { cookie })).status).toBe(200);
    expect((await post(path, { intent: "note", note: "   " }, { cookie })).status).toBe(400);
    expect((await post(path, { intent: "handled" }, { cookie })).status).toBe(200);
    const detail = await (await get(path, cookie)).text();
    expect(detail).toContain("Called back, wants a demo.");
    expect(detail).toContain("Handled by bob@example.com");
    expect(await (await get("/team?status=handled", cookie)).text()).toContain("carl@example.com");
    expect(await (await get("/team?status=open", cookie)).text()).not.toContain("carl@example.com");
    expect((await post(path, { intent: "open" }, { cookie })).status).toBe(200);
    expect(await (await get("/team?status=open", cookie)).text()).toContain("carl@example.com");
    expect((await get("/team/leads/contact/not-a-lead", cookie)).status).toBe(404);
    expect((await get("/team/leads/spaceship/1", cookie)).status).toBe(404);
  });

  it("exports the current filter as CSV (formulas neutralised) and JSON, and audits it", async () => {
    const cookie = await signIn("ann@example.com");
    const csv = await get("/team/export?format=csv&kind=contact", cookie);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    expect(csv.headers.get("content-disposition")).toMatch(/^attachment; filename="leads-\d{4}-\d{2}-\d{2}\.csv"$/);
    const text = await csv.text();
    expect(text.split("\r\n")[0]).toBe("kind,id,created_at,name,email,phone,company,plan_type,category,status,source,message,handled_at,handled_by,landing_path,referrer,utm_source,utm_medium,utm_campaign,utm_content,utm_term,converted_path,language");
    expect(text).toContain(`"'=HYPERLINK(""http://x"") please call"`);
    expect(text).not.toContain("ivy0@example.com");
    const json = (await (await get("/team/export?format=json&kind=information-request", cookie)).json()) as { email: string }[];
    expect(json.map((lead) => lead.email).sort()).toEqual(["ivy0@example.com", "ivy1@example.com", "ivy2@example.com"]);
    expect((await get("/team/export?format=xls", cookie)).status).toBe(400);
    await expect.poll(async () => (await (await get("/team/audit", cookie)).text()).includes("3 leads as JSON")).toBe(true);
  });

  it("answers 400 to a query the docs do not allow: forged cursors, non-decimal sizes, unknown or repeated keys, on every page", async () => {
    const cookie = await signIn("cat@example.com");
    const id = "01900000-0000-7000-8000-000000000000";
    const leadCursor = (parts: string[]) => Buffer.from(JSON.stringify(parts)).toString("base64url");
    const pairCursor = (at: string) => Buffer.from(`${at}|${id}`).toString("base64url");
    const status = async (path: string) => (await get(path, cookie)).status;

    // Well-formed queries still answer.
    for (const good of [
      "/team?size=16",
      `/team?after=${leadCursor(["newest", "2026-11-26T10:00:00.000Z", "ivy0@example.com"])}`,
      `/team?sort=name&after=${leadCursor(["name", "ivy info 0", "ivy0@example.com"])}`,
      `/team/mail?status=sent&after=${pairCursor("2026-11-26T10:00:00.000Z")}`,
      `/team/audit?after=${pairCursor("2026-11-26T10:00:00.000Z")}`,
      "/team/export?format=json&size=16",
      "/team/people?email=nobody%40example.com",
    ]) {
      expect(await status(good), good).toBe(200);
    }
    for (const bad of [
      `/team?after=${leadCursor(["2026-11-26T10:00:00.000Z", "contact", id])}`,
      `/team?after=${leadCursor(["newest", "9999", "ivy0@example.com"])}`,
      `/team?after=${leadCursor(["name", "ivy info 0", "ivy0@example.com"])}`,
      `/team?after=${leadCursor(["newest", "2026-11-26T10:00:00.000Z", "' or 1=1"])}`,
      "/team?sort=random",
      "/team?owner=somebody",
      "/team?stage=maybe",
      "/team?due=yes",
      "/team?size=0x10",
      "/team?size=1e1",
      "/team?size=16.0",
      "/team?size=%2016",
      "/team?kind=contact&kind=chat",
      `/team/mail?after=${pairCursor("9999")}`,
      "/team/mail?status=sent&status=failed",
      "/team/mail?sort=oldest",
      `/team/audit?after=${pairCursor("May 5")}`,
      "/team/audit?page=2",
      "/team/export?format=csv&size=0x10",
      "/team/export?format=csv&after=abc",
      "/team/people?email=nobody%40example.com&email=other%40example.com",
    ]) {
      const page = await get(bad, cookie);
      expect(page.status, bad).toBe(400);
      if (!bad.startsWith("/team/export")) expect(await page.text(), bad).toContain('role="alert"');
    }
    const size = await (await get("/team?size=0x10", cookie)).text();
    expect(size).toContain("Page size must be a whole number from 1 to 200.");
  });

  it("shows a person and erases them, with the CLI's code, after typing the address", async () => {
    const cookie = await signIn("bob@example.com");
    const person = await (await get("/team/people?email=IVY1@example.com", cookie)).text();
    expect(person).toContain("Information request");
    expect(person).toContain("Erase this person");
    const wrong = await post("/team/people?email=ivy1@example.com", { confirm: "ivy2@example.com" }, { cookie });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("Nothing was erased.");
    const erased = await post("/team/people?email=ivy1@example.com", { confirm: "ivy1@example.com" }, { cookie });
    expect(erased.status).toBe(200);
    expect(await erased.text()).toMatch(/Erased \d+ records? about ivy1@example.com\./);
    expect(await database.db.selectFrom("more_information").select("id").where("email", "=", "ivy1@example.com").execute()).toEqual([]);
    expect(await database.db.selectFrom("mail").select("id").where("about_email", "=", "ivy1@example.com").execute()).toEqual([]);
    expect(await database.db.selectFrom("more_information").select("id").where("email", "=", "ivy2@example.com").execute()).toHaveLength(1);
    expect(await (await get("/team/people?email=ivy1@example.com", cookie)).text()).toContain("The site holds no record for this address.");
    const audit = await (await get("/team/audit", cookie)).text();
    expect(audit).toContain("erase");
    expect(audit).not.toContain("ivy1@example.com");
  });

  it("resends a failed mail once the SMTP server is back", async () => {
    const cookie = await signIn("ann@example.com");
    smtp.setFailing(true);
    expect((await postJson("/newsletter", { email: "late@example.com" })).status).toBe(200);
    // Both of the sign-up's mails (admin notice, welcome) failed: else one failing later is left for a second resend.
    await expect
      .poll(async () => (await database.db.selectFrom("mail").select("status").where("about_email", "=", "late@example.com").execute()).map((row) => row.status), { timeout: 60_000 })
      .toEqual(["failed", "failed"]);
    const failed = await (await get("/team/mail?status=failed", cookie)).text();
    expect(failed).toContain("late@example.com");
    expect(failed).toContain("Last error:");
    // Nothing still on its way (another mail of the sign-up, such as an alert, failing after the resend).
    const unsettled = async () => (await database.db.selectFrom("mail").select("id").where("status", "not in", ["sent", "failed"]).execute()).length;
    await expect.poll(unsettled, { timeout: 60_000 }).toBe(0);
    smtp.setFailing(false);
    const before = smtp.messages.length;
    const resent = await post("/team/mail", {}, { cookie });
    expect(resent.status).toBe(200);
    expect(await resent.text()).toMatch(/\d+ mails? queued again\./);
    // Both of the sign-up's mails are queued again, in either order: the admin notice names the address.
    await expect.poll(() => smtp.messages.slice(before).some((m) => m.subject.includes("late@example.com")), { timeout: 60_000 }).toBe(true);
    await expect
      .poll(async () => (await database.db.selectFrom("mail").select("status").where("about_email", "=", "late@example.com").execute()).map((row) => row.status), { timeout: 60_000 })
      .toEqual(["sent", "sent"]);
    // Then nothing is left to resend. (With one attempt per mail in this file, a hiccup of a loaded
    // machine fails a mail for good: another resend sends it, and the answer comes once none failed.)
    await expect.poll(async () => (await post("/team/mail", {}, { cookie })).status, { timeout: 60_000 }).toBe(409);
  }, 300_000);

  it("shows the overview: leads per day and chat usage, each chart with its numbers", async () => {
    const cookie = await signIn("bob@example.com");
    const html = await (await get("/team/overview", cookie)).text();
    expect(html).toContain("Leads per day");
    expect(html).toContain("Chat usage per day");
    expect(html).toMatch(/role="img" aria-label="Information request: \d+ in 30 days/);
    expect(html).toContain("The numbers as a table");
  });
});
