/**
 * What a table holding personal data of a lead provides to `npm run leads -- export|delete`
 * (server/cli/leads.ts). The tables themselves are listed in lead-tables.ts.
 */
import type { Db } from "../db/database";

/** The columns of an export, in order; a table fills the ones it has. */
export const EXPORT_COLUMNS = ["type", "id", "created_at", "name", "email", "phone", "company", "plan_type", "category", "status", "source", "message"] as const;
export type ExportColumn = (typeof EXPORT_COLUMNS)[number];
export type ExportRecord = Partial<Record<ExportColumn, string | null>> & { type: string; id: string; created_at: string };

export interface LeadTable {
  /** The record type in the export, e.g. "subscriber". */
  type: string;
  /** Rows created at or after `since` (ISO), oldest first, read in pages (never all at once). */
  export(db: Db, since: string | undefined): AsyncIterable<ExportRecord>;
  /**
   * Erases everything about one person: rows whose address equals `emailLowercase` (trimmed and
   * lower-cased), compared case-insensitively but exactly, never as a substring. Returns rows deleted.
   */
  erase(db: Db, emailLowercase: string): Promise<number>;
}

/** The row count of a delete. */
export const deletedRows = (result: { numDeletedRows: bigint }): number => Number(result.numDeletedRows);
