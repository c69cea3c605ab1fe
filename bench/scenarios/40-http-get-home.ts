/**
 * Issue 12: GET / against Debian's nginx serving the very same HTML file, in the same run:
 * requests per second and p99 with 50 connections for 10 s, and the ratio (budget ≥ 0.5×).
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
import { createServer } from "node:net";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { startProductionServer } from "../production-server";
import { verdict, type Scenario } from "../types";

const NGINX = existsSync("/usr/sbin/nginx") ? "/usr/sbin/nginx" : "nginx";
const CONNECTIONS = 50;
const DURATION_S = 10;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

async function nginxInstalled(): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(NGINX, ["-v"], { stdio: "ignore" });
    child.once("error", () => resolve(false));
    child.once("exit", (code) => resolve(code === 0));
  });
}

/** nginx in the foreground from a temp prefix, serving `html` as / (and its .gz beside it). */
async function startNginx(html: Buffer): Promise<{ url: string; stop: () => Promise<void> }> {
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
worker_processes 1;
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

async function hammer(url: string) {
  const options = { url: `${url}/`, connections: CONNECTIONS, headers: { "accept-encoding": "gzip" } };
  await autocannon({ ...options, duration: 2 }); // warm-up: JIT, the page compressed once
  return autocannon({ ...options, duration: DURATION_S });
}

const scenario: Scenario = {
  name: "GET /",
  async run(ctx) {
    const site = startProductionServer(ctx.repoRoot);
    let siteResult;
    let html: Buffer;
    const siteUrl = `http://127.0.0.1:${await site.port}`;
    try {
      html = Buffer.from(await (await fetch(`${siteUrl}/`, { headers: { "accept-encoding": "identity" } })).arrayBuffer());
      siteResult = await hammer(siteUrl);
    } finally {
      await site.stop();
    }
    const row = (name: string, r: autocannon.Result) => [name, Math.round(r.requests.average), r.latency.p50, r.latency.p99, r.latency.max, r["2xx"], r.non2xx, r.errors + r.timeouts];
    const rows = [row("site (node build/app-server.js)", siteResult)];
    const notes: string[] = [];
    if (await nginxInstalled()) {
      const nginx = await startNginx(html);
      let nginxResult;
      try {
        nginxResult = await hammer(nginx.url);
      } finally {
        await nginx.stop();
      }
      rows.push(row("nginx, same file (1 worker, gzip_static)", nginxResult));
      const ratio = siteResult.requests.average / nginxResult.requests.average;
      notes.push(`site ÷ nginx: ${ratio.toFixed(2)}× — budget ≥ 0.5×: ${verdict(ratio >= 0.5, `${ratio.toFixed(2)}×`)}`);
    } else {
      notes.push("nginx not installed: no ratio (apt-get install -y nginx)");
    }
    notes.push(
      `The page: ${html.length} bytes (${gzipSync(html, { level: 9 }).length} gzip); both asked with Accept-Encoding: gzip; both log each request to a file.`,
      `Machine load average at the end: ${loadavg().map((n) => n.toFixed(1)).join(" ")} (numbers fall when other work shares the cores).`,
    );
    return [
      {
        title: `GET / (autocannon, ${CONNECTIONS} connections, ${DURATION_S} s): the site against nginx serving the same file`,
        columns: ["server", "req/s (mean)", "p50 ms", "p99 ms", "max ms", "2xx", "non-2xx", "errors"],
        rows,
        notes,
      },
    ];
  },
};
export default scenario;
