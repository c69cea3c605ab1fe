/**
 * GET / against Debian's nginx serving the very same HTML file, in the same run:
 * requests per second and p99 with 50 connections, and the ratio (budget ≥ 0.5×).
 *
 * The site runs twice: counting page views (server/analytics/, as deployed) and with ANALYTICS=off,
 * in turn in the same rounds; counting must keep ≥ 0.9× of the throughput without it. Every request
 * carries a browser's User-Agent, so each one is a page view the counting site writes.
 *
 * Both servers run as in production, as one process each: the site (`node build/app-server.js`,
 * one Node process, info-level access log to a file) and nginx with one worker (the site is one
 * Node process on one core), its access log to a file, `gzip_static` serving a gzip -9 copy of the
 * page made beforehand (the site too compresses a page once and keeps it). Both are asked with
 * `Accept-Encoding: gzip` so both send the same bytes. Without nginx the scenario says
 * "nginx not installed" and prints the site's numbers only.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { cpuTimes, percent, stolenShare, worstStolen } from "../cpu-steal";
import { openDatabase } from "../../server/db/database";
import { startProductionServer } from "../production-server";
import { freePort } from "../../tests/support/ports";
import { verdict, type Scenario } from "../types";

const NGINX = existsSync("/usr/sbin/nginx") ? "/usr/sbin/nginx" : "nginx";
const CONNECTIONS = 50;
/** A browser's: a request without a User-Agent (autocannon's default) is not counted. */
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

async function nginxInstalled(): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(NGINX, ["-v"], { stdio: "ignore" });
    child.once("error", () => resolve(false));
    child.once("exit", (code) => resolve(code === 0));
  });
}

