/**
 * On Node 24.19+, better-sqlite3 12 aborted the process (SIGABRT, "Assertion failed:
 * (env) != nullptr" in node::RemoveEnvironmentCleanupHook) as soon as V8 collected a prepared
 * statement between two turns of the event loop; the server died mid-test. This churns
 * statements the way Kysely does (one per query) in a child process on the Node running the
 * tests, so it fails on any Node where the driver we load has that defect.
 */
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { SQLITE_DRIVER_PACKAGE, SqliteDatabase } from "./sqlite-driver";

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));

const CHURN = `
import { SqliteDatabase } from "./server/db/sqlite-driver.ts";
const db = new SqliteDatabase(":memory:");
db.exec("create table t (n integer, s text)");
const started = Date.now();
let statements = 0;
const round = () => {
  for (let i = 0; i < 500; i++) {
    db.prepare("insert into t (n, s) values (?, ?)").run(i, "x".repeat(40));
    db.prepare("select count(*) as c from t where n = ?").get(i);
    statements += 2;
  }
  const garbage = Array.from({ length: 2000 }, (_, i) => ({ i, s: "y".repeat(60) }));
  if (Date.now() - started < 2000) setImmediate(round);
  else {
    db.close();
    console.log(JSON.stringify({ statements, garbage: garbage.length }));
  }
};
round();
`;

describe("the SQLite driver", () => {
  it(`is the build for this Node (${process.version}, Node-API ${process.versions.napi}): ${SQLITE_DRIVER_PACKAGE}`, () => {
    expect(SQLITE_DRIVER_PACKAGE).toBe(Number(process.versions.napi) >= 10 ? "better-sqlite3" : "better-sqlite3-12");
    const db = new SqliteDatabase(":memory:");
    try {
      expect(db.prepare("select 1 + 1 as two").get()).toEqual({ two: 2 });
    } finally {
      db.close();
    }
  });

  it("survives garbage collection of thousands of prepared statements (no abort on Node 24)", () => {
    const child = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "--eval", CHURN], {
      cwd: repoRoot,
      encoding: "utf8",
      timeout: 12_000,
    });
    const output = `${child.stdout}\n${child.stderr}`;
    expect(output).not.toMatch(/Assertion failed|Native stack trace/);
    expect({ status: child.status, signal: child.signal }).toEqual({ status: 0, signal: null });
    const { statements } = JSON.parse(child.stdout.trim().split("\n").at(-1) ?? "{}") as { statements?: number };
    expect(statements).toBeGreaterThan(2000);
  });
});
