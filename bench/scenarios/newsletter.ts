/**
 * Issue 3 budget: POST /newsletter (JSON, unique addresses, 50 connections, SQLite) ≥ 2,000 req/s,
 * p99 < 50 ms, and ≥ half the throughput of a bare node:http server doing the same validated insert.
 * Issue 12 budget: ≥ half the throughput of a bare node:http server running one INSERT per request
 * (./newsletter/insert-only-server.ts), with a p99 at most twice its p99.
 *
 * The site is started with RATE_LIMIT_POST_PER_MINUTE=100000000: the per-IP POST limit (default
 * 20 a minute) would otherwise answer 429 to a bench that comes from one address. Nothing else
 * changes: same middleware, same info-level logging (to a file), same mail worker (writing .eml
 * files, no SMTP_URL). Both servers run the mail worker; the bare one logs only warnings.
 */
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { startProductionServer, waitForPort } from "../production-server";
import { verdict, type Scenario } from "../types";

const DURATION_S = 10;
const CONNECTIONS = 50;

function uniqueBodies(prefix: string) {
  let n = 0;
  return (request: autocannon.Request): autocannon.Request => ({ ...request, body: JSON.stringify({ email: `${prefix}-${n++}@bench.example` }) });
}

async function hammer(url: string, prefix: string) {
  // Warm-up (JIT, SQLite page cache), then the measured run.
  await autocannon({
    url,
    connections: CONNECTIONS,
    duration: 2,
    requests: [{ method: "POST", headers: { "content-type": "application/json" }, setupRequest: uniqueBodies(`${prefix}-warm`) }],
  });
  return autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION_S,
    requests: [{ method: "POST", headers: { "content-type": "application/json" }, setupRequest: uniqueBodies(prefix) }],
  });
}

function startBare(repoRoot: string, script = "bare-server.ts") {
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

const scenario: Scenario = {
  name: "POST /newsletter",
  async run(ctx) {
    const site = startProductionServer(ctx.repoRoot);
    let siteResult;
    try {
      siteResult = await hammer(`http://127.0.0.1:${await site.port}/newsletter`, `site-${Date.now()}`);
    } finally {
      await site.stop();
    }
    const bare = startBare(ctx.repoRoot);
    let bareResult;
    try {
      bareResult = await hammer(`http://127.0.0.1:${await bare.port}/newsletter`, `bare-${Date.now()}`);
    } finally {
      await bare.stop();
    }
    const insertOnly = startBare(ctx.repoRoot, "insert-only-server.ts");
    let floorResult;
    try {
      floorResult = await hammer(`http://127.0.0.1:${await insertOnly.port}/newsletter`, `floor-${Date.now()}`);
    } finally {
      await insertOnly.stop();
    }
    for (const server of [site, bare, insertOnly]) server.remove();
    const row = (name: string, r: typeof siteResult) => [
      name,
      Math.round(r.requests.average),
      r.latency.p50,
      r.latency.p99,
      r.latency.max,
      r["2xx"],
      r.non2xx,
      r.errors + r.timeouts,
    ];
    const rps = siteResult.requests.average;
    const ratio = rps / bareResult.requests.average;
    const floorRatio = rps / floorResult.requests.average;
    const floorP99Ratio = siteResult.latency.p99 / floorResult.latency.p99;
    return [
      {
        title: `POST /newsletter, unique addresses (autocannon, ${CONNECTIONS} connections, ${DURATION_S} s, SQLite)`,
        columns: ["server", "req/s (mean)", "p50 ms", "p99 ms", "max ms", "2xx", "non-2xx", "errors"],
        rows: [
          row("site (every step; lead posts before Express)", siteResult),
          row("bare node:http, same work (our services)", bareResult),
          row("bare node:http, one INSERT (issue 12's floor)", floorResult),
        ],
        notes: [
          `req/s ≥ 2000: ${verdict(rps >= 2000, String(Math.round(rps)))}`,
          `p99 < 50 ms: ${verdict(siteResult.latency.p99 < 50, `${siteResult.latency.p99} ms`)}`,
          `≥ half the same-work bare server's throughput (issue 3): ${verdict(ratio >= 0.5, `${ratio.toFixed(2)}×`)}; its p99: ${(siteResult.latency.p99 / bareResult.latency.p99).toFixed(2)}×`,
          `≥ half the one-INSERT floor's throughput (issue 12): ${verdict(floorRatio >= 0.5, `${floorRatio.toFixed(2)}×`)}; p99 ≤ 2× the floor's: ${verdict(floorP99Ratio <= 2, `${floorP99Ratio.toFixed(2)}×`)}`,
          "Same work: the group-committed subscriber row with its consent record, the admin notice and the welcome mail queued in the same transaction, the outbox writing both as .eml files. The floor does none of it.",
          "The site runs with RATE_LIMIT_POST_PER_MINUTE=100000000 (the default per-IP limit would answer 429), logs at info level to a file.",
          `Machine load average at the end: ${loadavg().map((n) => n.toFixed(1)).join(" ")} (numbers fall when other work shares the cores).`,
        ],
      },
    ];
  },
};
export default scenario;
