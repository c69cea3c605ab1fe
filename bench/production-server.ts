/** The production server as the throughput scenarios run it: its own process, logs to a file. */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * The production server (`node build/app-server.js`) with its JSON logs (info level: one line per
 * request and per mail) written to a file, as in production, where a separate process (journald,
 * the container runtime) reads them: the harness's startSite() parses every log line inside the
 * bench process, which would compete with autocannon for the CPU.
 */
export function startProductionServer(repoRoot: string, env: Record<string, string> = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), "bench-site-"));
  const log = openSync(join(dataDir, "server.log"), "a");
  const child = spawn(process.execPath, ["build/app-server.js"], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: "0",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      SMTP_URL: "",
      LOG_LEVEL: "info",
      RATE_LIMIT_POST_PER_MINUTE: "100000000",
      ...env,
    },
    stdio: ["ignore", log, "inherit"],
  });
  return waitForPort(child, dataDir, () => {
    const lines = readFileSync(join(dataDir, "server.log"), "utf8").split("\n");
    for (const line of lines) {
      const match = /"url":"http:\/\/127\.0\.0\.1:(\d+)"/.exec(line);
      if (match) return Number(match[1]);
    }
    return undefined;
  });
}

export function waitForPort(child: ChildProcess, dataDir: string, findPort: () => number | undefined) {
  const port = new Promise<number>((resolve, reject) => {
    const timer = setInterval(() => {
      const found = findPort();
      if (found) {
        clearInterval(timer);
        resolve(found);
      }
    }, 50);
    child.once("exit", (code) => {
      clearInterval(timer);
      reject(new Error(`server exited (${code})`));
    });
  });
  // Stopping leaves the data directory: removing tens of thousands of .eml files keeps the disk
  // (and the kernel's CPU time) busy for seconds, which the next server measured would pay for.
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
    }
  };
  /** Removes the data directory: once every measurement of the scenario is done. */
  const remove = () => rmSync(dataDir, { recursive: true, force: true });
  return { port, stop, remove, dataDir, pid: child.pid };
}

