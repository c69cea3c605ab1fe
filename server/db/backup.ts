/**
 * Backups of the SQLite database with what lives beside it in DATA_DIR (docs/decisions/0093):
 * one directory per backup under BACKUP_DIR, `site-<UTC time>/`, holding
 *
 *   site.db          the database as it was at one moment, taken while the site keeps writing
 *   session-secret   DATA_DIR/session-secret when it exists (unsubscribe links and chat cookies)
 *   mail/*.eml       without SMTP_URL, every mail file of DATA_DIR/mail (mail that never left
 *                    the machine: these files are its only rendered copy)
 *   manifest.json    SHA-256 of each file, and the row count of each table at that moment
 *
 * A backup is made under a `.partial` name and renamed only once the copy has passed
 * `PRAGMA integrity_check` and matched the counts, so a directory without that prefix is good.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { SqliteDatabase, type SqliteDb } from "./sqlite-driver";

export const MANIFEST_FILE = "manifest.json";
const DATABASE_FILE = "site.db";
const SECRET_FILE = "session-secret";
const MAIL_DIR = "mail";
const NAME_PREFIX = "site-";

export interface BackupManifest {
  format: 1;
  createdAt: string;
  /** Rows per table in the database at the moment of the copy. */
  tables: Record<string, number>;
  /** Every file of the backup (path relative to the backup's directory, `/`-separated) → SHA-256 hex. */
  files: Record<string, string>;
}

export interface BackupSource {
  databaseFile: string;
  dataDir: string;
  /** DATA_DIR/mail when mail is written to files (no SMTP_URL), else undefined. */
  mailDir: string | undefined;
}

export interface BackupResult {
  dir: string;
  createdAt: string;
  tables: Record<string, number>;
  bytes: number;
  mailFiles: number;
  sessionSecret: boolean;
  ms: number;
}

/** A backup that cannot be used or made, with a message for the operator. */
export class BackupError extends Error {
  override name = "BackupError";
}

function tableCounts(db: SqliteDb): Record<string, number> {
  const names = db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name")
    .pluck()
    .all() as string[];
  const counts: Record<string, number> = {};
  for (const name of names) counts[name] = db.prepare(`SELECT count(*) FROM "${name.replaceAll('"', '""')}"`).pluck().get() as number;
  return counts;
}

async function sha256(file: string): Promise<string> {
  const hash = crypto.createHash("sha256");
  await pipeline(fs.createReadStream(file), hash);
  return hash.digest("hex");
}

/** A readable line of differences between two sets of table counts, or "" when they agree. */
function countDifferences(expected: Record<string, number>, actual: Record<string, number>): string {
  const names = [...new Set([...Object.keys(expected), ...Object.keys(actual)])].sort();
  return names
    .filter((name) => expected[name] !== actual[name])
    .map((name) => `${name}: ${expected[name] ?? "absent"} expected, ${actual[name] ?? "absent"} found`)
    .join("; ");
}

/** `PRAGMA integrity_check` and the row counts of a database file, opened read-only. */
function checkDatabase(file: string, expected: Record<string, number>): void {
  const db = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
  try {
    const problems = db.prepare("PRAGMA integrity_check").pluck().all() as string[];
    if (problems.join() !== "ok") throw new BackupError(`${file} fails SQLite's integrity check: ${problems.slice(0, 5).join("; ")}`);
    const differences = countDifferences(expected, tableCounts(db));
    if (differences) throw new BackupError(`${file} does not hold the rows its manifest lists: ${differences}`);
  } finally {
    db.close();
  }
}

/**
 * Copies the database with SQLite's online backup API, from a connection of its own holding one
 * read transaction: the counts and every copied page come from the same snapshot, and in WAL mode
 * the site's writers carry on meanwhile. The copy runs in one step (all pages), so it is never
 * restarted by the site's writes; it blocks the thread it runs on for its whole length (the
 * server runs it on a worker thread, ./backup-worker.ts).
 */
async function copyDatabase(source: string, destination: string): Promise<Record<string, number>> {
  const db = new SqliteDatabase(source, { readonly: true, fileMustExist: true, timeout: 5_000 });
  try {
    db.exec("BEGIN");
    const counts = tableCounts(db);
    await db.backup(destination, { progress: () => 0x7fffffff });
    db.exec("COMMIT");
    const copy = new SqliteDatabase(destination);
    // One self-contained file: no -wal or -shm beside the copy.
    copy.pragma("journal_mode = DELETE");
    copy.close();
    return counts;
  } finally {
    db.close();
  }
}

