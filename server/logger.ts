import pino from "pino";
import type { Config } from "./config";

export type Logger = pino.Logger;

/** JSON lines on stdout; request bodies and secrets are never logged. */
export function createLogger(level: Config["logLevel"]): Logger {
  return pino({
    level,
    base: undefined,
    redact: ["req.headers.cookie", "req.headers.authorization", "*.apiKey", "*.password"],
  });
}
