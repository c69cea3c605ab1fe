/** The messages between the mail thread (mail-worker.ts) and the code that starts it (mail-thread.ts). */

/** How the thread delivers: `.eml` files under a folder, or nodemailer's pooled SMTP transport. */
export type Delivery = { kind: "file"; dir: string } | { kind: "smtp"; transport: Record<string, unknown> };

/** What the thread is started with. */
export interface MailWorkerData {
  delivery: Delivery;
  /** Its scheduling priority (nice value, Linux). */
  priority: number;
}

/** One mail: nodemailer's message options (plain data) and, for files, the file to write. */
export interface MailJob {
  message: Record<string, unknown>;
  file?: string;
}

/** To the thread: a mail to deliver, or "close" (close the SMTP connections and end). */
export type MailRequest = (MailJob & { id: number }) | "close";

/** From the thread: the file written or the SMTP server's answer, or the reason it failed. */
export type MailReply = { id: number; outcome: string } | { id: number; error: string };
