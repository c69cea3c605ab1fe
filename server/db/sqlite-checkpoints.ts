import fs from "node:fs";
import type { Worker } from "node:worker_threads";
import { startWorker } from "../worker-threads";
import type { CheckpointReply, CheckpointRequest, CheckpointWorkerData } from "./checkpoint-worker-messages";
import type { SqliteDb } from "./sqlite-driver";

export interface BackgroundCheckpointOptions {
  /** A checkpoint is asked for when the WAL file is larger than this. */
  walBytes?: number;
  /** How often the WAL's size is looked at. */
  intervalMs?: number;
  onError?: (error: Error) => void;
}

export interface BackgroundCheckpoints {
  close(): Promise<void>;
}

/**
 * SQLite's WAL checkpoints, off the event loop. By default SQLite checkpoints inside the commit
 * that takes the WAL past 1,000 pages: copying 4 MB into the database file and syncing it on the
 * main thread, a pause for every request in flight. Here the main connection never checkpoints
 * (`wal_autocheckpoint = 0`); a timer looks at the WAL's size, and past `walBytes` a worker thread
 * checkpoints it. The thread starts at the first checkpoint, so a quiet site never pays for it.
 * Once a checkpoint has copied everything, the next commit starts the WAL over.
 */
export function backgroundCheckpoints(sqlite: SqliteDb, file: string, options: BackgroundCheckpointOptions = {}): BackgroundCheckpoints {
  const { walBytes = 1024 * 1024, intervalMs = 1_000, onError } = options;
  sqlite.pragma("wal_autocheckpoint = 0");
  // After a checkpoint the file keeps its size unless told otherwise: keep it near the threshold.
  sqlite.pragma(`journal_size_limit = ${walBytes * 4}`);
  let worker: Worker | undefined;
  let running = false;
  let closed = false;
  const post = (thread: Worker, request: CheckpointRequest) => thread.postMessage(request);

  const start = (): Worker => {
    const thread = startWorker("db/checkpoint-worker.ts", { file } satisfies CheckpointWorkerData);
    thread.unref();
    thread.on("message", (reply: CheckpointReply) => {
      running = false;
      if (!reply.ok) onError?.(new Error(`WAL checkpoint failed: ${reply.message}`));
    });
    // The thread could not run: SQLite checkpoints in its commits again, as by default.
    thread.on("error", (error) => {
      closed = true;
      clearInterval(timer);
      worker = undefined;
      sqlite.pragma("wal_autocheckpoint = 1000");
      onError?.(error);
    });
    return thread;
  };

  const check = () => {
    if (running || closed) return;
    fs.stat(`${file}-wal`, (error, stats) => {
      if (error || closed || running || stats.size <= walBytes) return;
      running = true;
      worker ??= start();
      post(worker, "check");
    });
  };
  const timer = setInterval(check, intervalMs);
  timer.unref();

  return {
    async close() {
      closed = true;
      clearInterval(timer);
      const thread = worker;
      worker = undefined;
      if (!thread) return;
      const exited = new Promise<void>((resolve) => thread.once("exit", () => resolve()));
      post(thread, "close");
      const late = setTimeout(() => void thread.terminate(), 5_000);
      await exited;
      clearTimeout(late);
    },
  };
}
