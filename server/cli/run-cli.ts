/**
 * What every `npm run <command>` entry shares: it runs `main` when the file is the process's
 * entry (not when a test imports it), exits with its code, and answers a usage error with the
 * message and the usage (exit 2), a configuration error with its message (exit 2), any other
 * error with `describe(error)` (exit 1).
 */
import { ConfigError } from "../config";

/** A command line the command cannot take: its message is shown above the usage. */
export class UsageError extends Error {}

export function runCli(entryUrl: string, main: (args: string[]) => Promise<number>, usage: string, describe: (error: unknown) => unknown): void {
  if (!process.argv[1] || !entryUrl.endsWith(process.argv[1].replace(/^.*\/server\//, "/server/"))) return;
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      if (error instanceof UsageError || (error instanceof TypeError && "code" in error && String(error.code).startsWith("ERR_PARSE_ARGS"))) {
        console.error(`${error.message}\n\n${usage}`);
        process.exit(2);
      }
      // The command line was right; the configuration (environment, .env) is what to fix.
      if (error instanceof ConfigError) {
        console.error(error.message);
        process.exit(2);
      }
      console.error(describe(error));
      process.exit(1);
    },
  );
}
