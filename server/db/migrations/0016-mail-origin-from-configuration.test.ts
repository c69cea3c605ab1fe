import { type Kysely, Migrator } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATABASE_ENGINES } from "../../../tests/support/engines";
import { type DatabaseHandle, migrateToLatest, openDatabase } from "../database";
import { migrations } from "./index";

type Rows = Record<string, string | number | null>;

describe.each(DATABASE_ENGINES)("0016 on $name", (engine) => {
  let handle: DatabaseHandle;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    const opened = await engine.open();
    handle = openDatabase(opened.config);
    cleanup = opened.cleanup;
  });
  afterAll(async () => {
    await handle?.close();
    await cleanup?.();
  });

  it("drops the origins stored from requests, and keeps the subscribers and campaigns", async () => {
    const migrator = new Migrator({ db: handle.db, provider: { getMigrations: () => Promise.resolve(migrations) } });
    expect((await migrator.migrateTo("0014-lead-kind-names")).error).toBeUndefined();
    const old = handle.db as unknown as Kysely<{ subscribers: Rows; campaigns: Rows }>;
    const at = "2026-11-01T10:00:00.000Z";
    await old
      .insertInto("subscribers")
      .values({ id: "s1", email: "Ann@Example.com", email_normalized: "ann@example.com", subscribed_at: at, status: "active", notify_admin: "admin@example.com", origin: "http://evil.test", unsubscribe_key: "k1" })
      .execute();
    await old.insertInto("campaigns").values({ id: "c1", subject: "Launch", body: "Hello.", status: "draft", origin: "http://evil.test", created_by: "ann@example.com", created_at: at }).execute();

    await migrateToLatest(handle.db);
    const subscribers = await old.selectFrom("subscribers").selectAll().execute();
    expect(subscribers).toEqual([expect.objectContaining({ id: "s1", email: "Ann@Example.com", status: "active", unsubscribe_key: "k1" })]);
    expect(subscribers[0]).not.toHaveProperty("origin");
    const campaigns = await old.selectFrom("campaigns").selectAll().execute();
    expect(campaigns).toEqual([expect.objectContaining({ id: "c1", subject: "Launch", status: "draft" })]);
    expect(campaigns[0]).not.toHaveProperty("origin");
  });
});
