import type { Config } from "../config";
import type { Logger } from "../logger";
import { startWorker } from "../worker-threads";
import { type BackupResult, type BackupSource, backupSummary, pruneBackups } from "./backup";
import type { BackupReply, BackupWorkerData } from "./backup-worker-messages";
import type { Db } from "./database";
import { scheduleShared } from "./jobs";

/** What `npm run backup` and the server's periodic backup copy: the database and, without SMTP, the mail files. */
export function backupSource(config: Config, databaseFile: string): BackupSource {
  return { databaseFile, dataDir: config.dataDir, mailDir: config.mail.smtpUrl ? undefined : config.mail.outboxDir };
}

/** One backup on a worker thread of its own: the event loop keeps serving while it copies. */
export function backupOnThread(data: BackupWorkerData): Promise<BackupResult> {
  return new Promise((resolve, reject) => {
    const thread = startWorker("db/backup-worker.ts", data);
    let reply: BackupReply | undefined;
    thread.once("message", (message: BackupReply) => {
      reply = message;
    });
    thread.once("error", reject);
    thread.once("exit", (code) => {
      if (reply?.ok) resolve(reply.result);
      else reject(new Error(reply ? reply.message : `the backup thread ended (exit code ${code}) without a result`));
    });
  });
}

/**
 * BACKUP_INTERVAL on SQLite: a backup every interval, once across instances (server/db/jobs.ts),
 * then the oldest beyond BACKUP_KEEP go. Returns a function that stops this instance's checks.
 */
export function scheduleBackups(db: Db, config: Config, databaseFile: string, logger: Logger): () => void {
  const { intervalMs, dir, keep } = config.backup;
  if (intervalMs === undefined) return () => {};
  return scheduleShared(
    db,
    "backup",
    async () => {
      const result = await backupOnThread({ source: backupSource(config, databaseFile), backupDir: dir });
      const removed = pruneBackups(dir, keep);
      logger.info({ backup: result.dir, ms: Math.round(result.ms), bytes: result.bytes, removed }, backupSummary(result));
    },
    { periodMs: intervalMs, onError: (error) => logger.error({ err: error }, "backup failed: the last good backup is older than BACKUP_INTERVAL") },
  );
}
