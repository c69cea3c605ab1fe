import { type Kysely, Migrator } from "kysely";
import { afterAll, expect, it } from "vitest";
import { SQLITE_ENGINE } from "../../../tests/support/engines";
import { migrateToLatest, openDatabase } from "../database";
import { migrations } from "./index";

const opened = await SQLITE_ENGINE.open();
const handle = openDatabase(opened.config);

afterAll(async () => {
  await handle.close();
  await opened.cleanup();
});

it("0014: the team's notes and handled marks on an information request follow the kind's new name", async () => {
  const migrator = new Migrator({ db: handle.db, provider: { getMigrations: () => Promise.resolve(migrations) } });
  expect((await migrator.migrateTo("0013-email-lookups-indexed")).error).toBeUndefined();
  const old = handle.db as unknown as Kysely<{ lead_states: Record<string, string>; lead_notes: Record<string, string> }>;
  const at = "2026-05-01T10:00:00.000Z";
  await old.insertInto("lead_states").values([
    { lead_kind: "information", lead_id: "r1", status: "handled", updated_at: at, updated_by: "ann@example.com" },
    { lead_kind: "contact", lead_id: "c1", status: "handled", updated_at: at, updated_by: "ann@example.com" },
  ]).execute();
  await old.insertInto("lead_notes").values({ id: "n1", lead_kind: "information", lead_id: "r1", author: "ann@example.com", body: "Called back.", created_at: at }).execute();

  await migrateToLatest(handle.db);
  expect(await handle.db.selectFrom("lead_states").select(["lead_kind", "lead_id"]).orderBy("lead_id").execute()).toEqual([
    { lead_kind: "contact", lead_id: "c1" },
    { lead_kind: "information-request", lead_id: "r1" },
  ]);
  expect(await handle.db.selectFrom("lead_notes").select(["lead_kind", "body"]).execute()).toEqual([{ lead_kind: "information-request", body: "Called back." }]);
});
