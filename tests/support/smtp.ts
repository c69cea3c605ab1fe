/**
 * A real SMTP server (smtp-server) on loopback that keeps what it receives.
 *
 *   const smtp = await startSmtp();
 *   const site = await startSite({ env: { SMTP_URL: smtp.url } });
 *   …
 *   const [mail] = await smtp.waitFor(1);
 *   expect(mail.to).toEqual(["team@example.com"]);
 *   smtp.setFailing(true);   // answers 451 to MAIL FROM: a temporary failure, the sender retries
 *   await smtp.stop();       // then startSmtp({ port }) for "down, then up again"
 *
 * Messages are parsed by mailparser, a MIME parser of its own: a test about what a mail contains (or
 * does not, such as an injected header) does not depend on a decoder written for our own output.
 */
import { type HeaderValue, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  /** Envelope sender (MAIL FROM). */
  from: string;
  /** Envelope recipients (RCPT TO). */
  to: string[];
  subject: string;
  /** The text/plain part, decoded ("" if none). */
  text: string;
  /** The text/html part, decoded ("" if none). */
  html: string;
  /** The message as received. */
  raw: string;
  /** The SMTP session (one client connection) it came in. */
  connection: string;
  /**
   * Top-level headers as mailparser reads them: lower-case names, decoded values as text (an
   * address list as its text form, a date in ISO form, a structured header as `value; name=value`);
   * repeated headers joined with "\n".
   */
  headers: Record<string, string>;
}

export interface Smtp {
  /** smtp://127.0.0.1:PORT */
  url: string;
  port: number;
  /** Every message accepted so far, in order. */
  messages: ReceivedMail[];
  /** While true, MAIL FROM is answered "451 try again later" and nothing is stored. */
  setFailing(failing: boolean): void;
  /** Resolves once at least n messages have arrived (with all of them). */
  waitFor(n: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  stop(): Promise<void>;
}

export interface StartSmtpOptions {
  failing?: boolean;
  /** Default: a free port. Pass a stopped server's port to bring it "back up". */
  port?: number;
}

export async function startSmtp(options: StartSmtpOptions = {}): Promise<Smtp> {
  let failing = options.failing ?? false;
  const messages: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  let received = Promise.resolve();

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    size: 10 * 1024 * 1024,
    // stop() is "the mail server goes down": a client's idle pooled connection (nodemailer keeps one
    // open for minutes) is told 421 and closed at once rather than waited for (30 s by default).
    closeTimeout: 100,
    onMailFrom(_address, _session, callback) {
      if (!failing) return callback();
      const error = Object.assign(new Error("Mailbox temporarily unavailable, try again later"), { responseCode: 451 });
      callback(error);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        // Stored before the server answers 250, in the order the messages arrived.
        received = received
          .then(() => parseMessage(raw))
          .then(
            (parsed) => {
              messages.push({
                from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
                to: session.envelope.rcptTo.map((r) => r.address),
                ...parsed,
                raw,
                connection: session.id,
              });
              for (const waiter of waiters) waiter();
              callback();
            },
            (error: unknown) => {
              console.error("[smtp] cannot parse a message", error);
              callback(error instanceof Error ? error : new Error(String(error)));
            },
          );
      });
    },
  });

  // A client that dies mid-session (a killed site) resets its connection; smtp-server reports that
  // as an "error" event, which is part of the scenario, not a failure of this server.
  server.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code !== "ECONNRESET" && error.code !== "EPIPE") console.error("[smtp]", error);
  });

  const port = await new Promise<number>((resolve, reject) => {
    server.server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => {
      const address = server.server.address();
      resolve(typeof address === "object" && address ? address.port : 0);
    });
  });

  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    setFailing(value) {
      failing = value;
    },
    waitFor(n, timeoutMs = 15_000) {
      if (messages.length >= n) return Promise.resolve([...messages]);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`Expected ${n} mail(s) within ${timeoutMs} ms, got ${messages.length}`));
        }, timeoutMs);
        const check = () => {
          if (messages.length < n) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve([...messages]);
        };
        waiters.add(check);
      });
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** One header value as text (see ReceivedMail.headers). */
function headerText(value: HeaderValue): string {
  if (typeof value === "string") return value;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map((item: HeaderValue) => headerText(item)).join("\n");
  if ("text" in value && typeof value.text === "string") return value.text;
  if ("params" in value && typeof value.value === "string") {
    const params = value.params as Record<string, string>;
    return [value.value, ...Object.entries(params).map(([name, param]) => `${name}=${param}`)].join("; ");
  }
  return JSON.stringify(value);
}

export async function parseMessage(raw: string): Promise<Omit<ReceivedMail, "from" | "to" | "raw" | "connection">> {
  // Only what the message holds: no text made from the HTML, no HTML made from the text.
  const parsed = await simpleParser(raw, { skipHtmlToText: true, skipTextToHtml: true, skipTextLinks: true, skipImageLinks: true });
  const headers: Record<string, string> = {};
  for (const [name, value] of parsed.headers) headers[name] = headerText(value);
  return {
    subject: parsed.subject ?? "",
    text: (parsed.text ?? "").replace(/\n$/, ""),
    html: (parsed.html || "").replace(/\n$/, ""),
    headers,
  };
}
