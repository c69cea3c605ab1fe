import { afterAll, beforeAll, expect, it } from "vitest";
import { type Smtp, startSmtp } from "../../tests/support/smtp";
import type { MailRow } from "../db/schema";
import { composeMail } from "./compose";
import { smtpSender } from "./senders";

let smtp: Smtp;

beforeAll(async () => {
  smtp = await startSmtp();
});

afterAll(async () => {
  await smtp?.stop();
});

/** An outbox row as the worker hands it to a sender. */
function row(n: number): MailRow {
  const mail = composeMail({ to: `reader${n}@example.com`, subject: `Mail ${n}`, text: "Hello", about: null });
  return { ...mail, about_email: null, last_error: null, sent_at: null, headers: null, template: null, priority: mail.priority ?? 1, attempts: 1, claimed_by: null, claimed_until: null };
}

/** Sends `count` mails one after another through a sender on `url`; the connections they came in. */
async function connectionsOf(url: string, first: number, count: number): Promise<string[]> {
  const sender = smtpSender(url, "Heavy Route <team@heavyroute.example>");
  try {
    for (let n = first; n < first + count; n++) expect(await sender.send(row(n))).toMatch(/^250 /);
  } finally {
    sender.close();
  }
  const received = await smtp.waitFor(first + count);
  return received.slice(first).map((mail) => mail.connection);
}

it("keeps one pooled SMTP connection for many mails", async () => {
  expect(new Set(await connectionsOf(smtp.url, 0, 5)).size).toBe(1);
});

it("takes the pool's options from SMTP_URL's query: ?maxMessages=2 opens a new connection every two mails", async () => {
  const connections = await connectionsOf(`${smtp.url}?maxMessages=2`, 5, 5);
  expect(connections).toHaveLength(5);
  expect(new Set(connections).size).toBe(3);
  expect(connections[0]).toBe(connections[1]);
  expect(connections[2]).not.toBe(connections[1]);
});
