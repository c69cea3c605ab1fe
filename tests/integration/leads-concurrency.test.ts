/**
 * Newsletter uniqueness is the database's: 20 simultaneous subscriptions of one address give
 * exactly one row and 19 "This email is already subscribed.", on SQLite and on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPostgres, type Postgres } from "../support/postgres";
import { startSite, type Site } from "../support/site-server";
import { postJson, startServices } from "./leads-helpers";

const ALREADY = "This email is already subscribed.";
const SUCCESS = "Thank you for subscribing! Welcome to the HeavyRoute community: we will keep you posted on our launch.";

let pg: Postgres;
beforeAll(async () => {
  pg = await startPostgres();
}, 120_000);
afterAll(async () => {
  await pg?.stop();
});

async function twentyAtOnce(site: Site, email: (i: number) => string) {
  const responses = await Promise.all(Array.from({ length: 20 }, (_, i) => postJson(`${site.url}/newsletter`, { email: email(i) })));
  return Promise.all(responses.map(async (response) => ({ status: response.status, body: (await response.json()) as { ok: boolean; message: string } })));
}

describe.each(["sqlite", "postgres"] as const)("newsletter concurrency on %s", (kind) => {
  let site: Site;
  beforeAll(async () => {
    const env: Record<string, string> = { RATE_LIMIT_POST_PER_MINUTE: "10000" };
    if (kind === "postgres") env.DATABASE_URL = await pg.createDatabase();
    site = await startSite({ env });
  });
  afterAll(async () => {
    await site?.stop();
  });

  it("20 simultaneous subscriptions of one address (mixed case): one row, 19 'already subscribed'", async () => {
    const answers = await twentyAtOnce(site, (i) => (i % 2 ? "Same.Person@Example.com" : "same.person@example.com"));
    expect(answers.filter((a) => a.status === 200 && a.body.ok && a.body.message === SUCCESS)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409 && !a.body.ok && a.body.message === ALREADY)).toHaveLength(19);
    const again = await postJson(`${site.url}/newsletter`, { email: "SAME.PERSON@EXAMPLE.COM" });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { message: string }).message).toBe(ALREADY);
  });

  it("20 simultaneous subscriptions of different addresses all succeed", async () => {
    const answers = await twentyAtOnce(site, (i) => `person${i}@example.com`);
    expect(answers.every((a) => a.status === 200 && a.body.message === SUCCESS)).toBe(true);
  });
});

describe.each(["sqlite", "postgres"] as const)("lead service on %s", (kind) => {
  it("stores exactly one subscriber and one admin mail per address, in one transaction", async () => {
    const env: Record<string, string> = kind === "postgres" ? { DATABASE_URL: await pg.createDatabase() } : {};
    const test = await startServices(env);
    try {
      await test.services.outbox.stop(); // keep the mail rows pending, to count them
      const outcomes = await Promise.all(Array.from({ length: 20 }, () => test.services.signUp.subscribe("Once@Example.com", { page: "/", clientKey: "203.0.113.9" })));
      expect(outcomes.filter((o) => o === "subscribed")).toHaveLength(1);
      const { db } = test.services.database;
      const subscribers = await db.selectFrom("subscribers").selectAll().execute();
      expect(subscribers).toHaveLength(1);
      expect(subscribers[0]).toMatchObject({ email: "Once@Example.com", email_normalized: "once@example.com", status: "active", notify_admin: "admin@example.com" });
      const mails = await db.selectFrom("mail").selectAll().orderBy("to").execute();
      // The admin notice and one welcome to the subscriber.
      expect(mails).toHaveLength(2);
      expect(mails[0]).toMatchObject({ to: "Once@Example.com", status: "pending", subject: "Welcome to the HeavyRoute newsletter" });
      expect(mails[1]).toMatchObject({ to: "admin@example.com", status: "pending", subject: "New HeavyRoute newsletter subscriber: Once@Example.com" });
    } finally {
      await test.close();
    }
  });
});
