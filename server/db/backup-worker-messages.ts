/** The messages between the backup thread (backup-worker.ts) and backup-schedule.ts. */
import type { BackupResult, BackupSource } from "./backup";

/** What the thread is started with: what to back up, and where. */
export interface BackupWorkerData {
  source: BackupSource;
  backupDir: string;
}

/** From the thread, once, before it ends. */
export type BackupReply = { ok: true; result: BackupResult } | { ok: false; message: string };
