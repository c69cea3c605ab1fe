/**
 * The team's lead tool.
 *
 *   npm run leads -- export --format csv|json [--since YYYY-MM-DD] [--out FILE]
 *   npm run leads -- delete --email ADDRESS
 *
 * Reads the same configuration as the server (DATA_DIR, DATABASE_URL). Export streams every lead
 * of every kind in server/leads/lead-kinds.ts, then the chat conversations, to stdout or FILE,
 * oldest first per kind, in the columns of the team's export, with a progress line on stderr. Delete erases one person everywhere (the privacy policy's promise) and prints counts.
 */
import fs from "node:fs";
import { once } from "node:events";
import { parseArgs } from "node:util";
import type { Writable } from "node:stream";
import { loadProcessConfig } from "../config";
import { runCli, UsageError } from "./run-cli";
import { migrateToLatest, openDatabase, type Db } from "../db/database";
import { isValidAddress } from "../mail/compose";
import { erasePerson } from "../leads/erase";
import { allLeadRecords, exportText } from "../leads/export";

const USAGE = `Usage:
  npm run leads -- export --format csv|json [--since YYYY-MM-DD] [--out FILE]
  npm run leads -- delete --email ADDRESS`;

async function write(out: Writable, chunk: string): Promise<void> {
  if (!out.write(chunk)) await once(out, "drain");
}

export async function exportLeads(db: Db, options: { format: "csv" | "json"; since?: string; out: Writable; progress?: (count: number) => void }): Promise<number> {
  const { format, since, out, progress } = options;
  const text = exportText(allLeadRecords(db, since), format, { batch: 1, onRecord: (count) => count % 1_000 === 0 && progress?.(count) });
  for (;;) {
    const next = await text.next();
    if (next.done) return next.value;
    await write(out, next.value);
  }
}

function parseSince(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`))) throw new UsageError(`--since must be a date as YYYY-MM-DD, not "${value}".`);
  return `${value}T00:00:00.000Z`;
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  const { values } = parseArgs({
    args: rest,
    options: { format: { type: "string" }, since: { type: "string" }, out: { type: "string" }, email: { type: "string" }, help: { type: "boolean", short: "h" } },
    strict: true,
  });
  if (values.help || !command) {
    console.log(USAGE);
    return command ? 0 : 2;
  }
  if (command !== "export" && command !== "delete") throw new UsageError(`Unknown command "${command}".`);
  const config = loadProcessConfig();
  const database = openDatabase(config.database);
  try {
    await migrateToLatest(database.db);
    if (command === "export") {
      const format = values.format;
      if (format !== "csv" && format !== "json") throw new UsageError("--format must be csv or json.");
      const since = parseSince(values.since);
      const out = values.out ? fs.createWriteStream(values.out) : process.stdout;
      const started = Date.now();
      const progress = (count: number) => {
        const line = `exported ${count.toLocaleString("en-US")} records…`;
        if (process.stderr.isTTY) process.stderr.write(`\r${line}`);
        else if (count % 10_000 === 0) process.stderr.write(`${line}\n`);
      };
      const count = await exportLeads(database.db, { format, since, out, progress });
      if (out !== process.stdout) {
        out.end();
        await once(out, "finish");
      }
      if (process.stderr.isTTY && count >= 1_000) process.stderr.write("\n");
      process.stderr.write(`Exported ${count} record(s) in ${((Date.now() - started) / 1000).toFixed(1)} s${values.out ? ` to ${values.out}` : ""}.\n`);
    } else {
      const email = values.email?.trim();
      if (!email || !isValidAddress(email)) throw new UsageError("--email must be one email address.");
      const counts = await erasePerson(database.db, email);
      const total = Object.values(counts).reduce((sum, n) => sum + n, 0);
      for (const [type, n] of Object.entries(counts)) console.log(`${type.padEnd(22)} ${n}`);
      console.log(`${"total".padEnd(22)} ${total}`);
      if (total === 0) console.error(`Nothing found for ${email}.`);
    }
    return 0;
  } finally {
    await database.close();
  }
}

runCli(import.meta.url, main, USAGE, (error) => error);
