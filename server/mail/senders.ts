import path from "node:path";
import type { MailRow } from "../db/schema";
import { mailThread } from "./mail-thread";

/** Delivers one outbox row. Throws when it could not; the worker retries later. */
export interface MailSender {
  readonly kind: "smtp" | "file";
  send(mail: MailRow): Promise<string>;
  close(): void;
}

/** The row's extra headers (List-Unsubscribe…), written by composeMail as a JSON object of strings. */
export function extraHeaders(mail: MailRow): Record<string, string> | undefined {
  if (!mail.headers) return undefined;
  const parsed = JSON.parse(mail.headers) as unknown;
  if (typeof parsed !== "object" || parsed === null) return undefined;
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(parsed)) if (typeof value === "string") headers[name] = value;
  return headers;
}

/** The Message-ID of a row's mail: the row's own (a threaded reply's), else derived from the row id,
 * so a mail sent twice after a crash (at-least-once) carries the same id and mail clients can fold
 * the copies. */
export function messageIdOf(mail: Pick<MailRow, "id" | "message_id">, from: string): string {
  if (mail.message_id) return mail.message_id;
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? "localhost";
  return `<${mail.id}@${domain}>`;
}

/** The nodemailer message of a row. */
function message(mail: MailRow, from: string) {
  return {
    from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    messageId: messageIdOf(mail, from),
    ...(mail.reply_to ? { replyTo: mail.reply_to } : {}),
    ...(mail.in_reply_to ? { inReplyTo: mail.in_reply_to } : {}),
    ...(mail.thread_references ? { references: mail.thread_references.split(" ") } : {}),
    date: new Date(mail.created_at),
    headers: extraHeaders(mail),
    disableFileAccess: true,
    disableUrlAccess: true,
  };
}

/**
 * Both senders hand each message to a thread of the lowest priority (./mail-thread.ts, decision
 * 0049): building a message (nodemailer's MailComposer), talking SMTP and creating a file cost
 * far more than answering a request, and during a rush they take only the CPU requests leave.
 */

/** Sends through SMTP_URL with one pooled connection, and bounded timeouts. */
export function smtpSender(url: string, from: string): MailSender {
  const thread = mailThread({
    kind: "smtp",
    transport: { url, pool: true, maxConnections: 1, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 },
  });
  return {
    kind: "smtp",
    send: (mail) => thread.deliver({ message: message(mail, from) }).then((response) => response || "sent"),
    close: () => thread.close(),
  };
}

/**
 * Without SMTP_URL: each mail becomes an .eml file (the exact message SMTP would carry, with Unix
 * line ends) under `dir`, written atomically; sending the same row again overwrites the same file.
 * The message is built by nodemailer's MailComposer, the part of a transport that makes the
 * bytes (a stream transport around it made the same file at twice the CPU time, 0047).
 */
export function fileSender(dir: string, from: string): MailSender {
  const thread = mailThread({ kind: "file", dir });
  return {
    kind: "file",
    async send(mail) {
      const file = path.join(dir, `${mail.created_at.replace(/[:.]/g, "-")}-${mail.id}.eml`);
      return thread.deliver({ message: message(mail, from), file });
    },
    close: () => thread.close(),
  };
}
