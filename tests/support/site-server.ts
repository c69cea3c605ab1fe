/**
 * The production server (`node build/app-server.js`) as a child process on a random loopback port.
 *
 *   const site = await startSite();                        // fresh temp DATA_DIR
 *   await fetch(`${site.url}/healthz`);
 *   await site.kill();                                     // SIGKILL, e.g. mid-burst
 *   const again = await startSite({ dataDir: site.dataDir }); // restart on the same data
 *   await again.stop();                                    // SIGTERM, resolves with the exit status
 *
 * The build must exist (the integration and e2e projects build once per run). With `dev: true` it
 * is `npm run dev` instead (Vite, no build), in its own process group.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { repoRoot } from "./paths";
import { CONFIG_VARIABLES } from "../../server/config";

/** Variables of the server's configuration: never inherited from the developer's shell. */
const SERVER_ENV: readonly string[] = CONFIG_VARIABLES;

export interface StartSiteOptions {
  /** Extra environment for the server (e.g. DATABASE_URL, SMTP_URL, AI_BASE_URL). */
  env?: Record<string, string>;
  /** Reuse a data directory (restart on the same SQLite file and outbox). Default: a new temp dir. */
  dataDir?: string;
  /** Milliseconds to wait for the "server listening" line. Default 20 000. */
  timeoutMs?: number;
  /** `npm run dev` (server/dev.ts through Vite) instead of the production build. */
  dev?: boolean;
}

