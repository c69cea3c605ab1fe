import { isValidEmail } from "~/shared/forms/email-rule";
import type { MailRow, NewMail } from "../db/schema";
import { nowIso } from "../db/database";
import { newRowId } from "../db/row-id";

/**
 * Composition helpers for the outbox. User input never becomes markup or a header:
 * - `html` is the escaped text with line breaks turned into `<br>` (spec §3);
 * - subjects and names lose every control character (CR/LF included) before they reach a header;
 * - recipients must be one plain address.
 */

const CONTROL_CHARS = /[\p{Cc}\p{Zl}\p{Zp}\u200B-\u200F\u202A-\u202E\u2060-\u2069\uFEFF]+/gu;

/** One line of header-safe text: control and invisible formatting characters become spaces. */
export function headerSafe(value: string, maxLength = 200): string {
  const clean = value.replace(CONTROL_CHARS, " ").replace(/\s+/g, " ").trim();
  return clean.length > maxLength ? `${clean.slice(0, maxLength - 1)}…` : clean;
}

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

/** The html part of a mail: the escaped text, each line break a `<br>`. */
export function textToHtml(text: string): string {
  return escapeHtml(text).replace(/\r\n|\r|\n/g, "<br>");
}

/**
 * One address, no display name, no list, no header tricks: the site's one email rule (the shape
 * every form and the chat accept), which nothing that could split or extend a header passes.
 */
export const isValidAddress: (address: string) => boolean = isValidEmail;

export class InvalidMailError extends Error {
  override name = "InvalidMailError";
}

/** How addresses are compared when erasing a person: trimmed and lower-cased, nothing else. */
export function normalizeAddress(address: string): string {
  return address.trim().toLowerCase();
}

export interface MailInput {
  to: string;
  subject: string;
  text: string;
  /**
   * The address of the person this mail is about (the email field of the record that produced
   * it, e.g. the subscriber of an admin notification or the visitor of a chat transcript), or
   * null when it is about nobody. Stored normalized as `about_email`: `npm run leads -- delete`
   * erases a mail when its recipient or this address is the person's, exactly.
   */
  about: string | null;
  /**
   * Extra headers (e.g. List-Unsubscribe): names are plain tokens, values one header-safe line.
   * Stored as JSON in `mail.headers` and added by the senders.
   */
  headers?: Readonly<Record<string, string>>;
  /** The html part when the sender composed one itself (already safe markup); else the escaped text. */
  html?: string;
  /**
   * A mail rendered when it is sent (server/mail/templates.ts) rather than stored rendered: the
   * template's name and the values it needs. `text` and `html` are then not stored.
   */
  template?: MailTemplate;
  /** Which due mail goes first (default "normal"); see MAIL_PRIORITY. */
  priority?: keyof typeof MAIL_PRIORITY;
  /** Reply-To: one plain address (a member answering a person: replies reach the member). */
  replyTo?: string;
  /** Threading headers: this mail's Message-ID and, when it answers one, the thread before it. */
  thread?: MailThreadHeaders;
}

/** Message-IDs as `<id@domain>`; `references` oldest first, the last being `inReplyTo`. */
export interface MailThreadHeaders {
  messageId: string;
  inReplyTo?: string | undefined;
  references?: readonly string[] | undefined;
}

/** A Message-ID we write: `<local@domain>` of plain characters (nothing that could end a header). */
const MESSAGE_ID = /^<[A-Za-z0-9._+-]{1,100}@[A-Za-z0-9.-]{1,253}>$/;
export const isMessageId = (value: string): boolean => MESSAGE_ID.test(value);

/** The threading columns of a row (all null when the mail has no thread). */
type ThreadColumns = Pick<MailRow, "reply_to" | "message_id" | "in_reply_to" | "thread_references">;
function threadColumns(input: MailInput): ThreadColumns {
  const replyTo = input.replyTo?.trim();
  if (replyTo !== undefined && !isValidAddress(replyTo)) throw new InvalidMailError(`Invalid Reply-To address: ${JSON.stringify(input.replyTo)}`);
  const { messageId, inReplyTo, references = [] } = input.thread ?? {};
  for (const id of [messageId, inReplyTo, ...references]) {
    if (id !== undefined && !isMessageId(id)) throw new InvalidMailError(`Invalid Message-ID: ${JSON.stringify(id)}`);
  }
  return {
    reply_to: replyTo ?? null,
    message_id: messageId ?? null,
    in_reply_to: inReplyTo ?? null,
    thread_references: references.length > 0 ? references.join(" ") : null,
  };
}

/**
 * The order in which due mail is claimed: what a person is waiting for (a sign-in link valid 15
 * minutes, a campaign's test), then notices to the team, then bulk (the newsletter's welcome and
 * admin notices, campaigns), which a sign-up rush queues by the thousand.
 */
export const MAIL_PRIORITY = { now: 0, normal: 1, bulk: 2 } as const;

/** A stored template reference: its name (a plain token) and string values. */
export interface MailTemplate {
  name: string;
  values: Readonly<Record<string, string>>;
}

const TEMPLATE_NAME = /^[a-z][a-z0-9-]{0,40}$/;

/** A header name we write: a plain token that is not one the message itself owns. */
const HEADER_NAME = /^[A-Za-z][A-Za-z0-9-]{0,60}$/;
const OWN_HEADERS = new Set(["from", "to", "cc", "bcc", "subject", "date", "message-id", "sender", "reply-to", "content-type", "mime-version", "content-transfer-encoding"]);

/** Extra headers as `mail.headers` stores them: checked names, one header-safe line each; null when none. */
export function headersJson(headers: MailInput["headers"]): string | null {
  if (!headers) return null;
  const clean: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (!HEADER_NAME.test(name) || OWN_HEADERS.has(name.toLowerCase())) throw new InvalidMailError(`Invalid extra header name: ${JSON.stringify(name)}`);
    clean[name] = headerSafe(value, 2_000);
  }
  return Object.keys(clean).length === 0 ? null : JSON.stringify(clean);
}

/** Normalises text bodies: \r\n and lone \r become \n; other control characters (except tab) go. */
function cleanBody(text: string): string {
  return text.replace(/\r\n?/g, "\n").replace(/[^\P{Cc}\t\n]/gu, "");
}

/** A complete outbox row, ready to insert: pending and due now. */
export function composeMail(input: MailInput, now = nowIso()): NewMail & ThreadColumns {
  const to = input.to.trim();
  if (!isValidAddress(to)) throw new InvalidMailError(`Invalid recipient address: ${JSON.stringify(input.to)}`);
  const subject = headerSafe(input.subject, 250);
  if (subject === "") throw new InvalidMailError("A mail needs a subject.");
  if (input.template && !TEMPLATE_NAME.test(input.template.name)) throw new InvalidMailError(`Invalid mail template name: ${JSON.stringify(input.template.name)}`);
  const text = input.template ? "" : cleanBody(input.text);
  const about = input.about === null ? "" : normalizeAddress(input.about);
  return {
    id: newRowId(),
    to,
    about_email: about === "" ? null : about,
    subject,
    text,
    html: input.template ? "" : (input.html ?? textToHtml(text)),
    created_at: now,
    status: "pending",
    attempts: 0,
    next_attempt_at: now,
    last_error: null,
    sent_at: null,
    headers: headersJson(input.headers),
    template: input.template ? JSON.stringify({ name: input.template.name, values: input.template.values }) : null,
    priority: MAIL_PRIORITY[input.priority ?? "normal"],
    ...threadColumns(input),
  };
}
