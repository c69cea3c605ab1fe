/**
 * The move from SQLite to PostgreSQL.
 *
 *   npm run move-data -- --to postgres://USER:PASSWORD@HOST:PORT/DATABASE [--replace]
 *
 * Reads the same configuration as the server (DATA_DIR, DATABASE_URL: it must be SQLite), migrates
 * the target to the latest schema, and copies every table into it in one transaction, with the
 * generated session secret (SQLite keeps it in a file, PostgreSQL in `site_settings`). Pending mail
 * stays pending with no lease; sent mail stays sent. Prints each table's rows and checksum on both
 * sides, and commits only when they all match. A target that holds rows is refused unless
 * `--replace` is given, which empties its tables first.
 */
import fs from "node:fs";
import { parseArgs } from "node:util";
import { sql } from "kysely";
import { loadProcessConfig } from "../config";
import { runCli, UsageError } from "./run-cli";
import { databaseInUse } from "../db/backup";
import { migrateToLatest, openDatabase, type DatabaseHandle } from "../db/database";
import { moveData, SchemaMismatchError, tableCheckOk, TargetNotEmptyError, VerificationError, type Row, type TableCheck } from "../db/move-data";
import { SESSION_SECRET_SETTING, sessionSecretFile } from "../http/session-secret";

const USAGE = `Usage:
  npm run move-data -- --to postgres://USER:PASSWORD@HOST:PORT/DATABASE [--replace]

Copies the SQLite database of the current configuration (DATA_DIR, or DATABASE_URL=file:…) into
an empty PostgreSQL database. --replace empties the target's tables first. Stop the server first.`;

class MoveError extends Error {}

/** The target's URL without its password, for printing. */
function shown(url: URL): string {
  const copy = new URL(url.href);
  if (copy.password) copy.password = "***";
  return copy.href;
}

