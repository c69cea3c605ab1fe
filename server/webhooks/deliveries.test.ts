/**
 * The webhook worker against a real receiver on loopback (allowed here), on SQLite: a 2xx is
 * delivered, a redirect is a failed attempt (never followed), a receiver that does not answer in
 * time is a failed attempt, an IP literal in a refused range is never connected to; a disabled
 * endpoint's delivery waits.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migratedDatabase, SQLITE_ENGINE } from "../../tests/support/engines";
import { createLogger } from "../logger";
import { WebhookAddressPolicy } from "./address-policy";
import { WebhookWorker } from "./deliveries";
import { emitWebhookEvent } from "./events";
import { newWebhookSecret } from "./signing";

describe("WebhookWorker", () => {
  const database = migratedDatabase(SQLITE_ENGINE);
  const hits: string[] = [];
  let receiver: http.Server;
  let base = "";

  beforeAll(async () => {
    receiver = http.createServer((request, response) => {
      hits.push(request.url ?? "");
      request.resume();
      if (request.url === "/redirect") response.writeHead(302, { location: `${base}/ok` }).end();
      else if (request.url === "/slow") setTimeout(() => response.writeHead(200).end(), 2_000);
      else response.writeHead(request.url === "/ok" ? 204 : 500).end();
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    receiver.closeAllConnections();
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  });

  it("delivers on 2xx only, follows no redirect, times out, never connects to a refused address", async () => {
    const { db } = database();
    const now = new Date().toISOString();
    const endpoints = { ok: `${base}/ok`, redirect: `${base}/redirect`, slow: `${base}/slow`, private: "http://10.0.0.5/hooks", disabled: `${base}/ok` };
    for (const [name, url] of Object.entries(endpoints)) {
      await db
        .insertInto("webhook_endpoints")
        .values({ id: `0190a8e0-0000-7000-8000-${name.padStart(12, "0")}`, url, events: JSON.stringify(["person.erased"]), enabled: 1, secret: newWebhookSecret(), created_at: now, created_by: "a@example.com", updated_at: now, updated_by: "a@example.com" })
        .execute();
    }
    expect(await emitWebhookEvent(db, "person.erased", { email: "ann@example.com" })).toBe(5);
    await db.updateTable("webhook_endpoints").set({ enabled: 0 }).where("id", "like", "%disabled").execute();
    const worker = new WebhookWorker(db, new WebhookAddressPolicy(["127.0.0.1/32"]), createLogger("silent"), { timeoutMs: 300, retryBaseMs: 60_000 });
    await worker.start();
    try {
      const attempted = () => db.selectFrom("webhook_deliveries").select("id").where("last_attempt_at", "is not", null).execute();
      await expect.poll(async () => (await attempted()).length, { timeout: 10_000 }).toBe(4);
    } finally {
      await worker.stop();
    }
    const rows = await db.selectFrom("webhook_deliveries").select(["endpoint_id", "status", "attempts", "last_status", "last_error"]).orderBy("endpoint_id").execute();
    const of = (name: string) => rows.find((row) => row.endpoint_id.endsWith(name))!;
    expect(of("ok")).toMatchObject({ status: "delivered", attempts: 1, last_status: 200, last_error: null });
    expect(of("redirect")).toMatchObject({ status: "pending", attempts: 1, last_status: 302, last_error: "HTTP 302: redirects are not followed" });
    expect(of("slow")).toMatchObject({ status: "pending", attempts: 1, last_status: null, last_error: "no answer within 300 ms" });
    expect(of("private")).toMatchObject({ status: "pending", attempts: 1, last_error: expect.stringMatching(/^refused: 10\.0\.0\.5 is a private network address/) as unknown });
    expect(of("disabled")).toMatchObject({ status: "pending", attempts: 0, last_error: null });
    // /ok was reached once: by its own endpoint, not through the redirect.
    expect(hits.filter((hit) => hit === "/ok")).toHaveLength(1);
  });
});
