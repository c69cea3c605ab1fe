/** The workspace's audit log: who signed in, exported, erased, resent, and when (kept 24 months). */
import { sql, type SqlBool } from "kysely";
import type { AuditLogTable } from "../db/schema";
import { type Db, nowIso } from "../db/database";
import { newRowId } from "../db/row-id";
import { isStoredTime } from "../db/keyset";

export type AuditAction =
  | "sign-in"
  | "sign-out"
  | "export"
  | "erase"
  | "resend"
  | "lead-status"
  | "lead-note"
  | "campaign-draft"
  | "campaign-edit"
  | "campaign-schedule"
  | "campaign-unschedule"
  | "campaign-test"
  | "campaign-send"
  | "campaign-pause"
  | "campaign-resume"
  | "person-owner"
  | "person-stage"
  | "person-follow-up"
  | "person-reply"
  | "canned-reply"
  | "member-invite"
  | "member-remove"
  | "member-role"
  | "member-settings"
  | "webhook-create"
  | "webhook-update"
  | "webhook-rotate"
  | "webhook-delete"
  | "webhook-replay"
  | "saved-filter-save"
  | "saved-filter-delete";

export interface AuditEntry {
  actor: string;
  action: AuditAction;
  subject: string;
  detail?: Record<string, string | number | boolean | null>;
}

export const AUDIT_RETENTION_MONTHS = 24;

export interface AuditPage {
  entries: AuditLogTable[];
  /** The cursor of the next (older) page, if any. */
  next: string | undefined;
}

const encodeCursor = (row: { at: string; id: string }) => Buffer.from(`${row.at}|${row.id}`).toString("base64url");
function decodeCursor(cursor: string): { at: string; id: string } | undefined {
  const [at, id, ...rest] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  return at && id && rest.length === 0 && isStoredTime(at) ? { at, id } : undefined;
}

export class Audit {
  constructor(private readonly db: Db) {}

  /** The database entries go to when there is no surrounding transaction. */
  get database(): Db {
    return this.db;
  }

  /** Writes one entry, inside the caller's transaction when given one. */
  async record(db: Db, entry: AuditEntry): Promise<void> {
    await db
      .insertInto("audit_log")
      .values({ id: newRowId(), at: nowIso(), actor: entry.actor, action: entry.action, subject: entry.subject.slice(0, 300), detail: JSON.stringify(entry.detail ?? {}) })
      .execute();
  }

  /** Newest first, `size` per page; `after` is a cursor from a previous page (invalid → undefined). */
  async page(after: string | undefined, size = 50): Promise<AuditPage | undefined> {
    const cursor = after ? decodeCursor(after) : undefined;
    if (after && !cursor) return undefined;
    let query = this.db.selectFrom("audit_log").selectAll();
    if (cursor) query = query.where(sql<SqlBool>`(at < ${cursor.at} or (at = ${cursor.at} and id < ${cursor.id}))`);
    const rows = await query.orderBy("at", "desc").orderBy("id", "desc").limit(size + 1).execute();
    const entries = rows.slice(0, size);
    return { entries, next: rows.length > size ? encodeCursor(entries[entries.length - 1]!) : undefined };
  }

  /** Deletes entries older than 24 months. */
  async purge(now = new Date()): Promise<number> {
    const cutoff = new Date(now);
    cutoff.setUTCMonth(cutoff.getUTCMonth() - AUDIT_RETENTION_MONTHS);
    const result = await this.db.deleteFrom("audit_log").where("at", "<", cutoff.toISOString()).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