const stamp = (date: Date) => date.toISOString().replace(/[:.]/g, "-");

/** Makes, verifies and names one backup in `backupDir`. */
export async function createBackup(source: BackupSource, backupDir: string, now = new Date()): Promise<BackupResult> {
  const started = performance.now();
  if (!fs.existsSync(source.databaseFile)) throw new BackupError(`There is no database to back up at ${source.databaseFile} (check DATA_DIR and DATABASE_URL).`);
  fs.mkdirSync(backupDir, { recursive: true });
  const name = `${NAME_PREFIX}${stamp(now)}`;
  const partial = path.join(backupDir, `.${name}.partial`);
  fs.rmSync(partial, { recursive: true, force: true });
  fs.mkdirSync(partial);
  try {
    const tables = await copyDatabase(source.databaseFile, path.join(partial, DATABASE_FILE));
    checkDatabase(path.join(partial, DATABASE_FILE), tables);
    const secret = path.join(source.dataDir, SECRET_FILE);
    const sessionSecret = fs.existsSync(secret);
    if (sessionSecret) fs.copyFileSync(secret, path.join(partial, SECRET_FILE));
    let mailFiles = 0;
    if (source.mailDir && fs.existsSync(source.mailDir)) {
      fs.mkdirSync(path.join(partial, MAIL_DIR));
      for (const file of fs.readdirSync(source.mailDir)) {
        if (!file.endsWith(".eml")) continue;
        fs.copyFileSync(path.join(source.mailDir, file), path.join(partial, MAIL_DIR, file));
        mailFiles++;
      }
    }
    const files: Record<string, string> = {};
    let bytes = 0;
    for (const file of listFiles(partial)) {
      files[file] = await sha256(path.join(partial, file));
      bytes += fs.statSync(path.join(partial, file)).size;
    }
    const manifest: BackupManifest = { format: 1, createdAt: now.toISOString(), tables, files };
    fs.writeFileSync(path.join(partial, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    const dir = path.join(backupDir, name);
    fs.renameSync(partial, dir);
    return { dir, createdAt: manifest.createdAt, tables, bytes, mailFiles, sessionSecret, ms: performance.now() - started };
  } catch (error) {
    fs.rmSync(partial, { recursive: true, force: true });
    throw error;
  }
}

/** Every file under `dir`, relative and `/`-separated, the manifest excepted. */
function listFiles(dir: string): string[] {
  return (fs.readdirSync(dir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"))
    .filter((file) => file !== MANIFEST_FILE)
    .sort();
}

/** One line for the operator: where, how big, how long, what it holds. */
export function backupSummary(result: BackupResult): string {
  const rows = Object.values(result.tables).reduce((sum, n) => sum + n, 0);
  const mb = (result.bytes / 1024 / 1024).toFixed(1);
  return `Backup verified: ${result.dir} (${mb} MB, ${Object.keys(result.tables).length} tables, ${rows} rows, ${result.mailFiles} mail file(s), session secret ${result.sessionSecret ? "included" : "absent"}) in ${(result.ms / 1000).toFixed(1)} s`;
}

/** The backup directory named by `target` (the directory or its manifest.json). */
function backupDirOf(target: string): string {
  const resolved = path.resolve(target);
  return path.basename(resolved) === MANIFEST_FILE ? path.dirname(resolved) : resolved;
}

/**
 * Reads a backup's manifest and checks every file against its SHA-256 and the database against
 * its counts and SQLite's integrity check. Throws a BackupError saying what is wrong.
 */
export async function verifyBackup(target: string): Promise<{ dir: string; manifest: BackupManifest }> {
  const dir = backupDirOf(target);
  const manifestFile = path.join(dir, MANIFEST_FILE);
  if (!fs.existsSync(manifestFile)) throw new BackupError(`${target} is not a backup: there is no ${MANIFEST_FILE} in ${dir}.`);
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(fs.readFileSync(manifestFile, "utf8")) as BackupManifest;
  } catch (error) {
    throw new BackupError(`${manifestFile} is not readable JSON: ${(error as Error).message}`);
  }
  if (manifest.format !== 1 || typeof manifest.files !== "object" || typeof manifest.tables !== "object" || !manifest.files[DATABASE_FILE]) {
    throw new BackupError(`${manifestFile} is not a manifest of this site's backups.`);
  }
  for (const [file, expected] of Object.entries(manifest.files)) {
    const full = path.join(dir, file);
    if (path.relative(dir, full).startsWith("..")) throw new BackupError(`${manifestFile} names a file outside the backup: ${file}`);
    if (!fs.existsSync(full)) throw new BackupError(`The backup is incomplete: ${file} is missing from ${dir}.`);
    if ((await sha256(full)) !== expected) throw new BackupError(`The backup is damaged: ${file} does not match its SHA-256 checksum in ${MANIFEST_FILE}. Use another backup.`);
  }
  checkDatabase(path.join(dir, DATABASE_FILE), manifest.tables);
  return { dir, manifest };
}

/** Deletes the oldest complete backups of `backupDir` beyond the newest `keep`; returns their paths. */
export function pruneBackups(backupDir: string, keep: number): string[] {
  if (!fs.existsSync(backupDir)) return [];
  const backups = fs
    .readdirSync(backupDir)
    .filter((name) => name.startsWith(NAME_PREFIX) && fs.existsSync(path.join(backupDir, name, MANIFEST_FILE)))
    .sort();
  const removed = backups.slice(0, Math.max(0, backups.length - keep)).map((name) => path.join(backupDir, name));
  for (const dir of removed) fs.rmSync(dir, { recursive: true, force: true });
  return removed;
}

/**
 * True when a connection is open on the SQLite file (a server is using it): SQLite lets a
 * connection leave WAL mode only when it is the only one on the file (every connection to a WAL
 * database holds a shared lock while open, also while idle). A server killed with SIGKILL holds
 * nothing, so its leftovers do not count. When no one is using it, the file is left in
 * rollback-journal mode, its WAL folded in; the server sets WAL again when it opens it.
 */
export function databaseInUse(file: string): boolean {
  if (!fs.existsSync(file)) return false;
  const db = new SqliteDatabase(file, { fileMustExist: true, timeout: 0 });
  try {
    db.pragma("journal_mode = DELETE");
    return false;
  } catch (error) {
    if ((error as { code?: string }).code === "SQLITE_BUSY") return true;
    throw error;
  } finally {
    db.close();
  }
}

export interface RestoreTarget {
  databaseFile: string;
  dataDir: string;
  mailDir: string;
}

export interface RestoreResult {
  manifest: BackupManifest;
  /** Where the database that was replaced now is, or undefined when there was none. */
  replaced: string | undefined;
  mailFiles: number;
  sessionSecret: boolean;
}

/**
 * Puts a verified backup in place: the database (the one it replaces is kept beside it, renamed),
 * the session secret and the mail files. Refuses while a server is using the database.
 */
export async function restoreBackup(target: string, into: RestoreTarget, now = new Date()): Promise<RestoreResult> {
  const { dir, manifest } = await verifyBackup(target);
  if (databaseInUse(into.databaseFile)) {
    throw new BackupError(`A server is using ${into.databaseFile} (DATA_DIR ${into.dataDir}): stop it, then run the restore again. Nothing was changed.`);
  }
  fs.mkdirSync(path.dirname(into.databaseFile), { recursive: true });
  const incoming = `${into.databaseFile}.restoring`;
  fs.copyFileSync(path.join(dir, DATABASE_FILE), incoming);
  let replaced: string | undefined;
  if (fs.existsSync(into.databaseFile)) {
    replaced = `${into.databaseFile}.replaced-${stamp(now)}`;
    fs.renameSync(into.databaseFile, replaced);
  }
  for (const leftover of ["-wal", "-shm", "-journal"]) fs.rmSync(`${into.databaseFile}${leftover}`, { force: true });
  fs.renameSync(incoming, into.databaseFile);
  const files = Object.keys(manifest.files);
  const sessionSecret = files.includes(SECRET_FILE);
  if (sessionSecret) {
    fs.mkdirSync(into.dataDir, { recursive: true });
    fs.copyFileSync(path.join(dir, SECRET_FILE), path.join(into.dataDir, SECRET_FILE));
    fs.chmodSync(path.join(into.dataDir, SECRET_FILE), 0o600);
  }
  const mail = files.filter((file) => file.startsWith(`${MAIL_DIR}/`));
  if (mail.length > 0) fs.mkdirSync(into.mailDir, { recursive: true });
  for (const file of mail) fs.copyFileSync(path.join(dir, file), path.join(into.mailDir, path.basename(file)));
  return { manifest, replaced, mailFiles: mail.length, sessionSecret };
}
