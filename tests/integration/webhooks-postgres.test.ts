/**
 * Webhook deliveries claimed across instances on PostgreSQL: two instances of the built server
 * share one database and one endpoint; sign-ups arrive at both while the receiver answers slowly.
 * Every event is delivered exactly once (the claim's FOR UPDATE SKIP LOCKED and leases), signed.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import pg from "pg";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, expect, it } from "vitest";
import { newWebhookSecret } from "../../server/webhooks/signing";
import { type Postgres, startPostgres } from "../support/postgres";
import { type Site, startSite } from "../support/site-server";
import { postJson } from "./leads-helpers";

const SIGN_UPS = 200;
let postgres: Postgres;
let db: pg.Pool;
let receiver: http.Server;
const sites: Site[] = [];
const received: string[] = [];
const secret = newWebhookSecret();

beforeAll(async () => {
  postgres = await startPostgres();
  const url = await postgres.createDatabase();
  db = new pg.Pool({ connectionString: url, max: 2 });
  db.on("error", () => undefined);
  const verifier = new Webhook(secret);
  receiver = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const headers = Object.fromEntries(["webhook-id", "webhook-timestamp", "webhook-signature"].map((name) => [name, String(request.headers[name])]));
      verifier.verify(Buffer.concat(chunks).toString("utf8"), headers);
      received.push(headers["webhook-id"]!);
      // Slow enough that both instances' workers hold claims at once.
      setTimeout(() => response.writeHead(200).end(), 5);
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const env = { DATABASE_URL: url, RATE_LIMIT_POST_PER_MINUTE: "100000", WEBHOOK_ALLOW_NETWORKS: "127.0.0.1/32" };
  sites.push(...(await Promise.all([startSite({ env, timeoutMs: 60_000 }), startSite({ env, timeoutMs: 60_000 })])));
  const now = new Date().toISOString();
  await db.query(
    "insert into webhook_endpoints (id, url, events, enabled, secret, created_at, created_by, updated_at, updated_by) values ($1, $2, $3, 1, $4, $5, $6, $5, $6)",
    ["0190a8e0-0000-7000-8000-0000000000aa", `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`, JSON.stringify(["lead.created"]), secret, now, "admin@example.com"],
  );
}, 120_000);

afterAll(async () => {
  await Promise.all(sites.map((site) => site.stop()));
  await new Promise<void>((resolve) => receiver?.close(() => resolve()));
  await db?.end();
  await postgres?.stop();
});

it("delivers each event once across two instances", async () => {
  const answers = await Promise.all(
    Array.from({ length: SIGN_UPS }, (_, i) => postJson(`${sites[i % 2]!.url}/newsletter`, { email: `pg-${i}@example.com` }, { "x-forwarded-for": `198.51.100.${i % 250}` })),
  );
  expect(answers.every((answer) => answer.status === 200)).toBe(true);
  await expect.poll(() => received.length, { timeout: 60_000, interval: 250 }).toBe(SIGN_UPS);
  // Stopped, each instance has finished the deliveries it had under way: a second copy of any
  // event would have arrived by now.
  expect(await Promise.all(sites.map((site) => site.stop()))).toEqual(sites.map(() => ({ code: 0, signal: null })));
  expect(received).toHaveLength(SIGN_UPS);
  expect(new Set(received).size).toBe(SIGN_UPS);
  const { rows } = await db.query<{ status: string; n: string }>("select status, count(*) as n from webhook_deliveries group by status");
  expect(rows).toEqual([{ status: "delivered", n: String(SIGN_UPS) }]);
}, 120_000);
