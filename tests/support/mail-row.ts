import type { MailRow } from "../../server/db/schema";
import { composeMail, type MailInput } from "../../server/mail/compose";

/** A mail as the outbox reads it back once claimed: composed as queued, its first attempt counted. */
export function claimedMailRow(input: MailInput): MailRow {
  const composed = composeMail(input);
  return {
    ...composed,
    attempts: 1,
    last_error: null,
    sent_at: null,
    about_email: composed.about_email ?? null,
    headers: composed.headers ?? null,
    claimed_by: null,
    claimed_until: null,
    template: composed.template ?? null,
    priority: composed.priority ?? 1,
  };
}