function parseTarget(value: string | undefined): URL {
  if (!value) throw new UsageError("--to is required: the PostgreSQL database to move the data into.");
  if (!/^postgres(ql)?:\/\//.test(value) || !URL.canParse(value)) throw new UsageError(`--to must be a postgres:// or postgresql:// URL, not "${value.replace(/:[^:@/]*@/, ":***@")}".`);
  return new URL(value);
}

/** A driver error's own words: a refused connection is an AggregateError with an empty message. */
function reason(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  if (error.message) return error.message;
  const code = (error as NodeJS.ErrnoException).code;
  const inner = error instanceof AggregateError ? (error.errors as unknown[]).find((e): e is Error => e instanceof Error && e.message !== "") : undefined;
  return inner?.message ?? code ?? error.name;
}

/** A pending mail's lease belonged to an instance of the old site: the new one sends it at once. */
function prepare(table: string, row: Row): Row {
  if (table === "mail" && row.status === "pending") return { ...row, claimed_by: null, claimed_until: null };
  return row;
}

function printChecks(checks: TableCheck[], write: (line: string) => void): void {
  const width = Math.max(...checks.map((check) => check.table.length), "table".length);
  const line = (cells: string[]) => write(cells.map((cell, i) => (i === 0 ? cell.padEnd(width) : i === 5 ? cell : cell.padStart(i <= 2 ? 11 : 16))).join("  ").trimEnd());
  line(["table", "SQLite rows", "target rows", "SQLite checksum", "target checksum", ""]);
  for (const check of checks) {
    line([check.table, String(check.sourceRows), String(check.targetRows), check.sourceDigest.slice(0, 16), check.targetDigest.slice(0, 16), tableCheckOk(check) ? "ok" : "DIFFERS"]);
  }
}

async function main(argv: string[]): Promise<number> {
  const { values } = parseArgs({ args: argv, options: { to: { type: "string" }, replace: { type: "boolean" }, help: { type: "boolean", short: "h" } }, strict: true });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const target = parseTarget(values.to);
  const config = loadProcessConfig();
  if (config.database.kind !== "sqlite") {
    throw new UsageError("DATABASE_URL points to PostgreSQL already: move-data reads the SQLite database. Run it with the configuration the server had on SQLite (DATA_DIR, or DATABASE_URL=file:…).");
  }
  const sourceFile = config.database.file;
  if (!fs.existsSync(sourceFile)) throw new UsageError(`There is no SQLite database at ${sourceFile}: set DATA_DIR (or DATABASE_URL=file:…) as the server has it.`);
  // What a running server wrote after the copy would be left behind on SQLite.
  if (databaseInUse(sourceFile)) throw new MoveError(`A server is using ${sourceFile}: stop it (every instance), then run move-data again. Nothing was copied.`);

  const started = Date.now();
  const source = openDatabase(config.database);
  let destination: DatabaseHandle | undefined;
  try {
    await migrateToLatest(source.db);
    const secretFile = sessionSecretFile(config.dataDir);
    const extraRows: Record<string, Row[]> = {};
    let secretNote: string;
    if (config.sessionSecret) {
      secretNote = "SESSION_SECRET is set: keep the same value when the server runs on PostgreSQL.";
    } else if (await source.db.selectFrom("site_settings").select("name").where("name", "=", SESSION_SECRET_SETTING).executeTakeFirst()) {
      secretNote = "The session secret moved with site_settings.";
    } else if (fs.existsSync(secretFile)) {
      const value = fs.readFileSync(secretFile, "utf8").trim();
      if (value.length < 32) throw new MoveError(`${secretFile} holds no usable session secret (fewer than 32 characters).`);
      extraRows.site_settings = [{ name: SESSION_SECRET_SETTING, value, created_at: fs.statSync(secretFile).mtime.toISOString() }];
      secretNote = `The session secret of ${secretFile} moved into site_settings: visitor cookies and unsubscribe links keep working.`;
    } else {
      secretNote = `No session secret at ${secretFile}: PostgreSQL generates one at the first start.`;
    }

    destination = openDatabase({ kind: "postgres", url: target.href });
    try {
      await sql`select 1`.execute(destination.db);
    } catch (error) {
      throw new MoveError(`Cannot connect to ${shown(target)}: ${reason(error)}`);
    }
    try {
      await migrateToLatest(destination.db);
    } catch (error) {
      throw new MoveError(`Cannot migrate the target ${shown(target)} to the site's schema: ${reason(error)}`);
    }
    console.error(`Moving ${sourceFile} to ${shown(target)}${values.replace ? " (replacing its rows)" : ""}…`);
    let checks: TableCheck[];
    try {
      checks = await moveData(source.db, destination.db, {
        replace: values.replace ?? false,
        prepare,
        extraRows,
        onTable: (table, rows) => console.error(`  ${table}: ${rows} row(s)`),
      });
    } catch (error) {
      if (error instanceof VerificationError) {
        printChecks(error.checks, (line) => console.log(line));
        throw new MoveError(`${error.message} Run it again; if it differs again, report the tables marked DIFFERS.`);
      }
      if (error instanceof TargetNotEmptyError) throw new MoveError(`${error.message} Nothing was copied. To empty its tables and copy again, add --replace.`);
      if (error instanceof SchemaMismatchError) throw new MoveError(`${error.message} Nothing was copied.`);
      throw new MoveError(`The copy failed, and nothing was written to the target's tables: ${reason(error)}`);
    }
    printChecks(checks, (line) => console.log(line));
    const total = checks.reduce((sum, check) => sum + check.targetRows, 0);
    console.log(`Moved ${total} row(s) of ${checks.length} tables in ${((Date.now() - started) / 1000).toFixed(1)} s; every table matches.`);
    console.log(secretNote);
    console.log(`Next: start the server with DATABASE_URL=${shown(target)} (and the rest of its configuration unchanged).`);
    return 0;
  } finally {
    await destination?.close();
    await source.close();
  }
}

runCli(import.meta.url, main, USAGE, (error) => (error instanceof MoveError ? error.message : `move-data failed: ${reason(error)}`));
