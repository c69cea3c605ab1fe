/**
 * The mail thread (started by mail-thread.ts). Files: MailComposer builds the message, which is
 * written atomically (temporary file, then rename) with synchronous calls, which cost this thread
 * alone. SMTP: the transport's sendMail.
 */
import fs from "node:fs";
import { parentPort, workerData } from "node:worker_threads";
import nodemailer from "nodemailer";
import MailComposer from "nodemailer/lib/mail-composer";
import { setThreadPriority } from "../worker-threads";
import type { MailJob, MailReply, MailRequest, MailWorkerData } from "./mail-worker-messages";

const port = parentPort!;
const { delivery, priority } = workerData as MailWorkerData;

setThreadPriority(priority);

let deliver: (job: MailJob) => Promise<string>;
let close = (): void => undefined;
if (delivery.kind === "file") {
  let dirReady = false;
  deliver = async ({ message, file }) => {
    if (file === undefined) throw new Error("a mail delivered as a file needs its file name");
    const built = await new MailComposer(message).compile().build();
    // What nodemailer's newline: "unix" does: every CR byte goes (latin1 keeps each byte as is).
    const eml = Buffer.from(built.toString("latin1").replaceAll("\r", ""), "latin1");
    if (!dirReady) {
      fs.mkdirSync(delivery.dir, { recursive: true });
      dirReady = true;
    }
    try {
      fs.writeFileSync(`${file}.tmp`, eml);
    } catch (error) {
      // The folder went away (removed by hand): made again for the retry.
      if ((error as NodeJS.ErrnoException).code === "ENOENT") dirReady = false;
      throw error;
    }
    fs.renameSync(`${file}.tmp`, file);
    return file;
  };
} else {
  const transport = nodemailer.createTransport(delivery.transport);
  deliver = async ({ message }) => ((await transport.sendMail(message)) as { response?: string }).response || "sent";
  close = () => transport.close();
}

port.on("message", (request: MailRequest) => {
  if (request === "close") {
    close();
    port.close();
    return;
  }
  deliver(request).then(
    (outcome) => reply({ id: request.id, outcome }),
    (error: unknown) => reply({ id: request.id, error: error instanceof Error ? error.message : String(error) }),
  );
});

function reply(message: MailReply): void {
  port.postMessage(message);
}
