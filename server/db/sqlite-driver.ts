/**
 * better-sqlite3, in the build that is safe on the Node running us. Import SQLite from here,
 * never from "better-sqlite3" directly (ESLint enforces it).
 *
 * - Node-API 10 or later (Node ≥ 22.14, every Node 24): better-sqlite3 13, a Node-API addon whose
 *   binaries ship inside the package (nothing is compiled at install).
 * - Node 20 (Node-API 9): better-sqlite3 12, installed under the alias `better-sqlite3-12` (an
 *   optional dependency, compiled from source by `npm ci`). 13 crashes there at the first query.
 *
 * Why not 12 everywhere: from Node 24.19, `node::ObjectWrap` (which 12 is built on) removes an
 * environment cleanup hook in its destructor, and that aborts the process (SIGABRT,
 * "Assertion failed: (env) != nullptr") whenever V8 collects a prepared statement outside a
 * JavaScript context, e.g. in an idle-time GC: on Node 24 the server died within a second of a
 * burst of queries. See docs/decisions/0008-node-versions.md.
 */
import { createRequire } from "node:module";
import type BetterSqlite3 from "better-sqlite3";

/** The package this process loads: "better-sqlite3" (13) or "better-sqlite3-12". */
export const SQLITE_DRIVER_PACKAGE = Number(process.versions.napi) >= 10 ? "better-sqlite3" : "better-sqlite3-12";

function load(): typeof BetterSqlite3 {
  const requireModule = createRequire(import.meta.url);
  try {
    return requireModule(SQLITE_DRIVER_PACKAGE) as typeof BetterSqlite3;
  } catch (error) {
    throw new Error(
      `Cannot load ${SQLITE_DRIVER_PACKAGE} (the SQLite driver for Node ${process.version}, Node-API ${process.versions.napi}): ` +
        `run \`npm ci\` with this Node. ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
}

/** The better-sqlite3 `Database` class. */
export const SqliteDatabase = load();
/** An open better-sqlite3 database. */
export type SqliteDb = BetterSqlite3.Database;
