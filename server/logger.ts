import { AsyncLocalStorage } from "node:async_hooks";
import pino from "pino";
import type { Config } from "./config";

export type Logger = pino.Logger;

const CENSOR = "[Redacted]";
/** A key whose value never reaches the log, in any object logged as a field. */
const SECRET_KEYS = new Set(["apiKey", "password"]);
/** Request headers that never reach the log, when a request is logged as `req`. */
const SECRET_HEADERS = new Set(["cookie", "authorization"]);

function withoutSecrets(field: string, value: object): object {
  let copy: Record<string, unknown> | undefined;
  for (const key of Object.keys(value)) {
    if (SECRET_KEYS.has(key)) (copy ??= { ...value })[key] = CENSOR;
  }
  const headers = field === "req" ? (value as { headers?: unknown }).headers : undefined;
  if (headers && typeof headers === "object" && Object.keys(headers).some((name) => SECRET_HEADERS.has(name))) {
    const kept: Record<string, unknown> = { ...headers };
    for (const name of SECRET_HEADERS) if (name in kept) kept[name] = CENSOR;
    (copy ??= { ...value }).headers = kept;
  }
  return copy ?? value;
}

/**
 * The log's redaction, as pino's `redact` paths `req.headers.cookie`, `req.headers.authorization`,
 * `*.apiKey` and `*.password` would do it, without their cost: pino runs every field of every
 * line through its redactor for a wildcard path (a tenth of the memory a sign-up burst allocated, 0049).
 * Here a line is only scanned, and copied only when it carries a secret; the logged object itself
 * is never changed.
 */
function redactSecrets(object: Record<string, unknown>): Record<string, unknown> {
  let copy: Record<string, unknown> | undefined;
  for (const field in object) {
    const value = object[field];
    if (value === null || typeof value !== "object" || value instanceof Error) continue;
    const redacted = withoutSecrets(field, value);
    if (redacted !== value) (copy ??= { ...object })[field] = redacted;
  }
  return copy ?? object;
}

/** An address in free text (an SMTP server's error names the recipient): `[address]` in the log. */
export function withoutAddresses(text: string): string {
  return text.replace(/[^\s<>()[\]"',;:]+@[^\s<>()[\]"',;:]+/g, "[address]");
}

/**
 * JSON lines on stdout (or `destination`); request bodies and secrets are never logged. Writes are
 * asynchronous and gathered: a write when 4 KB of lines are waiting, and at least every 100 ms
 * (during a rush, one system call for many access-log lines instead of one per line;
 * docs/decisions/0077). `flushLogs` before exiting; a process killed with SIGKILL loses at most
 * its last 100 ms of lines.
 */
export function createLogger(level: Config["logLevel"], destination: pino.DestinationStream = pino.destination({ dest: 1, sync: false, minLength: 4096, periodicFlush: 100 })): Logger {
  return pino({ level, base: undefined, formatters: { log: redactSecrets }, mixin: requestIdField }, destination);
}

/**
 * The id of the request being handled, for every line logged while handling it (services log with
 * the process's logger; no logger is made per request). Lines outside a request (the mail thread,
 * timers) carry none.
 */
const requestIds = new AsyncLocalStorage<string>();
// A new object each time: pino merges the line's own fields into it.
function requestIdField(): object {
  const reqId = requestIds.getStore();
  return reqId === undefined ? {} : { reqId };
}

/** Runs `next` (the rest of a request's handling) with `reqId` on every line it logs. */
export function withRequestId(reqId: string, next: () => void): void {
  requestIds.run(reqId, next);
}

export function flushLogs(logger: Logger): Promise<void> {
  return new Promise((resolve) => logger.flush(() => resolve()));
}
