import crypto from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { threadId, Worker } from "node:worker_threads";
import type * as Esbuild from "esbuild";

/** The worker threads' modules, under server/. The build bundles each beside app-server.js. */
export const WORKER_MODULES = ["mail/mail-worker.ts", "db/checkpoint-worker.ts", "db/backup-worker.ts"] as const;
export type WorkerModule = (typeof WORKER_MODULES)[number];

/** How a worker module is bundled, by the build and from source alike. */
export const WORKER_BUNDLE = { bundle: true, platform: "node", format: "esm", target: "node20", packages: "external" } satisfies Esbuild.BuildOptions;

/**
 * Sets the scheduling priority (nice value) of the calling thread, on Linux (/proc/thread-self
 * names it, and a thread's id sets its own priority); elsewhere the thread keeps the process's.
 * Work that can wait (mail, backups) runs at 19: when it competes with requests for the cores,
 * requests win.
 */
export function setThreadPriority(priority: number): void {
  try {
    os.setPriority(Number(fs.readlinkSync("/proc/thread-self").split("/").pop()), priority);
  } catch {
    // not Linux: the process's priority
  }
}

/** The bundle's name in the build: mail/mail-worker.ts → mail-worker.js. */
export const workerBundleName = (module: WorkerModule): string => `${path.basename(module, ".ts")}.js`;

/**
 * A thread running one of WORKER_MODULES. It gets none of the process's Node flags: a worker
 * inherits them by default, so an APM agent or a loader preloaded with `--require`/`--import`
 * would start again in every thread, and `--input-type` or a TypeScript loader would apply there.
 */
export function startWorker(module: WorkerModule, workerData: unknown): Worker {
  return new Worker(workerFile(module), { execArgv: [], workerData });
}

/**
 * Bundled (build/app-server.js), the worker's bundle is beside this code. Run from source (tsx in
 * development and the CLI, Vitest), Node cannot load the .ts module with no flags: esbuild bundles
 * it as the build does, once per process, into node_modules/.cache (where its packages resolve).
 */
function workerFile(module: WorkerModule): URL | string {
  if (!import.meta.url.endsWith(".ts")) return new URL(`./${workerBundleName(module)}`, import.meta.url);
  return fromSource(module);
}

const fromSourceFiles = new Map<WorkerModule, string>();

function fromSource(module: WorkerModule): string {
  const known = fromSourceFiles.get(module);
  if (known) return known;
  // esbuild is a development dependency: loaded only here, never by the bundled server.
  const esbuild = createRequire(import.meta.url)("esbuild") as typeof Esbuild;
  const [output] = esbuild.buildSync({
    ...WORKER_BUNDLE,
    entryPoints: [path.join(import.meta.dirname, module)],
    write: false,
    sourcemap: "inline",
    logLevel: "error",
  }).outputFiles;
  if (!output) throw new Error(`esbuild produced nothing for server/${module}`);
  const dir = path.join(import.meta.dirname, "../node_modules/.cache/worker-threads");
  const hash = crypto.createHash("sha256").update(output.contents).digest("hex").slice(0, 16);
  // .mjs: a file under node_modules/ has no package.json of ours to say it is a module.
  const file = path.join(dir, `${path.basename(module, ".ts")}-${hash}.mjs`);
  if (!fs.existsSync(file)) {
    // Other processes (Vitest's) may write the same file at once: each renames its own copy.
    fs.mkdirSync(dir, { recursive: true });
    const temporary = `${file}.${process.pid}-${threadId}.tmp`;
    fs.writeFileSync(temporary, output.contents);
    fs.renameSync(temporary, file);
  }
  fromSourceFiles.set(module, file);
  return file;
}
