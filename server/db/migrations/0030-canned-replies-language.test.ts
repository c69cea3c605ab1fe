import { type Kysely, Migrator } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATABASE_ENGINES } from "../../../tests/support/engines";
import { type DatabaseHandle, isUniqueViolation, migrateToLatest, openDatabase } from "../database";
import { migrations } from "./index";

type Rows = Record<string, string | null>;

describe.each(DATABASE_ENGINES)("0030 on $name", (engine) => {
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

  it("keeps the canned replies stored so far as English, and allows one per key and language", async () => {
    const migrator = new Migrator({ db: handle.db, provider: { getMigrations: () => Promise.resolve(migrations) } });
    expect((await migrator.migrateTo("0029-lead-language")).error).toBeUndefined();
    const db = handle.db as unknown as Kysely<{ canned_replies: Rows }>;
    await db
      .insertInto("canned_replies")
      .values([
        { key: "general", body: "Hello {name},\n\nEdited by Ann.", updated_at: "2026-11-01T10:00:00.000Z", updated_by: "ann@heavyroute.example" },
        { key: "Token", body: "Hello {name},\n\nTokens.", updated_at: "2026-11-01T09:00:00.000Z", updated_by: null },
      ])
      .execute();

    await migrateToLatest(handle.db);
    expect(await db.selectFrom("canned_replies").selectAll().orderBy("updated_at").execute()).toEqual([
      { key: "Token", language: "en", body: "Hello {name},\n\nTokens.", updated_at: "2026-11-01T09:00:00.000Z", updated_by: null },
      { key: "general", language: "en", body: "Hello {name},\n\nEdited by Ann.", updated_at: "2026-11-01T10:00:00.000Z", updated_by: "ann@heavyroute.example" },
    ]);
    await db.insertInto("canned_replies").values({ key: "general", language: "fr", body: "Bonjour {name},", updated_at: "2026-11-02T10:00:00.000Z", updated_by: null }).execute();
    const twice = await db
      .insertInto("canned_replies")
      .values({ key: "general", language: "fr", body: "Encore", updated_at: "2026-11-02T10:00:00.000Z", updated_by: null })
      .execute()
      .then(
        () => "inserted",
        (error: unknown) => (isUniqueViolation(error) ? "refused" : String(error)),
      );
    expect(twice).toBe("refused");
  });
});
