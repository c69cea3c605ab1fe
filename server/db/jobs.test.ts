import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type DatabaseHandle, migrateToLatest, openDatabase } from "./database";
import { claimJobRun } from "./jobs";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "jobs-"));
let handle: DatabaseHandle;

beforeAll(async () => {
  handle = openDatabase({ kind: "sqlite", file: path.join(dir, "site.db") });
  await migrateToLatest(handle.db);
});

afterAll(async () => {
  await handle.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

it("a job runs once per period, however many instances ask at once", async () => {
  const now = new Date("2026-11-22T10:00:00.000Z");
  const asks = await Promise.all(Array.from({ length: 10 }, () => claimJobRun(handle.db, "purge", 3_600_000, now)));
  expect(asks.filter(Boolean)).toHaveLength(1);
  expect(await claimJobRun(handle.db, "purge", 3_600_000, new Date("2026-11-22T10:59:59.000Z"))).toBe(false);
  expect(await claimJobRun(handle.db, "other", 3_600_000, now)).toBe(true);
  const nextHour = await Promise.all(Array.from({ length: 5 }, () => claimJobRun(handle.db, "purge", 3_600_000, new Date("2026-11-22T11:00:00.000Z"))));
  expect(nextHour.filter(Boolean)).toHaveLength(1);
});
