/**
 * Restores a backup made by `npm run backup` or the server (server/db/backup.ts) into the
 * configured DATA_DIR, which no server may be using.
 *
 *   npm run restore -- BACKUP        (the backup's directory, or its manifest.json)
 *
 * Checks every file against the manifest's SHA-256 first, and the database against SQLite's
 * integrity check and the manifest's row counts; the database it replaces is kept beside it,
 * renamed. Reads the same configuration as the server (DATA_DIR, DATABASE_URL).
 */
import { loadProcessConfig } from "../config";
import { BackupError, restoreBackup } from "../db/backup";
import { runCli, UsageError } from "./run-cli";

const USAGE = "Usage: npm run restore -- BACKUP   (a directory made by npm run backup, or its manifest.json; restores into DATA_DIR)";

async function main(argv: string[]): Promise<number> {
  if (argv[0] === "--help" || argv[0] === "-h") {
    console.log(USAGE);
    return 0;
  }
  if (argv.length === 0) throw new UsageError("Which backup?");
  if (argv.length > 1) throw new UsageError("npm run restore takes one backup.");
  const config = loadProcessConfig();
  if (config.database.kind === "postgres") {
    console.error("DATABASE_URL is PostgreSQL: npm run restore restores SQLite backups. Restore a pg_dump with pg_restore into a new, empty database (README, Backups and restore).");
    return 2;
  }
  const target = { databaseFile: config.database.file, dataDir: config.dataDir, mailDir: config.mail.outboxDir };
  const result = await restoreBackup(argv[0]!, target);
  const rows = Object.values(result.manifest.tables).reduce((sum, n) => sum + n, 0);
  console.log(
    `Restored the backup of ${result.manifest.createdAt} into ${config.dataDir}: ${rows} rows, ${result.mailFiles} mail file(s), session secret ${result.sessionSecret ? "restored" : "not in the backup"}.` +
      (result.replaced ? ` The database it replaced is kept as ${result.replaced}.` : ""),
  );
  return 0;
}

runCli(import.meta.url, main, USAGE, (error) => (error instanceof BackupError ? `Restore refused: ${error.message}` : error));
