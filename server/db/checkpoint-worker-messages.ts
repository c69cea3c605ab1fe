/** The messages between the checkpoint thread (checkpoint-worker.ts) and sqlite-checkpoints.ts. */

/** What the thread is started with: the database file it opens a connection to. */
export interface CheckpointWorkerData {
  file: string;
}

/** To the thread: checkpoint now, or close the connection and end. */
export type CheckpointRequest = "check" | "close";

/** From the thread, after each checkpoint. */
export type CheckpointReply = { ok: true } | { ok: false; message: string };
