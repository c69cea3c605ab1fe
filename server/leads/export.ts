/**
 * The lead exports, the team's (/team/export) and `npm run leads -- export`: one writer, the same
 * columns (EXPORT_COLUMNS), CSV or JSON, streamed from records read in keyset pages (memory stays
 * flat whatever the count).
 */
import type { Db } from "../db/database";
import { oldestFirst } from "../db/keyset";
import { exportChatConversations } from "./chat-conversations";
import { EXPORT_COLUMNS, type ExportRecord, LEAD_KIND_TABLES, selectLeads } from "./lead-kinds";

export type ExportFormat = "csv" | "json";

/** RFC 4180 field; a leading = + - @ (a spreadsheet formula) is neutralised with a quote. */
export function csvField(value: string | null | undefined): string {
  if (value === null || value === undefined) return "";
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * The export's text, in chunks of up to `batch` records: the header (CSV) or `[` (JSON), then
 * the records, then the closing `]`. `onRecord` is told the count after each record.
 */
export async function* exportText(
  records: AsyncIterable<ExportRecord>,
  format: ExportFormat,
  options: { batch?: number; onRecord?: (count: number) => void } = {},
): AsyncGenerator<string, number> {
  const batch = options.batch ?? 500;
  yield format === "csv" ? `${EXPORT_COLUMNS.join(",")}\r\n` : "[";
  let count = 0;
  let chunk: string[] = [];
  for await (const record of records) {
    if (format === "csv") chunk.push(`${EXPORT_COLUMNS.map((column) => csvField(record[column])).join(",")}\r\n`);
    else chunk.push(`${count === 0 ? "\n" : ",\n"}${JSON.stringify(Object.fromEntries(EXPORT_COLUMNS.map((column) => [column, record[column]])))}`);
    count++;
    options.onRecord?.(count);
    if (chunk.length >= batch) {
      yield chunk.join("");
      chunk = [];
    }
  }
  if (format === "json") chunk.push(count === 0 ? "]\n" : "\n]\n");
  if (chunk.length > 0) yield chunk.join("");
  return count;
}

/** Every lead of every kind created at or after `since` (ISO), oldest first per kind, then the chat conversations. */
export async function* allLeadRecords(db: Db, since: string | undefined): AsyncIterable<ExportRecord> {
  for (const kind of LEAD_KIND_TABLES) yield* oldestFirst(selectLeads(db, kind), `t.${kind.time}`, since);
  yield* exportChatConversations(db, since);
}
