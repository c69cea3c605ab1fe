/**
 * Vitest globalSetup for the integration and e2e projects: one production build per run.
 * SKIP_BUILD=1 reuses build/ when it is complete (build/app-server.js and build/pages/index.html).
 */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { repoRoot } from "./paths";

declare global {
  // Shared by every project's globalSetup, which all run in Vitest's main process.
  var __siteBuild: Promise<void> | undefined;
}

export function buildExists(): boolean {
  return existsSync(`${repoRoot}/build/app-server.js`) && existsSync(`${repoRoot}/build/pages/index.html`);
}

export function runBuild(): Promise<void> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    console.log("[tests] npm run build …");
    const child = spawn("npm", ["run", "build", "--silent"], { cwd: repoRoot, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("error", reject);
    child.on("exit", (code) => {
      if (code === 0) {
        console.log(`[tests] build done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
        resolve();
      } else {
        reject(new Error(`npm run build failed (exit ${code}):\n${output.slice(-8000)}`));
      }
    });
  });
}

export default async function setup(): Promise<void> {
  if (process.env.SKIP_BUILD === "1" && buildExists()) return;
  globalThis.__siteBuild ??= runBuild();
  await globalThis.__siteBuild;
}
