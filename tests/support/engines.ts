import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Config } from "../../server/config";
import { startPostgres } from "./postgres";

export interface DatabaseEngine {
  name: string;
  /** A new empty database of this engine, and how to remove it. */
  open: () => Promise<{ config: Config["database"]; cleanup: () => Promise<void> }>;
}

/** The two engines the data layer runs on, for tests that must behave the same on both. */
export const DATABASE_ENGINES: DatabaseEngine[] = [
  {
    name: "SQLite",
    open: () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sqlite-test-"));
      return Promise.resolve({
        config: { kind: "sqlite", file: path.join(dir, "site.db") },
        cleanup: () => Promise.resolve(fs.rmSync(dir, { recursive: true, force: true })),
      });
    },
  },
  {
    name: "PostgreSQL",
    open: async () => {
      const pg = await startPostgres();
      return { config: { kind: "postgres", url: pg.url }, cleanup: () => pg.stop() };
    },
  },
];
