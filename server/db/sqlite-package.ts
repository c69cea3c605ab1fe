/**
 * Which better-sqlite3 build is safe on the Node running us. The server loads it only on its
 * database thread (server/db/sqlite-thread.ts); scripts and tests load it with sqlite-driver.ts.
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

/** The package this process loads: "better-sqlite3" (13) or "better-sqlite3-12". */
export const SQLITE_DRIVER_PACKAGE = Number(process.versions.napi) >= 10 ? "better-sqlite3" : "better-sqlite3-12";

/** Why the driver cannot be loaded, and what to do. */
export function driverLoadError(error: unknown): Error {
  return new Error(
    `Cannot load ${SQLITE_DRIVER_PACKAGE} (the SQLite driver for Node ${process.version}, Node-API ${process.versions.napi}): ` +
      `run \`npm ci\` with this Node. ${error instanceof Error ? error.message : String(error)}`,
    { cause: error },
  );
}

/** The driver's entry file, for a thread to `require`. */
export function driverPath(): string {
  try {
    return createRequire(import.meta.url).resolve(SQLITE_DRIVER_PACKAGE);
  } catch (error) {
    throw driverLoadError(error);
  }
}