export interface ExitStatus {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface Site {
  /** http://127.0.0.1:PORT, no trailing slash. */
  url: string;
  dataDir: string;
  pid: number;
  /** Milliseconds from spawn to the "server listening" line. */
  startupMs: number;
  /** SIGTERM, then waits for the exit (SIGKILL after 10 s, which rejects). */
  stop(): Promise<ExitStatus>;
  /** SIGKILL, then waits for the exit. */
  kill(): Promise<ExitStatus>;
  /** Every stdout and stderr line so far. */
  logs(): string[];
  /** Parsed JSON log lines so far (stdout lines that are JSON objects). */
  jsonLogs(): Record<string, unknown>[];
  /** Resolves with the first JSON log line (already seen or upcoming) that matches. */
  waitForLog(match: (line: Record<string, unknown>) => boolean, timeoutMs?: number): Promise<Record<string, unknown>>;
}

const createdDirs = new Set<string>();
const running = new Set<ChildProcess>();
const devChildren = new WeakSet<ChildProcess>();

/** `npm run dev` runs npm → tsx watch → node: a dev server is signalled as its whole process group. */
function signal(child: ChildProcess, dev: boolean, name: NodeJS.Signals): void {
  if (dev && child.pid !== undefined) {
    try {
      process.kill(-child.pid, name);
    } catch {
      // Already gone.
    }
  } else {
    child.kill(name);
  }
}

process.once("exit", () => {
  for (const child of running) signal(child, devChildren.has(child), "SIGKILL");
  for (const dir of createdDirs) rmSync(dir, { recursive: true, force: true });
});

export function startSite(options: StartSiteOptions = {}): Promise<Site> {
  const dev = options.dev ?? false;
  const entry = join(repoRoot, "build", "app-server.js");
  if (!dev && !existsSync(entry)) {
    return Promise.reject(new Error(`${entry} is missing: run \`npm run build\` (the test projects do it unless SKIP_BUILD=1)`));
  }
  let dataDir = options.dataDir;
  if (!dataDir) {
    dataDir = mkdtempSync(join(tmpdir(), "site-data-"));
    createdDirs.add(dataDir);
  }

  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && !SERVER_ENV.includes(key)) env[key] = value;
  }
  Object.assign(env, {
    NODE_ENV: dev ? "development" : "production",
    PORT: "0",
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    LOG_LEVEL: "info",
    ...options.env,
  });

  const started = performance.now();
  const child = dev
    ? spawn("npm", ["run", "dev", "--silent"], { cwd: repoRoot, env, stdio: ["ignore", "pipe", "pipe"], detached: true })
    : spawn(process.execPath, [entry], { cwd: repoRoot, env, stdio: ["ignore", "pipe", "pipe"] });
  running.add(child);
  if (dev) devChildren.add(child);
  const lines: string[] = [];
  const json: Record<string, unknown>[] = [];
  const stderr: string[] = [];
  const waiters = new Set<(line: Record<string, unknown>) => void>();
  let exitStatus: ExitStatus | undefined;
  const exited = new Promise<ExitStatus>((resolve) => {
    // A dev server has exited when its output closes: npm, tsx watch and the server all hold it.
    child.once(dev ? "close" : "exit", (code: number | null, signal: NodeJS.Signals | null) => {
      running.delete(child);
      exitStatus = { code, signal };
      // A server that ends on its own while a test uses it: its last words, where a failing
      // test's "connection refused" cannot show them.
      if (!terminating && listened) process.stderr.write(`\n[site-server] the server on ${dataDir} exited by itself (code ${code}, signal ${signal}). Last lines:\n${lines.slice(-30).join("\n")}\n`);
      resolve(exitStatus);
    });
  });
  let terminating = false;
  let listened = false;

  const splitLines = (onLine: (line: string) => void) => {
    let buffer = "";
    return (chunk: Buffer) => {
      buffer += chunk.toString("utf8");
      let newline: number;
      while ((newline = buffer.indexOf("\n")) >= 0) {
        onLine(buffer.slice(0, newline));
        buffer = buffer.slice(newline + 1);
      }
    };
  };
  child.stdout.on(
    "data",
    splitLines((line) => {
      lines.push(line);
      if (!line.startsWith("{")) return;
      try {
        const parsed = JSON.parse(line) as Record<string, unknown>;
        json.push(parsed);
        for (const waiter of waiters) waiter(parsed);
      } catch {
        // Not a log object.
      }
    }),
  );
  child.stderr.on(
    "data",
    splitLines((line) => {
      lines.push(line);
      stderr.push(line);
    }),
  );

  const waitForLog: Site["waitForLog"] = (match, timeoutMs = 10_000) => {
    const seen = json.find(match);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        waiters.delete(waiter);
        reject(new Error(`No matching log line within ${timeoutMs} ms. Last lines:\n${lines.slice(-20).join("\n")}`));
      }, timeoutMs);
      timer.unref();
      const waiter = (line: Record<string, unknown>) => {
        if (!match(line)) return;
        clearTimeout(timer);
        waiters.delete(waiter);
        resolve(line);
      };
      waiters.add(waiter);
    });
  };

  const terminate = async (name: NodeJS.Signals): Promise<ExitStatus> => {
    if (exitStatus) return exitStatus;
    terminating = true;
    signal(child, dev, name);
    if (name === "SIGKILL") return exited;
    const timer = setTimeout(() => signal(child, dev, "SIGKILL"), 10_000);
    const status = await exited;
    clearTimeout(timer);
    if (status.signal === "SIGKILL") throw new Error(`The server did not exit within 10 s of SIGTERM:\n${lines.slice(-20).join("\n")}`);
    return status;
  };

  const timeoutMs = options.timeoutMs ?? 20_000;
  const listening = waitForLog((line) => line.msg === "server listening" && typeof line.url === "string", timeoutMs);
  const failure = exited.then((status) => {
    throw new Error(
      `The server exited before listening (code ${status.code}, signal ${status.signal}).\nstderr:\n${stderr.join("\n")}\nstdout:\n${lines.slice(-20).join("\n")}`,
    );
  });

  return Promise.race([listening, failure]).then(
    (line) => {
      listened = true;
      return {
        url: String(line.url).replace(/\/$/, ""),
        dataDir,
        pid: child.pid ?? -1,
        startupMs: performance.now() - started,
        stop: () => terminate("SIGTERM"),
        kill: () => terminate("SIGKILL"),
        logs: () => [...lines],
        jsonLogs: () => [...json],
        waitForLog,
      };
    },
    async (error: unknown) => {
      signal(child, dev, "SIGKILL");
      await exited;
      throw error instanceof Error && stderr.length > 0 && !error.message.includes("stderr:")
        ? new Error(`${error.message}\nstderr:\n${stderr.join("\n")}`)
        : error;
    },
  );
}
