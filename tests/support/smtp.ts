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
 * Messages are decoded with a small MIME reader (enough for nodemailer's output: multipart,
 * quoted-printable, base64, RFC 2047 encoded words, UTF-8).
 */
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
  /** Top-level headers: lower-case names, decoded values; repeated headers joined with "\n". */
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

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    size: 10 * 1024 * 1024,
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
        const parsed = parseMessage(raw);
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          ...parsed,
          raw,
        });
        for (const waiter of waiters) waiter();
        callback();
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

// ---- A small MIME reader -------------------------------------------------------------------

interface Part {
  headers: Record<string, string>;
  body: string;
}

function splitHeadersAndBody(raw: string): Part {
  const text = raw.replace(/\r\n/g, "\n");
  const end = text.indexOf("\n\n");
  const head = end < 0 ? text : text.slice(0, end);
  const body = end < 0 ? "" : text.slice(end + 2);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\n[ \t]+/g, " ").split("\n")) {
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    headers[name] = name in headers ? `${headers[name]}\n${value}` : value;
  }
  return { headers, body };
}

/** Reads a parameter (boundary, charset) of a structured header value. */
function headerParam(value: string | undefined, name: string): string | undefined {
  const match = value?.match(new RegExp(`;\\s*${name}\\s*=\\s*(?:"([^"]*)"|([^;\\s]+))`, "i"));
  return match ? (match[1] ?? match[2]) : undefined;
}

function decodeBytes(bytes: Buffer, charset = "utf-8"): string {
  try {
    return new TextDecoder(charset).decode(bytes);
  } catch {
    return bytes.toString("utf8");
  }
}

function decodeQuotedPrintable(input: string): Buffer {
  const soft = input.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    const hex = soft.slice(i + 1, i + 3);
    if (soft[i] === "=" && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(soft[i] ?? "", "utf8"));
    }
  }
  return Buffer.from(bytes);
}

/** RFC 2047: =?charset?B|Q?text?= words, adjacent words joined without the space between. */
export function decodeWords(value: string): string {
  return value
    .replace(/(=\?[^?]+\?[BbQq]\?[^?]*\?=)\s+(?==\?)/g, "$1")
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_all, charset: string, encoding: string, text: string) => {
      const bytes =
        encoding.toUpperCase() === "B" ? Buffer.from(text, "base64") : decodeQuotedPrintable(text.replace(/_/g, " "));
      return decodeBytes(bytes, charset);
    });
}

function decodeBody(part: Part): string {
  const encoding = (part.headers["content-transfer-encoding"] ?? "7bit").toLowerCase();
  const charset = headerParam(part.headers["content-type"], "charset") ?? "utf-8";
  if (encoding === "base64") return decodeBytes(Buffer.from(part.body.replace(/\s+/g, ""), "base64"), charset);
  if (encoding === "quoted-printable") return decodeBytes(decodeQuotedPrintable(part.body), charset);
  return part.body;
}

function collect(part: Part, found: { text: string; html: string }): void {
  const type = (part.headers["content-type"] ?? "text/plain").toLowerCase();
  if (type.startsWith("multipart/")) {
    const boundary = headerParam(part.headers["content-type"], "boundary");
    if (!boundary) return;
    const sections = part.body.split(`--${boundary}`).slice(1);
    for (const section of sections) {
      if (section.startsWith("--")) break;
      collect(splitHeadersAndBody(section.replace(/^\n/, "").replace(/\n$/, "")), found);
    }
    return;
  }
  if ((part.headers["content-disposition"] ?? "").toLowerCase().startsWith("attachment")) return;
  if (type.startsWith("text/html") && !found.html) found.html = decodeBody(part);
  else if (type.startsWith("text/plain") && !found.text) found.text = decodeBody(part);
}

export function parseMessage(raw: string): Omit<ReceivedMail, "from" | "to" | "raw"> {
  const top = splitHeadersAndBody(raw);
  const found = { text: "", html: "" };
  collect(top, found);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(top.headers)) headers[name] = decodeWords(value);
  return { subject: headers.subject ?? "", text: found.text.replace(/\n$/, ""), html: found.html.replace(/\n$/, ""), headers };
}
