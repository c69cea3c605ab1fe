import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATABASE_ENGINES } from "../../tests/support/engines";
import type { Config } from "../config";
import { type DatabaseHandle, migrateToLatest, openDatabase } from "./database";
import { refundSlot, sweepCounters, takeRollingSlot } from "./counters";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const at = (iso: string) => new Date(iso);

describe.each(DATABASE_ENGINES)("rolling limits on $name", (engine) => {
  let config: Config["database"];
  let handle: DatabaseHandle;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    ({ config, cleanup } = await engine.open());
    handle = openDatabase(config);
    await migrateToLatest(handle.db);
  }, 60_000);
  afterAll(async () => {
    await handle?.close();
    await cleanup?.();
  });
  const database = () => handle;

  it("allows `limit` in any window, not `limit` again when a clock hour starts", async () => {
    const { db } = database();
    const scope = "test:hour-edge";
    for (let i = 0; i < 20; i++) expect(await takeRollingSlot(db, scope, 20, HOUR, at("2026-11-26T10:59:00.000Z"))).toBeDefined();
    expect(await takeRollingSlot(db, scope, 20, HOUR, at("2026-11-26T10:59:30.000Z"))).toBeUndefined();
    expect(await takeRollingSlot(db, scope, 20, HOUR, at("2026-11-26T11:00:00.000Z"))).toBeUndefined();
    expect(await takeRollingSlot(db, scope, 20, HOUR, at("2026-11-26T11:58:59.999Z"))).toBeUndefined();
    // An hour after the first 20, they leave the window one by one as they were taken.
    expect((await takeRollingSlot(db, scope, 20, HOUR, at("2026-11-26T11:59:00.000Z")))?.count).toBe(1);
  });

  it("slides: a slot counts for exactly its window, and a refunded one not at all", async () => {
    const { db } = database();
    const scope = "test:slide";
    const first = await takeRollingSlot(db, scope, 2, HOUR, at("2026-11-26T10:00:00.000Z"));
    const second = await takeRollingSlot(db, scope, 2, HOUR, at("2026-11-26T10:30:00.000Z"));
    expect([first?.count, second?.count]).toEqual([1, 2]);
    expect(await takeRollingSlot(db, scope, 2, HOUR, at("2026-11-26T10:59:59.999Z"))).toBeUndefined();
    expect((await takeRollingSlot(db, scope, 2, HOUR, at("2026-11-26T11:00:00.000Z")))?.count).toBe(2);
    expect(await takeRollingSlot(db, scope, 2, HOUR, at("2026-11-26T11:10:00.000Z"))).toBeUndefined();
    await refundSlot(db, second!.slot);
    expect((await takeRollingSlot(db, scope, 2, HOUR, at("2026-11-26T11:10:00.000Z")))?.count).toBe(2);
  });

  it("is exact under concurrency, also from two connections sharing the database (two instances)", async () => {
    const { db } = database();
    // On PostgreSQL a second pool is a second instance; SQLite is one process's file.
    const other = config.kind === "postgres" ? openDatabase(config) : undefined;
    try {
      const now = at("2026-11-26T12:00:00.000Z");
      const takes = await Promise.all(Array.from({ length: 40 }, (_, i) => takeRollingSlot(i % 2 && other ? other.db : db, "test:burst", 20, HOUR, now)));
      expect(takes.filter(Boolean)).toHaveLength(20);
      expect(takes.flatMap((take) => (take ? [take.count] : [])).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    } finally {
      await other?.close();
    }
  });

  it("the counter sweep removes slots once they have left their window", async () => {
    const { db } = database();
    const scope = "test:sweep";
    await takeRollingSlot(db, scope, 5, HOUR, at("2026-11-26T13:00:00.000Z"));
    await takeRollingSlot(db, scope, 5, HOUR, at("2026-11-26T13:30:00.000Z"));
    const rows = () => db.selectFrom("chat_counters").select("period").where("scope", "=", scope).execute();
    await sweepCounters(db, at("2026-11-26T14:10:00.000Z"));
    expect(await rows()).toHaveLength(1);
    await sweepCounters(db, at("2026-11-26T14:40:00.000Z"));
    expect(await rows()).toHaveLength(0);
  });

});
