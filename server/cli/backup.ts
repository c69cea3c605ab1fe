/**
 * A verified backup of the SQLite database, the session secret and (without SMTP_URL) the mail
 * files, taken while the site keeps running (server/db/backup.ts).
 *
 *   npm run backup
 *
 * Reads the same configuration as the server (DATA_DIR, DATABASE_URL, SMTP_URL, BACKUP_DIR) and
 * prints one line saying where the backup is. On PostgreSQL it prints the pg_dump command to run
 * instead and exits with 2 (docs/decisions/0093).
 */
import os from "node:os";
import path from "node:path";
import { loadProcessConfig } from "../config";
import { BackupError, backupSummary, createBackup } from "../db/backup";
import { backupSource } from "../db/backup-schedule";
import { runCli, UsageError } from "./run-cli";

const USAGE = "Usage: npm run backup   (configuration from the environment, as the server's: DATA_DIR, DATABASE_URL, SMTP_URL, BACKUP_DIR)";

async function main(argv: string[]): Promise<number> {
  if (argv.includes("--help") || argv.includes("-h")) {
    console.log(USAGE);
    return 0;
  }
  if (argv.length > 0) throw new UsageError("npm run backup takes no arguments.");
  const config = loadProcessConfig();
  if (config.database.kind === "postgres") {
    const file = path.join(config.backup.dir, "site-$(date -u +%Y-%m-%dT%H-%M-%SZ).dump");
    console.error(
      [
        "DATABASE_URL is PostgreSQL: back it up with PostgreSQL's own tools (a pg_dump as new as the server), e.g.",
        `  mkdir -p ${config.backup.dir} && pg_dump --format=custom --file="${file}" "$DATABASE_URL"`,
        "and restore into a new, empty database with",
        "  pg_restore --no-owner --exit-on-error --dbname=\"$NEW_DATABASE_URL\" FILE.dump",
        "For continuous protection (point-in-time recovery) use your PostgreSQL host's tooling (pgBackRest, WAL-G, or the provider's).",
      ].join("\n"),
    );
    return 2;
  }
  // Beside a running server: its requests come first, the backup takes what is left of the cores.
  os.setPriority(19);
  const result = await createBackup(backupSource(config, config.database.file), config.backup.dir);
  console.log(backupSummary(result));
  return 0;
}

runCli(import.meta.url, main, USAGE, (error) => (error instanceof BackupError ? error.message : error));
