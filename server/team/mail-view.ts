/** The outbox as the team sees it: queued, sent, failed with the last error, and "Resend". */
import { sql, type SqlBool } from "kysely";
import type { Db } from "../db/database";
import { nowIso } from "../db/database";
import type { MailStatus } from "../db/schema";
import { isStoredTime } from "../db/keyset";
import type { MailOutbox } from "../mail/outbox";
import type { Audit } from "../audit/audit";


export interface MailListRow {
  id: string;
  to: string;
  subject: string;
  status: MailStatus;
  attempts: number;
  created_at: string;
  sent_at: string | null;
  next_attempt_at: string;
  last_error: string | null;
}

const encode = (row: { created_at: string; id: string }) => Buffer.from(`${row.created_at}|${row.id}`).toString("base64url");
function decode(value: string): { at: string; id: string } | undefined {
  const [at, id, ...rest] = Buffer.from(value, "base64url").toString("utf8").split("|");
  return at && id && rest.length === 0 && isStoredTime(at) ? { at, id } : undefined;
}

export class TeamMail {
  constructor(
    private readonly db: Db,
    private readonly outbox: MailOutbox,
    private readonly audit: Audit,
  ) {}

  async counts(): Promise<Record<MailStatus, number>> {
    const rows = await this.db.selectFrom("mail").select(["status", (eb) => eb.fn.countAll<number>().as("n")]).groupBy("status").execute();
    const counts: Record<MailStatus, number> = { pending: 0, sent: 0, failed: 0 };
    for (const row of rows) counts[row.status] = Number(row.n);
    return counts;
  }

  /** Newest first; undefined for a cursor this server did not make. */
  async page(status: MailStatus | undefined, after: string | undefined, size = 50): Promise<{ mails: MailListRow[]; next: string | undefined } | undefined> {
    const cursor = after ? decode(after) : undefined;
    if (after && !cursor) return undefined;
    let query = this.db.selectFrom("mail").select(["id", "to", "subject", "status", "attempts", "created_at", "sent_at", "next_attempt_at", "last_error"]);
    if (status) query = query.where("status", "=", status);
    if (cursor) query = query.where(sql<SqlBool>`(created_at < ${cursor.at} or (created_at = ${cursor.at} and id < ${cursor.id}))`);
    const rows = await query.orderBy("created_at", "desc").orderBy("id", "desc").limit(size + 1).execute();
    const mails = rows.slice(0, size).map((row) => ({ ...row, attempts: Number(row.attempts) }));
    return { mails, next: rows.length > size ? encode(mails[mails.length - 1]!) : undefined };
  }

  /** Puts failed mail (one, or all when `id` is undefined) back in the queue, due now. Returns how many. */
  async resend(id: string | undefined, member: string): Promise<number> {
    const count = await this.db.transaction().execute(async (trx) => {
      let update = trx.updateTable("mail").set({ status: "pending", attempts: 0, next_attempt_at: nowIso(), last_error: null }).where("status", "=", "failed");
      if (id !== undefined) update = update.where("id", "=", id);
      const result = await update.executeTakeFirst();
      const n = Number(result.numUpdatedRows);
      if (n > 0) await this.audit.record(trx, { actor: member, action: "resend", subject: id === undefined ? "all failed mail" : `mail ${id}`, detail: { mails: n } });
      return n;
    });
    if (count > 0) this.outbox.nudge();
    return count;
  }
}
