/**
 * `npm start`'s first step: builds the site when there is no build, or when a source file changed
 * after the last build (so an edit is never served stale without a word). Otherwise it does nothing:
 * walking the sources' modification times takes milliseconds, a build takes seconds.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

/** What the build is made from: a change to any of them makes the build stale. */
export const BUILD_SOURCES = [
  "app",
  "server",
  "scripts",
  "public",
  "messages",
  "project.inlang/settings.json",
  "package.json",
  "package-lock.json",
  "react-router.config.ts",
  "vite.config.ts",
  "tsconfig.json",
];
/** The build's last output (scripts/build-server.ts writes it at the end of `npm run build`). */
export const BUILD_OUTPUT = "build/app-server.js";
/** Tests sit beside the code but are not built; app/paraglide is compiled from messages/ (listed above). */
const NOT_BUILT = /\.test\.tsx?$|^app\/paraglide\//;

interface Newest {
  file: string;
  mtimeMs: number;
}

function newestUnder(root: string, relative: string, newest: Newest | undefined): Newest | undefined {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(path.join(root, relative));
  } catch {
    return newest;
  }
  if (stat.isDirectory()) {
    for (const entry of fs.readdirSync(path.join(root, relative))) newest = newestUnder(root, path.join(relative, entry), newest);
    return newest;
  }
  if (NOT_BUILT.test(relative) || (newest && newest.mtimeMs >= stat.mtimeMs)) return newest;
  return { file: relative, mtimeMs: stat.mtimeMs };
}

/** Why `root` needs a build (one line for the operator), or undefined when its build is current. */
export function buildNeeded(root: string): string | undefined {
  let built: number;
  try {
    built = fs.statSync(path.join(root, BUILD_OUTPUT)).mtimeMs;
  } catch {
    return "No build yet: building the site once (npm run build)…";
  }
  let newest: Newest | undefined;
  for (const source of BUILD_SOURCES) newest = newestUnder(root, source, newest);
  if (!newest || newest.mtimeMs <= built) return undefined;
  return `${newest.file} changed after the last build: rebuilding (npm run build)…`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const reason = buildNeeded(process.cwd());
  if (reason) {
    console.error(reason);
    const build = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
    process.exit(build.status ?? 1);
  }
}
