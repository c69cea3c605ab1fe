/**
 * The backup thread (started by backup-schedule.ts): one backup per thread, then it ends. The copy
 * runs in one step (./backup.ts), which would hold the server's event loop for its whole length,
 * and the thread runs at the lowest priority: requests come first, the backup takes what is left.
 */
import { parentPort, workerData } from "node:worker_threads";
import { setThreadPriority } from "../worker-threads";
import { createBackup } from "./backup";
import type { BackupReply, BackupWorkerData } from "./backup-worker-messages";

const port = parentPort!;
const { source, backupDir } = workerData as BackupWorkerData;
setThreadPriority(19);

createBackup(source, backupDir).then(
  (result) => port.postMessage({ ok: true, result } satisfies BackupReply),
  (error: unknown) => port.postMessage({ ok: false, message: error instanceof Error ? error.message : String(error) } satisfies BackupReply),
);
