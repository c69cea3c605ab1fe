/**
 * The sign-up load the POST /newsletter scenario and the A/B harness (bench/ab.ts) put on a server:
 * unique addresses as JSON, 50 connections, a 5 s warm-up then 10 s measured.
 */
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { cpuTimes, stolenShare, worstStolen } from "./cpu-steal";
import { threadCpu, TICK_US } from "./process-cpu";
import { waitForPort } from "./production-server";

export const DURATION_S = 10;
export const CONNECTIONS = 50;

function uniqueBodies(prefix: string) {
  let n = 0;
  return (request: autocannon.Request): autocannon.Request => ({ ...request, body: JSON.stringify({ email: `${prefix}-${n++}@bench.example` }) });
}

/**
 * Warm-up: JIT, SQLite page cache. 5 s: the Express + React Router server is still getting
 * faster after 2 s (a tenth of its steady rate in its first seconds on this machine).
 */
async function warm(url: string, prefix: string) {
  return autocannon({
    url,
    connections: CONNECTIONS,
    duration: 5,
    requests: [{ method: "POST", headers: { "content-type": "application/json" }, setupRequest: uniqueBodies(`${prefix}-warm`) }],
  });
}

async function hammer(url: string, prefix: string) {
  return autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION_S,
    requests: [{ method: "POST", headers: { "content-type": "application/json" }, setupRequest: uniqueBodies(prefix) }],
  });
}

export function startBare(repoRoot: string, script = "bare-server.ts") {
  const dataDir = mkdtempSync(join(tmpdir(), "bench-bare-"));
  const child = spawn(process.execPath, ["--import", "tsx", `bench/scenarios/newsletter/${script}`], {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", SMTP_URL: "", NODE_ENV: "production" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return waitForPort(child, dataDir, () => {
    const match = /listening (\d+)/.exec(output);
    return match ? Number(match[1]) : undefined;
  });
}

export interface Drain {
  ms: number;
  sent: number;
  left: number;
}

export type Result = Awaited<ReturnType<typeof hammer>> & {
  emlFiles: number;
  stolen: number | undefined;
  mainThreadUs: number | undefined;
  /** After the load: the mails written while waiting for the rest (up to a limit), and how many were left. */
  drain?: Drain | undefined;
};

/** The .eml files a server's outbox had written into DATA_DIR/mail. */
function emlFiles(dataDir: string): number {
  const dir = join(dataDir, "mail");
  return existsSync(dir) ? readdirSync(dir).filter((file) => file.endsWith(".eml")).length : 0;
}

/** One server measured: started fresh, after the disk has settled (the previous server's files). */
export async function measure(server: ReturnType<typeof startBare>, prefix: string, options: { drainWithinMs?: number } = {}): Promise<Result> {
  try {
    const port = await server.port;
    execFileSync("sync");
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const url = `http://127.0.0.1:${port}/newsletter`;
    const warmed = await warm(url, `${prefix}-${Date.now()}`);
    const before = cpuTimes();
    const mainBefore = server.pid === undefined ? undefined : threadCpu(server.pid);
    const result = await hammer(url, `${prefix}-${Date.now()}`);
    const mainAfter = server.pid === undefined ? undefined : threadCpu(server.pid);
    const mainThreadUs = mainBefore === undefined || mainAfter === undefined || result["2xx"] === 0 ? undefined : ((mainAfter - mainBefore) * TICK_US) / result["2xx"];
    const stolen = stolenShare(before, cpuTimes());
    const written = emlFiles(server.dataDir);
    let drain: Drain | undefined;
    if (options.drainWithinMs) {
      // Every sign-up queues two mails: the welcome and the admin notice.
      const expected = 2 * (warmed["2xx"] + result["2xx"]);
      const started = performance.now();
      let now = emlFiles(server.dataDir);
      while (now < expected && performance.now() - started < options.drainWithinMs) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        now = emlFiles(server.dataDir);
      }
      drain = { ms: performance.now() - started, sent: now - written, left: Math.max(0, expected - now) };
    }
    return { ...result, emlFiles: written, stolen, mainThreadUs, drain };
  } finally {
    await server.stop();
  }
}

/** The rounds of one server as one result: mean req/s, the worst p50, p99 and max, the counts summed. */
export function combine(results: Result[]) {
  const sum = (pick: (r: Result) => number) => results.reduce((total, r) => total + pick(r), 0);
  return {
    rps: sum((r) => r.requests.average) / results.length,
    p50: Math.max(...results.map((r) => r.latency.p50)),
    p99: Math.max(...results.map((r) => r.latency.p99)),
    max: Math.max(...results.map((r) => r.latency.max)),
    ok: sum((r) => r["2xx"]),
    other: sum((r) => r.non2xx),
    errors: sum((r) => r.errors + r.timeouts),
    emlFiles: sum((r) => r.emlFiles),
    stolen: worstStolen(results.map((r) => r.stolen)),
    mainThreadUs: results.some((r) => r.mainThreadUs === undefined) ? undefined : sum((r) => r.mainThreadUs ?? 0) / results.length,
  };
}

