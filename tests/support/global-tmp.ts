/**
 * Vitest globalSetup for every project: the run's temporary files (servers' data directories,
 * PostgreSQL clusters, proxies' configurations, browser profiles) go under one directory, removed
 * when the run ends. Set as TMPDIR, which os.tmpdir() and the processes the tests start read.
 * Without it, a worker ended by Vitest never ran its own clean-up and /tmp kept every data
 * directory of every run.
 */
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

declare global {
  // Every project's globalSetup runs in Vitest's main process: one directory, removed by the last.
  var __testTmp: { dir: string; users: number } | undefined;
}

export default function setup(): () => void {
  if (!globalThis.__testTmp) {
    const dir = mkdtempSync(join(tmpdir(), "heavyroute-tests-"));
    // Like /tmp: PostgreSQL, started as root, runs as the user `postgres` and makes its own directory here.
    chmodSync(dir, 0o1777);
    globalThis.__testTmp = { dir, users: 0 };
    process.env.TMPDIR = dir;
  }
  const shared = globalThis.__testTmp;
  shared.users += 1;
  return () => {
    shared.users -= 1;
    if (shared.users === 0 && process.env.KEEP_TEST_TMP !== "1") rmSync(shared.dir, { recursive: true, force: true });
  };
}
