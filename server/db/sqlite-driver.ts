/**
 * better-sqlite3, in the build that is safe on the Node running us (./sqlite-package.ts says
 * which and why). Import SQLite from here, never from "better-sqlite3" directly (ESLint enforces
 * it). Loading this module loads the driver: the server itself does so only on its database
 * thread, so it does not import this.
 */
import { createRequire } from "node:module";
import type BetterSqlite3 from "better-sqlite3";
import { driverLoadError, SQLITE_DRIVER_PACKAGE } from "./sqlite-package";

export { SQLITE_DRIVER_PACKAGE };

function load(): typeof BetterSqlite3 {
  try {
    return createRequire(import.meta.url)(SQLITE_DRIVER_PACKAGE) as typeof BetterSqlite3;
  } catch (error) {
    throw driverLoadError(error);
  }
}

/** The better-sqlite3 `Database` class. */
export const SqliteDatabase = load();
/** An open better-sqlite3 database. */
export type SqliteDb = BetterSqlite3.Database;
