import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import MailComposer from "nodemailer/lib/mail-composer";
import { afterAll, expect, it } from "vitest";
import { EML_THREAD_PRIORITY, emlWriterThread } from "./eml-writer-thread";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "eml-thread-"));
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
  const thread = emlWriterThread(mailDir);
  try {
    const file = path.join(mailDir, "welcome.eml");
    await thread.write({ message, file });
    const expected = (await new MailComposer(message).compile().build()).toString("latin1").replaceAll("\r", "");
    expect(fs.readFileSync(file, "latin1")).toBe(expected);
    expect(fs.readdirSync(mailDir)).toEqual(["welcome.eml"]); // no temporary file left
    if (process.platform === "linux") expect(threadPriorities()).toContain(EML_THREAD_PRIORITY);
  } finally {
    thread.close();
  }
});

it("fails a mail it cannot write with the reason, then writes the next one", async () => {
  const blocked = path.join(dir, "blocked");
  fs.writeFileSync(blocked, "a file where the mail folder should be");
  const thread = emlWriterThread(blocked);
  try {
    await expect(thread.write({ message, file: path.join(blocked, "one.eml") })).rejects.toThrow(/EEXIST|ENOTDIR/);
    fs.rmSync(blocked);
    await thread.write({ message, file: path.join(blocked, "two.eml") });
    expect(fs.readdirSync(blocked)).toEqual(["two.eml"]);
  } finally {
    thread.close();
  }
});

it("starts a new thread for the next mail after it was closed", async () => {
  const mailDir = path.join(dir, "again");
  const thread = emlWriterThread(mailDir);
  await thread.write({ message, file: path.join(mailDir, "first.eml") });
  thread.close();
  await thread.write({ message, file: path.join(mailDir, "second.eml") });
  thread.close();
  expect(fs.readdirSync(mailDir).sort()).toEqual(["first.eml", "second.eml"]);
});
