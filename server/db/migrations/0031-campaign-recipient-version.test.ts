import { type Kysely, Migrator, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATABASE_ENGINES } from "../../../tests/support/engines";
import { type DatabaseHandle, migrateToLatest, openDatabase } from "../database";
import { migrations } from "./index";

type Rows = Record<string, string | null>;

describe.each(DATABASE_ENGINES)("0031 on $name", (engine) => {
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

  it("gives the recipients stored so far the version the dispatcher picks for them", async () => {
    const migrator = new Migrator({ db: handle.db, provider: { getMigrations: () => Promise.resolve(migrations) } });
    expect((await migrator.migrateTo("0030-canned-replies-language")).error).toBeUndefined();
    const db = handle.db as unknown as Kysely<{ campaigns: Rows; subscribers: Rows; campaign_recipients: Rows }>;
    const at = "2026-11-01T10:00:00.000Z";
    await db
      .insertInto("subscribers")
      .values([
        { id: "s-en", email: "ann@example.com", email_normalized: "ann@example.com", subscribed_at: at, status: "active", notify_admin: "no", language: "en" },
        { id: "s-fr", email: "marie@example.com", email_normalized: "marie@example.com", subscribed_at: at, status: "active", notify_admin: "no", language: "fr" },
      ])
      .execute();
    const campaign = (id: string, subject: string, subject_fr: string) => ({ id, subject, body: subject ? "b" : "", subject_fr, body_fr: subject_fr ? "b" : "", status: "done", created_by: "lead@example.com", created_at: at });
    await db.insertInto("campaigns").values([campaign("english", "Hello", ""), campaign("french", "", "Bonjour"), campaign("both", "Hello", "Bonjour")]).execute();
    // "s-gone": a subscriber erased since (the recipient row stays, as the dispatcher finds it).
    const recipients = ["english", "french", "both"].flatMap((campaign_id) => ["s-en", "s-fr", "s-gone"].map((subscriber_id) => ({ campaign_id, subscriber_id, email: `${subscriber_id}@example.com`, status: "queued" })));
    await db.insertInto("campaign_recipients").values(recipients).execute();

    await migrateToLatest(handle.db);
    const rows = await db.selectFrom("campaign_recipients").select(["campaign_id", "subscriber_id", "language"]).orderBy("campaign_id").orderBy("subscriber_id").execute();
    expect(rows.map((row) => `${row.campaign_id} ${row.subscriber_id} ${row.language}`)).toEqual([
      "both s-en en",
      "both s-fr fr",
      "both s-gone en",
      "english s-en en",
      "english s-fr en",
      "english s-gone en",
      "french s-en fr",
      "french s-fr fr",
      "french s-gone fr",
    ]);
    // A recipient added later without a version is English (the column's default); the index holds it.
    await db.insertInto("campaign_recipients").values({ campaign_id: "both", subscriber_id: "s-new", email: "new@example.com", status: "waiting" }).execute();
    const { rows: added } = await sql<{ language: string }>`select language from campaign_recipients where campaign_id = 'both' and status = 'waiting'`.execute(db);
    expect(added).toEqual([{ language: "en" }]);
  });
});
