/**
 * The checkpoint thread (started by sqlite-checkpoints.ts): its own connection to the same file,
 * one PASSIVE checkpoint per message (never waits for a lock, so it never holds up a writer).
 */
import { parentPort, workerData } from "node:worker_threads";
import type { CheckpointReply, CheckpointRequest, CheckpointWorkerData } from "./checkpoint-worker-messages";
import { SqliteDatabase } from "./sqlite-driver";

const port = parentPort!;
const db = new SqliteDatabase((workerData as CheckpointWorkerData).file);

port.on("message", (request: CheckpointRequest) => {
  if (request === "close") {
    db.close();
    port.close();
    return;
  }
  let reply: CheckpointReply;
  try {
    db.pragma("wal_checkpoint(PASSIVE)");
    reply = { ok: true };
  } catch (error) {
    reply = { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(reply);
});
