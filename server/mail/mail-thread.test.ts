import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import MailComposer from "nodemailer/lib/mail-composer";
import { afterAll, expect, it } from "vitest";
import { startSmtp } from "../../tests/support/smtp";
import { MAIL_THREAD_PRIORITY, mailThread } from "./mail-thread";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mail-thread-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const message = {
  from: "Max Load <team@heavyroute.example>",
  to: "ada@example.com",
  subject: "Welcome to the HeavyRoute newsletter",
  text: "Line one\nLine two: é",
  messageId: "<0190-test@heavyroute.example>",
  date: new Date("2026-11-23T10:00:00.000Z"),
  headers: { "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
};

/** The nice value of each thread of this process (Linux). */
function threadPriorities(): number[] {
  return fs.readdirSync("/proc/self/task").map((tid) => Number(fs.readFileSync(`/proc/self/task/${tid}/stat`, "utf8").split(") ")[1]!.split(" ")[16]));
}

it("writes the message nodemailer builds, with Unix line ends, from a thread of the lowest priority", async () => {
  const mailDir = path.join(dir, "mail");
  const thread = mailThread({ kind: "file", dir: mailDir });
  try {
    const file = path.join(mailDir, "welcome.eml");
    expect(await thread.deliver({ message, file })).toBe(file);
    const expected = (await new MailComposer(message).compile().build()).toString("latin1").replaceAll("\r", "");
    expect(fs.readFileSync(file, "latin1")).toBe(expected);
    expect(fs.readdirSync(mailDir)).toEqual(["welcome.eml"]); // no temporary file left
    if (process.platform === "linux") expect(threadPriorities()).toContain(MAIL_THREAD_PRIORITY);
  } finally {
    thread.close();
  }
});

it("fails a mail it cannot write with the reason, then writes the next one", async () => {
  const blocked = path.join(dir, "blocked");
  fs.writeFileSync(blocked, "a file where the mail folder should be");
  const thread = mailThread({ kind: "file", dir: blocked });
  try {
    await expect(thread.deliver({ message, file: path.join(blocked, "one.eml") })).rejects.toThrow(/EEXIST|ENOTDIR/);
    fs.rmSync(blocked);
    await thread.deliver({ message, file: path.join(blocked, "two.eml") });
    expect(fs.readdirSync(blocked)).toEqual(["two.eml"]);
  } finally {
    thread.close();
  }
});

it("makes the mail folder again when it was removed: the mail that found it gone is written on its retry", async () => {
  const mailDir = path.join(dir, "removed");
  const thread = mailThread({ kind: "file", dir: mailDir });
  try {
    await thread.deliver({ message, file: path.join(mailDir, "before.eml") });
    fs.rmSync(mailDir, { recursive: true });
    await expect(thread.deliver({ message, file: path.join(mailDir, "after.eml") })).rejects.toThrow(/ENOENT/);
    await thread.deliver({ message, file: path.join(mailDir, "after.eml") });
    expect(fs.readdirSync(mailDir)).toEqual(["after.eml"]);
  } finally {
    thread.close();
  }
});

it("starts a new thread for the next mail after it was closed", async () => {
  const mailDir = path.join(dir, "again");
  const thread = mailThread({ kind: "file", dir: mailDir });
  await thread.deliver({ message, file: path.join(mailDir, "first.eml") });
  thread.close();
  await thread.deliver({ message, file: path.join(mailDir, "second.eml") });
  thread.close();
  expect(fs.readdirSync(mailDir).sort()).toEqual(["first.eml", "second.eml"]);
});

it("delivers through SMTP from the thread: the server's answer, or its refusal as the reason", async () => {
  const smtp = await startSmtp();
  const thread = mailThread({ kind: "smtp", transport: { url: smtp.url, pool: true, maxConnections: 1 } });
  try {
    expect(await thread.deliver({ message })).toMatch(/^250 /);
    const [received] = await smtp.waitFor(1);
    expect(received).toMatchObject({ from: "team@heavyroute.example", to: ["ada@example.com"], subject: message.subject, text: message.text });
    expect(received!.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    smtp.setFailing(true);
    await expect(thread.deliver({ message })).rejects.toThrow(/451/);
  } finally {
    thread.close();
    await smtp.stop();
  }
});