/** nginx in the foreground from a temp prefix, serving `html` as / (and its .gz beside it). */
async function startNginx(html: Buffer, workers: "1" | "auto"): Promise<{ url: string; stop: () => Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), "bench-nginx-"));
  const root = join(dir, "www");
  mkdirSync(join(dir, "temp"));
  mkdirSync(root);
  writeFileSync(join(root, "index.html"), html);
  writeFileSync(join(root, "index.html.gz"), gzipSync(html, { level: 9 }));
  const port = await freePort();
  const asRoot = process.getuid?.() === 0;
  writeFileSync(
    join(dir, "nginx.conf"),
    `daemon off;
master_process on;
worker_processes ${workers};
${asRoot ? "user root root;" : ""}
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log ${dir}/access.log;
  client_body_temp_path ${dir}/temp/body;
  proxy_temp_path ${dir}/temp/proxy;
  fastcgi_temp_path ${dir}/temp/fastcgi;
  uwsgi_temp_path ${dir}/temp/uwsgi;
  scgi_temp_path ${dir}/temp/scgi;
  types { text/html html; }
  server_tokens off;
  keepalive_requests 100000;
  server {
    listen 127.0.0.1:${port};
    root ${root};
    index index.html;
    gzip_static on;
  }
}
`,
  );
  const child: ChildProcess = spawn(NGINX, ["-p", dir, "-c", join(dir, "nginx.conf")], { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${stderr}${existsSync(join(dir, "error.log")) ? readFileSync(join(dir, "error.log"), "utf8") : ""}`);
    try {
      if ((await fetch(`${url}/`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (i > 100) throw new Error("nginx did not answer in 5 s");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill("SIGTERM");
        await new Promise((resolve) => child.once("exit", resolve));
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}


/** Rounds of ROUND_S seconds, each server in turn, so the load of other work hits all alike. */
const ROUNDS = 3;
const ROUND_S = 4;

interface Tally {
  name: string;
  requests: number;
  seconds: number;
  p99: number[];
  max: number;
  ok: number;
  other: number;
  errors: number;
  /** The share of CPU time stolen by the hypervisor in each round (undefined: not Linux). */
  stolen: (number | undefined)[];
}

const scenario: Scenario = {
  name: "GET /",
  async run(ctx) {
    const stops: (() => Promise<void>)[] = [];
    try {
      const site = startProductionServer(ctx.repoRoot, { ANALYTICS: "on" });
      stops.push(async () => {
        await site.stop();
        site.remove();
      });
      const uncounted = startProductionServer(ctx.repoRoot, { ANALYTICS: "off" });
      stops.push(async () => {
        await uncounted.stop();
        uncounted.remove();
      });
      const siteUrl = `http://127.0.0.1:${await site.port}`;
      const html = Buffer.from(await (await fetch(`${siteUrl}/`, { headers: { "accept-encoding": "identity" } })).arrayBuffer());
      const targets = [
        { name: "site (node build/app-server.js), counting page views", url: siteUrl },
        { name: "site, ANALYTICS=off", url: `http://127.0.0.1:${await uncounted.port}` },
      ];
      const notes: string[] = [];
      const withNginx = await nginxInstalled();
      if (withNginx) {
        // One worker (one process, as the site) and nginx's own choice (one per core); the ratio
        // is taken against the faster of the two.
        for (const workers of ["1", "auto"] as const) {
          const nginx = await startNginx(html, workers);
          stops.push(nginx.stop);
          targets.push({ name: `nginx, same file (worker_processes ${workers}, gzip_static)`, url: nginx.url });
        }
      } else {
        notes.push("nginx not installed: no ratio (apt-get install -y nginx)");
      }
      const tallies: Tally[] = targets.map(({ name }) => ({ name, requests: 0, seconds: 0, p99: [], max: 0, ok: 0, other: 0, errors: 0, stolen: [] }));
      const options = (url: string, duration: number) => ({ url: `${url}/`, connections: CONNECTIONS, duration, headers: { "accept-encoding": "gzip", "user-agent": BROWSER } });
      for (const target of targets) await autocannon(options(target.url, 1)); // warm-up: JIT, the page compressed once
      for (let round = 0; round < ROUNDS; round++) {
        for (const [i, target] of targets.entries()) {
          const before = cpuTimes();
          const r = await autocannon(options(target.url, ROUND_S));
          const tally = tallies[i]!;
          tally.stolen.push(stolenShare(before, cpuTimes()));
          tally.requests += r.requests.total;
          tally.seconds += r.duration;
          tally.p99.push(r.latency.p99);
          tally.max = Math.max(tally.max, r.latency.max);
          tally.ok += r["2xx"];
          tally.other += r.non2xx;
          tally.errors += r.errors + r.timeouts;
        }
      }
      const rate = (t: Tally) => t.requests / t.seconds;
      // SIGTERM writes the views still in memory; then every 2xx answer of the counting site is a view.
      await site.stop();
      const database = openDatabase({ kind: "sqlite", file: join(site.dataDir, "site.db") });
      const counted = await database.db.selectFrom("analytics_page_views").select((eb) => eb.fn.countAll<number>().as("views")).executeTakeFirstOrThrow();
      await database.close();
      const counting = rate(tallies[0]!) / rate(tallies[1]!);
      notes.unshift(
        `counting ÷ ANALYTICS=off: ${counting.toFixed(2)}× — budget ≥ 0.9×: ${verdict(counting >= 0.9, `${counting.toFixed(2)}×`)}; page views written: ${Number(counted.views)} (the counting site's 2xx answers, warm-up included: ${tallies[0]!.ok} measured)`,
      );
      const rows = tallies.map((t) => [t.name, Math.round(rate(t)), Math.max(...t.p99), t.max, t.ok, t.other, t.errors, percent(worstStolen(t.stolen))]);
      if (withNginx) {
        const ratio = rate(tallies[0]!) / Math.max(...tallies.slice(2).map(rate));
        notes.unshift(`site ÷ the faster nginx: ${ratio.toFixed(2)}× — budget ≥ 0.5×: ${verdict(ratio >= 0.5, `${ratio.toFixed(2)}×`)}`);
      }
      notes.push(
        `The page: ${html.length} bytes (${gzipSync(html, { level: 9 }).length} gzip); all asked with Accept-Encoding: gzip; all log each request to a file.`,
        `${ROUNDS} rounds of ${ROUND_S} s, the servers in turn, after a 1 s warm-up each. Load average at the end: ${loadavg().map((n) => n.toFixed(1)).join(" ")}.`,
        "CPU stolen: the share of the machine's CPU time its hypervisor gave to other virtual machines during that server's worst round (/proc/stat); compare the ratios of runs with little stolen.",
      );
      return [
        {
          title: `GET / (autocannon, ${CONNECTIONS} connections): the site counting page views, without, and nginx serving the same file`,
          columns: ["server", "req/s (mean)", "worst p99 ms", "max ms", "2xx", "non-2xx", "errors", "CPU stolen (worst)"],
          rows,
          notes,
        },
      ];
    } finally {
      for (const stop of stops.reverse()) await stop();
    }
  },
};
export default scenario;
