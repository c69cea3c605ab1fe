/**
 * Debian's nginx in the foreground (`daemon off`) from its own prefix folder, with a config the
 * caller writes: the launcher shared by the TLS reverse proxy (tls-proxy.ts) and the round-robin
 * load balancer (load-balancer.ts).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** Debian's nginx is in /usr/sbin, which a non-root PATH may lack. */
export const NGINX = existsSync("/usr/sbin/nginx") ? "/usr/sbin/nginx" : "nginx";
export const INSTALL_HINT = "install Debian's nginx and openssl (apt-get install -y nginx openssl), as .ci/run does";

/** The `http {}` lines every test nginx shares: its access log format, temp paths in `dir`. */
export function nginxHttpBasics(dir: string): string {
  return `  log_format proxied '$remote_addr "$http_x_forwarded_for" "$request" $status upstream=$upstream_addr conn=$connection reqs=$connection_requests';
  access_log ${dir}/access.log proxied;
  client_body_temp_path ${dir}/temp/body;
  proxy_temp_path ${dir}/temp/proxy;
  fastcgi_temp_path ${dir}/temp/fastcgi;
  uwsgi_temp_path ${dir}/temp/uwsgi;
  scgi_temp_path ${dir}/temp/scgi;
  default_type application/octet-stream;
  server_tokens off;`;
}

/** The top of every test nginx config: foreground, pid and error log in `dir`. */
export function nginxMain(dir: string, asRoot: boolean): string {
  return `daemon off;
master_process on;
worker_processes 1;
${asRoot ? "user root root;  # workers must write the temp paths below" : ""}
pid ${dir}/nginx.pid;
error_log ${dir}/error.log notice;

events {
  worker_connections 1024;
}`;
}

export interface RunningNginx {
  pid: number;
  errorLog: () => string;
  accessLog: () => string[];
  /** Fast shutdown (SIGTERM: the master stops its workers). */
  stop: () => Promise<void>;
}

export type NginxLaunch = { ok: true; nginx: RunningNginx } | { ok: false; bindFailed: boolean; log: string };

const running = new Set<ChildProcess>();
process.once("exit", () => {
  // SIGTERM, not SIGKILL: the master then stops its workers, which would otherwise keep the port.
  for (const child of running) child.kill("SIGTERM");
});

/** Writes `config` to dir/nginx.conf and starts nginx; up once its pid file names it. */
export async function launchNginx(dir: string, config: string): Promise<NginxLaunch> {
  const configFile = join(dir, "nginx.conf");
  const pidFile = join(dir, "nginx.pid");
  const errorFile = join(dir, "error.log");
  writeFileSync(configFile, config);
  rmSync(pidFile, { force: true });
  rmSync(errorFile, { force: true });

  // -e: the error log before the config is read (else nginx opens /var/log/nginx/error.log).
  const child = spawn(NGINX, ["-p", `${dir}/`, "-c", configFile, "-e", errorFile], { stdio: ["ignore", "pipe", "pipe"] });
  running.add(child);
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  let exited = false;
  const exit = new Promise<void>((resolve) => {
    child.once("exit", () => {
      exited = true;
      running.delete(child);
      resolve();
    });
    child.once("error", (error) => {
      output += `\n${error.message}`;
      exited = true;
      running.delete(child);
      resolve();
    });
  });
  const readError = () => (existsSync(errorFile) ? readFileSync(errorFile, "utf8") : "");

  // nginx writes its pid file once the listening sockets are bound: that, not a TCP probe (another
  // run's proxy may answer on the same port), says this nginx is up.
  const deadline = Date.now() + 10_000;
  while (!exited && !(existsSync(pidFile) && readFileSync(pidFile, "utf8").trim() === String(child.pid))) {
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      await exit;
      return { ok: false, bindFailed: false, log: `timed out waiting for ${pidFile}\n${output}\n${readError()}` };
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  if (exited) {
    const log = `${output}\n${readError()}`;
    return { ok: false, bindFailed: /bind\(\) to .* failed/.test(log), log };
  }
  return {
    ok: true,
    nginx: {
      pid: child.pid ?? -1,
      errorLog: readError,
      accessLog: () => {
        const file = join(dir, "access.log");
        return existsSync(file) ? readFileSync(file, "utf8").split("\n").filter(Boolean) : [];
      },
      async stop() {
        if (exited) return;
        child.kill("SIGTERM");
        const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
        await exit;
        clearTimeout(timer);
      },
    },
  };
}
