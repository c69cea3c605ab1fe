import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { backgroundCheckpoints } from "./sqlite-checkpoints";
import { SqliteDatabase } from "./sqlite-driver";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe("backgroundCheckpoints", () => {
  it("the writing connection never checkpoints; a worker thread copies the WAL into the database file", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "checkpoints-"));
    dirs.push(dir);
    const file = path.join(dir, "site.db");
    const sqlite = new SqliteDatabase(file);
    sqlite.pragma("journal_mode = WAL");
    sqlite.exec("create table t (id integer primary key, body text not null)");
    const checkpoints = backgroundCheckpoints(sqlite, file, { walBytes: 64 * 1024, intervalMs: 20 });
    const insert = sqlite.prepare("insert into t (body) values (?)");
    const body = "x".repeat(1_000);
    // 8 MB: SQLite alone would have checkpointed in these commits (every 1,000 pages, 4 MB).
    for (let i = 0; i < 8; i++) sqlite.transaction(() => Array.from({ length: 1_000 }, () => insert.run(body)))();
    expect(fs.statSync(file).size).toBeLessThan(64 * 1024);

    await expect.poll(() => fs.statSync(file).size, { timeout: 10_000, interval: 20 }).toBeGreaterThan(7_000_000);
    expect(sqlite.prepare("select count(*) as n from t").get()).toEqual({ n: 8_000 });
    await checkpoints.close();
    sqlite.close();
    const reopened = new SqliteDatabase(file, { readonly: true });
    expect(reopened.prepare("select count(*) as n from t").get()).toEqual({ n: 8_000 });
    reopened.close();
  });
});
