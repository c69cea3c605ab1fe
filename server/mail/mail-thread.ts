import { createRequire } from "node:module";
import type { Worker } from "node:worker_threads";
import { evalThread } from "../worker-threads";

/** How the thread delivers: `.eml` files under a folder, or nodemailer's pooled SMTP transport. */
export type Delivery = { kind: "file"; dir: string } | { kind: "smtp"; transport: Record<string, unknown> };

/** One mail: nodemailer's message options (plain data) and, for files, the file to write. */
export interface MailJob {
  message: Record<string, unknown>;
  file?: string;
}

export interface MailThread {
  /** Resolves with the file written or the SMTP server's answer; rejects with the reason. */
  deliver(job: MailJob): Promise<string>;
  close(): void;
}

/**
 * The thread. Files: MailComposer builds the message, which is written atomically (temporary
 * file, then rename) with synchronous calls, which cost this thread alone. SMTP: the transport's
 * sendMail. Run by evalThread (../worker-threads).
 */
const THREAD_SOURCE = `
const fs = require("node:fs");
const os = require("node:os");
const { parentPort, workerData } = require("node:worker_threads");
try {
  // Linux: /proc/thread-self names this thread, and a thread's id sets its own priority.
  os.setPriority(Number(fs.readlinkSync("/proc/thread-self").split("/").pop()), workerData.priority);
} catch {
  // elsewhere the thread keeps the process's priority
}
const { delivery } = workerData;
let deliver;
let close = () => undefined;
if (delivery.kind === "file") {
  const MailComposer = require(workerData.modules.mailComposer);
  let dirReady = false;
  deliver = async ({ message, file }) => {
    const built = await new MailComposer(message).compile().build();
    // What nodemailer's newline: "unix" does: every CR byte goes (latin1 keeps each byte as is).
    const eml = Buffer.from(built.toString("latin1").replaceAll("\\r", ""), "latin1");
    if (!dirReady) {
      fs.mkdirSync(delivery.dir, { recursive: true });
      dirReady = true;
    }
    try {
      fs.writeFileSync(file + ".tmp", eml);
    } catch (error) {
      // The folder went away (removed by hand): made again for the retry.
      if (error && error.code === "ENOENT") dirReady = false;
      throw error;
    }
    fs.renameSync(file + ".tmp", file);
    return file;
  };
} else {
  const transport = require(workerData.modules.nodemailer).createTransport(delivery.transport);
  deliver = async ({ message }) => (await transport.sendMail(message)).response || "sent";
  close = () => transport.close();
}
parentPort.on("message", async (job) => {
  if (job === "close") {
    close();
    parentPort.close();
    return;
  }
  try {
    parentPort.postMessage({ id: job.id, outcome: await deliver(job) });
  } catch (error) {
    parentPort.postMessage({ id: job.id, error: String((error && error.message) || error) });
  }
});
`;

/**
 * Lowest scheduling priority (nice 19): when requests and mail compete for the cores, requests
 * win and the thread takes what is left. Mail waits in the outbox, durably, meanwhile.
 */
export const MAIL_THREAD_PRIORITY = 19;

/**
 * A thread that builds and delivers mail away from the event loop (decision 0049), started at the
 * first mail. It keeps the process alive only while a mail is in hand. If it dies, the mails in
 * hand fail (the outbox retries them) and the next mail starts a new one.
 */
export function mailThread(delivery: Delivery, priority = MAIL_THREAD_PRIORITY): MailThread {
  interface Running {
    worker: Worker;
    /** This thread's mails in hand: a thread that ends fails its own, not its successor's. */
    pending: Map<number, { resolve: (outcome: string) => void; reject: (error: Error) => void }>;
  }
  let current: Running | undefined;
  let nextId = 0;
  const requireHere = createRequire(import.meta.url);

  const start = (): Running => {
    const modules = { mailComposer: requireHere.resolve("nodemailer/lib/mail-composer"), nodemailer: requireHere.resolve("nodemailer") };
    const worker = evalThread(THREAD_SOURCE, { delivery, modules, priority });
    const running: Running = { worker, pending: new Map() };
    const failAll = (error: Error) => {
      if (current === running) current = undefined;
      for (const job of running.pending.values()) job.reject(error);
      running.pending.clear();
    };
    worker.on("message", ({ id, outcome, error }: { id: number; outcome?: string; error?: string }) => {
      const job = running.pending.get(id);
      running.pending.delete(id);
      if (running.pending.size === 0) worker.unref();
      if (error === undefined) job?.resolve(outcome ?? "");
      else job?.reject(new Error(error));
    });
    worker.on("error", failAll);
    worker.on("exit", (code) => failAll(new Error(`the mail thread stopped (exit code ${code})`)));
    return running;
  };

  return {
    deliver(job) {
      const running = (current ??= start());
      if (running.pending.size === 0) running.worker.ref();
      const id = nextId++;
      return new Promise<string>((resolve, reject) => {
        running.pending.set(id, { resolve, reject });
        running.worker.postMessage({ id, message: job.message, file: job.file });
      });
    },
    /** The thread closes its SMTP connections and ends; one that does not within 5 s is stopped. */
    close() {
      const running = current;
      current = undefined;
      if (!running) return;
      running.worker.postMessage("close");
      running.worker.unref();
      setTimeout(() => void running.worker.terminate(), 5_000).unref();
    },
  };
}
