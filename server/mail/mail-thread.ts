import type { Worker } from "node:worker_threads";
import { startWorker } from "../worker-threads";
import type { Delivery, MailJob, MailReply, MailRequest, MailWorkerData } from "./mail-worker-messages";

export interface MailThread {
  /** Resolves with the file written or the SMTP server's answer; rejects with the reason. */
  deliver(job: MailJob): Promise<string>;
  close(): void;
}

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
  const post = (worker: Worker, request: MailRequest) => worker.postMessage(request);

  const start = (): Running => {
    const worker = startWorker("mail/mail-worker.ts", { delivery, priority } satisfies MailWorkerData);
    const running: Running = { worker, pending: new Map() };
    const failAll = (error: Error) => {
      if (current === running) current = undefined;
      for (const job of running.pending.values()) job.reject(error);
      running.pending.clear();
    };
    worker.on("message", (reply: MailReply) => {
      const job = running.pending.get(reply.id);
      running.pending.delete(reply.id);
      if (running.pending.size === 0) worker.unref();
      if ("error" in reply) job?.reject(new Error(reply.error));
      else job?.resolve(reply.outcome);
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
        post(running.worker, { id, message: job.message, file: job.file });
      });
    },
    /** The thread closes its SMTP connections and ends; one that does not within 5 s is stopped. */
    close() {
      const running = current;
      current = undefined;
      if (!running) return;
      post(running.worker, "close");
      running.worker.unref();
      setTimeout(() => void running.worker.terminate(), 5_000).unref();
    },
  };
}
