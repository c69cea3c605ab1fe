/** The outbox as the team sees it: queued, sent, failed with the last error, and "Resend". */
import { sql, type SqlBool } from "kysely";
import type { Db } from "../db/database";
import { nowIso } from "../db/database";
import type { MailStatus } from "../db/schema";
import { isStoredTime } from "../db/keyset";
import type { MailOutbox } from "../mail/outbox";
import type { Audit } from "../audit/audit";
import { extraHeaders, messageIdOf } from "../mail/senders";
import { WELCOME_TEMPLATE } from "../newsletter/subscriber-mail";
import { SIGN_IN_TEMPLATE } from "./access";

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

/** One outbox row as it was (or will be) sent: the headers that matter, the text and html parts. */
export interface MailMessage extends MailListRow {
  from: string;
  /** The person the mail is to or about (normalized address), null when about no one. */
  about: string | null;
  /** The Date header: when the mail was queued. */
  date: string;
  messageId: string;
  /** Headers the row carries besides From, To, Subject, Date and Message-ID (Reply-To, threading, List-Unsubscribe…). */
  headers: Record<string, string>;
  text: string;
  html: string;
  /**
   * For a mail rendered when it is sent (server/mail/templates.ts): the template's name and the
   * names of its stored values (not their contents: keys, never links); text and html are then empty.
   */
  template: { name: string; values: string[]; why: string } | null;
}

/** Why a template's mail is not stored rendered, in words, by template name. */
const RENDERED_WHEN_SENT: Record<string, string> = {
  [SIGN_IN_TEMPLATE]:
    "A sign-in link is made at the moment its mail is sent and kept only as a hash, so no link rests in the outbox: it cannot be shown here. Resending a failed sign-in mail makes a new link.",
  [WELCOME_TEMPLATE]: "The welcome is the same for every subscriber but their address and signed unsubscribe link, which are made when it is sent.",
};
const GENERIC_WHY = "This mail is rendered from its template when it is sent.";

/** A stored template reference's name and value names, or null for a row that is not one. */
function templateOf(stored: string | null): MailMessage["template"] {
  if (stored === null) return null;
  try {
    const parsed = JSON.parse(stored) as { name?: unknown; values?: unknown };
    const values = typeof parsed.values === "object" && parsed.values !== null ? Object.keys(parsed.values) : [];
    const name = typeof parsed.name === "string" ? parsed.name : "unknown";
    return { name, values, why: (Object.hasOwn(RENDERED_WHEN_SENT, name) ? RENDERED_WHEN_SENT[name] : undefined) ?? GENERIC_WHY };
  } catch {
    return { name: "unreadable", values: [], why: GENERIC_WHY };
  }
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
    /** MAIL_FROM: every mail's From. */
    private readonly from: string,
  ) {}

  /** One mail by id, or undefined when there is none (never was, or erased). */
  async message(id: string): Promise<MailMessage | undefined> {
    const row = await this.db.selectFrom("mail").selectAll().where("id", "=", id).executeTakeFirst();
    if (!row) return undefined;
    return {
      id: row.id,
      to: row.to,
      subject: row.subject,
      status: row.status,
      attempts: Number(row.attempts),
      created_at: row.created_at,
      sent_at: row.sent_at,
      next_attempt_at: row.next_attempt_at,
      last_error: row.last_error,
      from: this.from,
      about: row.about_email,
      date: row.created_at,
      messageId: messageIdOf(row, this.from),
      headers: {
        ...(row.reply_to ? { "Reply-To": row.reply_to } : {}),
        ...(row.in_reply_to ? { "In-Reply-To": row.in_reply_to } : {}),
        ...(row.thread_references ? { References: row.thread_references } : {}),
        ...extraHeaders(row),
      },
      text: row.text,
      html: row.html,
      template: templateOf(row.template),
    };
  }

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
