import pino from "pino";
import type { Config } from "./config";

export type Logger = pino.Logger;

/**
 * JSON lines on stdout; request bodies and secrets are never logged. Writes are asynchronous
 * (no system call per request line); `flushLogs` before exiting.
 */
export function createLogger(level: Config["logLevel"]): Logger {
  return pino(
    { level, base: undefined, redact: ["req.headers.cookie", "req.headers.authorization", "*.apiKey", "*.password"] },
    pino.destination({ dest: 1, sync: false }),
  );
}

export function flushLogs(logger: Logger): Promise<void> {
  return new Promise((resolve) => logger.flush(() => resolve()));
}
