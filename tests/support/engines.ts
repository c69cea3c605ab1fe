import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import type { Config } from "../../server/config";
import { type DatabaseHandle, migrateToLatest, openDatabase } from "../../server/db/database";
import { startPostgres } from "./postgres";

export interface DatabaseEngine {
  name: string;
  /** A new empty database of this engine, and how to remove it. */
  open: () => Promise<{ config: Config["database"]; cleanup: () => Promise<void> }>;
}

/** A SQLite file in a new temporary directory. */
export const SQLITE_ENGINE: DatabaseEngine = {
  name: "SQLite",
  open: () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sqlite-test-"));
    return Promise.resolve({
      config: { kind: "sqlite", file: path.join(dir, "site.db") },
      cleanup: () => Promise.resolve(fs.rmSync(dir, { recursive: true, force: true })),
    });
  },
};

/** A new database on a real PostgreSQL. */
export const POSTGRES_ENGINE: DatabaseEngine = {
  name: "PostgreSQL",
  open: async () => {
    const pg = await startPostgres();
    return { config: { kind: "postgres", url: pg.url }, cleanup: () => pg.stop() };
  },
};

/** The two engines the data layer runs on, for tests that must behave the same on both. */
export const DATABASE_ENGINES: DatabaseEngine[] = [SQLITE_ENGINE, POSTGRES_ENGINE];

/**
 * A migrated database of `engine` for the tests of the calling describe block: opened (and
 * migrated) before them, closed and removed after them. Returns the open handle.
 */
export function migratedDatabase(engine: DatabaseEngine): () => DatabaseHandle {
  let handle: DatabaseHandle | undefined;
  let cleanup: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const opened = await engine.open();
    cleanup = opened.cleanup;
    handle = openDatabase(opened.config);
    await migrateToLatest(handle.db);
  }, 60_000);
  afterAll(async () => {
    await handle?.close();
    await cleanup?.();
  });
  return () => {
    if (!handle) throw new Error(`the ${engine.name} database is opened before the tests run`);
    return handle;
  };
}
