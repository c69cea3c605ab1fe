import type { UnsubscribeOutcome } from "~/features/newsletter/unsubscribe-contract";
import { type Db, nowIso } from "../db/database";
import type { NewsletterKeys } from "./keys";
import { emitWebhookEvent } from "../webhooks/events";

/** What the unsubscribe page shows for a token before anything is changed (GET). */
export type TokenState = "active" | "already-unsubscribed" | "invalid" | "unknown";

/**
 * The subscriber's side of the newsletter: unsubscribing with the signed token of their mails.
 * A token is checked (signature) before the database is asked; unsubscribing is one conditional
 * UPDATE, so it is idempotent and a replayed token changes nothing.
 */
export class NewsletterService {
  constructor(
    private readonly db: Db,
    private readonly keys: NewsletterKeys,
  ) {}

  /** Reads only: what a GET of the unsubscribe page may show (scanners open links). */
  async check(token: string | undefined): Promise<TokenState> {
    const key = this.keys.verify(token);
    if (!key) return "invalid";
    const row = await this.db.selectFrom("subscribers").select("status").where("unsubscribe_key", "=", key).executeTakeFirst();
    if (!row) return "unknown";
    return row.status === "unsubscribed" ? "already-unsubscribed" : "active";
  }

  /** Unsubscribes at once (the one-click POST and the page's button), with its `subscriber.unsubscribed` webhook. */
  async unsubscribe(token: string | undefined): Promise<UnsubscribeOutcome> {
    const key = this.keys.verify(token);
    if (!key) return "invalid";
    const unsubscribed = await this.db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable("subscribers")
        .set({ status: "unsubscribed", unsubscribed_at: nowIso() })
        .where("unsubscribe_key", "=", key)
        .where("status", "<>", "unsubscribed")
        .returning(["email_normalized", "unsubscribed_at"])
        .executeTakeFirst();
      if (row) await emitWebhookEvent(trx, "subscriber.unsubscribed", { email: row.email_normalized, unsubscribed_at: row.unsubscribed_at! });
      return row !== undefined;
    });
    if (unsubscribed) return "unsubscribed";
    const row = await this.db.selectFrom("subscribers").select("status").where("unsubscribe_key", "=", key).executeTakeFirst();
    return row ? "already-unsubscribed" : "unknown";
  }
}
