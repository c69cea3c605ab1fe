import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";

/** What the thread needs to make one `.eml` file: nodemailer's message options and the path. */
export interface EmlJob {
  message: Record<string, unknown>;
  file: string;
}

export interface EmlWriterThread {
  write(job: EmlJob): Promise<void>;
  close(): void;
}

/**
 * The thread: builds each message with nodemailer's MailComposer and writes it atomically
 * (temporary file, then rename) with synchronous calls, which cost this thread alone. Plain
 * CommonJS, run with `eval`, so that the bundled server needs no file beside it.
 */
const THREAD_SOURCE = `
const fs = require("node:fs");
const os = require("node:os");
const { parentPort, workerData } = require("node:worker_threads");
const MailComposer = require(workerData.mailComposer);
try {
  // Linux: /proc/thread-self names this thread, and a thread's id sets its own priority.
  os.setPriority(Number(fs.readlinkSync("/proc/thread-self").split("/").pop()), workerData.priority);
} catch {
  // elsewhere the thread keeps the process's priority
}
let dirReady = false;
parentPort.on("message", async ({ id, message, file }) => {
  try {
    const built = await new MailComposer(message).compile().build();
    // What nodemailer's newline: "unix" does: every CR byte goes (latin1 keeps each byte as is).
    const eml = Buffer.from(built.toString("latin1").replaceAll("\\r", ""), "latin1");
    if (!dirReady) {
      fs.mkdirSync(workerData.dir, { recursive: true });
      dirReady = true;
    }
    fs.writeFileSync(file + ".tmp", eml);
    fs.renameSync(file + ".tmp", file);
    parentPort.postMessage({ id });
  } catch (error) {
    parentPort.postMessage({ id, error: String((error && error.message) || error) });
  }
});
`;

/**
 * Lowest scheduling priority (nice 19): when requests and mail compete for the cores, requests
 * win and the thread takes what is left. Mail waits in the outbox, durably, meanwhile.
 */
export const EML_THREAD_PRIORITY = 19;

/**
 * A thread that builds and writes `.eml` files away from the event loop, started at the first
 * mail. It keeps the process alive only while a file is being written. If it dies, the files
 * in hand fail (the outbox retries them) and the next mail starts a new one.
 */
export function emlWriterThread(dir: string, priority = EML_THREAD_PRIORITY): EmlWriterThread {
  interface Running {
    worker: Worker;
    /** This thread's files in hand: a thread that ends fails its own, not its successor's. */
    pending: Map<number, { resolve: () => void; reject: (error: Error) => void }>;
  }
  let current: Running | undefined;
  let nextId = 0;

  const start = (): Running => {
    const worker = new Worker(THREAD_SOURCE, {
      eval: true,
      workerData: { mailComposer: createRequire(import.meta.url).resolve("nodemailer/lib/mail-composer"), dir, priority },
    });
    const running: Running = { worker, pending: new Map() };
    const failAll = (error: Error) => {
      if (current === running) current = undefined;
      for (const job of running.pending.values()) job.reject(error);
      running.pending.clear();
    };
    worker.on("message", ({ id, error }: { id: number; error?: string }) => {
      const job = running.pending.get(id);
      running.pending.delete(id);
      if (running.pending.size === 0) worker.unref();
      if (error === undefined) job?.resolve();
      else job?.reject(new Error(error));
    });
    worker.on("error", failAll);
    worker.on("exit", (code) => failAll(new Error(`the mail file thread stopped (exit code ${code})`)));
    return running;
  };

  return {
    write(job) {
      const running = (current ??= start());
      if (running.pending.size === 0) running.worker.ref();
      const id = nextId++;
      return new Promise<void>((resolve, reject) => {
        running.pending.set(id, { resolve, reject });
        running.worker.postMessage({ id, message: job.message, file: job.file });
      });
    },
    close() {
      const running = current;
      current = undefined;
      if (running) void running.worker.terminate();
    },
  };
}
