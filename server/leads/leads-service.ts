import crypto from "node:crypto";
import { PRODUCT_NAME } from "~/content/brand";
import { CATEGORY_LABELS } from "~/features/contact/messages";
import type { ContactInput } from "~/features/contact/schema";
import type { InfoRequestInput } from "~/features/info-request/schema";
import type { Config } from "../config";
import { type Db, nowIso } from "../db/database";
import { headerSafe } from "../mail/compose";
import type { MailOutbox } from "../mail/outbox";

export type SubscribeOutcome = "subscribed" | "already-subscribed";

interface PendingSubscription {
  id: string;
  email: string;
  resolve: (outcome: SubscribeOutcome) => void;
  reject: (error: unknown) => void;
}

/** Most sign-ups written in one transaction (bounded by SQLite's and PostgreSQL's parameter limits). */
const MAX_BATCH = 200;

/**
 * Lead capture: each record and the mail that announces it are written in one transaction, then
 * the outbox is nudged. Uniqueness of subscribers is the database's (unique index on the
 * lower-cased address), so simultaneous sign-ups of one address cannot both succeed.
 */
export class LeadsService {
  constructor(
    private readonly db: Db,
    private readonly outbox: MailOutbox,
    private readonly mail: Config["mail"],
  ) {}

  /**
   * Subscribes one address. Sign-ups arriving together are written in one transaction (group
   * commit): `INSERT … ON CONFLICT (email_normalized) DO NOTHING RETURNING id` lets the unique
   * index decide which one wins, then the admin mails of the inserted rows go into the outbox in
   * the same transaction. One slow path less per request, and the same guarantees.
   */
  subscribe(email: string): Promise<SubscribeOutcome> {
    return new Promise((resolve, reject) => {
      this.pendingSubscriptions.push({ id: crypto.randomUUID(), email: email.trim(), resolve, reject });
      this.scheduleFlush();
    });
  }

  private readonly pendingSubscriptions: PendingSubscription[] = [];
  private flushScheduled = false;

  private scheduleFlush(): void {
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    setImmediate(() => {
      this.flushScheduled = false;
      void this.flushSubscriptions();
    });
  }

  private async flushSubscriptions(): Promise<void> {
    const batch = this.pendingSubscriptions.splice(0, MAX_BATCH);
    if (this.pendingSubscriptions.length > 0) this.scheduleFlush();
    if (batch.length === 0) return;
    const now = nowIso();
    let inserted: Set<string>;
    try {
      inserted = await this.db.transaction().execute(async (trx) => {
        const rows = await trx
          .insertInto("subscribers")
          .values(
            batch.map(({ id, email }) => ({
              id,
              email,
              email_normalized: email.toLowerCase(),
              subscribed_at: now,
              status: "active",
              notify_admin: this.mail.adminEmail,
            })),
          )
          .onConflict((conflict) => conflict.column("email_normalized").doNothing())
          .returning("id")
          .execute();
        const ids = new Set(rows.map((row) => row.id));
        const mails = batch
          .filter(({ id }) => ids.has(id))
          .map(({ email }) => ({
            to: this.mail.adminEmail,
            about: email,
            subject: `New ${PRODUCT_NAME} newsletter subscriber: ${headerSafe(email)}`,
            text: [`A new subscriber joined the ${PRODUCT_NAME} newsletter.`, "", `Email: ${email}`, `Subscribed at: ${now}`].join("\n"),
          }));
        await this.outbox.enqueueMany(trx, mails);
        return ids;
      });
    } catch (error) {
      for (const item of batch) item.reject(error);
      return;
    }
    for (const item of batch) item.resolve(inserted.has(item.id) ? "subscribed" : "already-subscribed");
    if (inserted.size > 0) this.outbox.nudge();
  }

  async contact(input: Omit<ContactInput, "leave_this_empty">): Promise<void> {
    const now = nowIso();
    const name = headerSafe(input.name, 100);
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto("contact_messages")
        .values({ id: crypto.randomUUID(), name: input.name, email: input.email, category: input.category, message: input.message, created_at: now })
        .execute();
      await this.outbox.enqueue(trx, {
        to: this.mail.teamEmail,
        about: input.email,
        subject: `Contact form (${CATEGORY_LABELS[input.category]}) from ${name}`,
        text: [
          `New message from the ${PRODUCT_NAME} contact form.`,
          "",
          `Name: ${name}`,
          `Email: ${input.email}`,
          `Category: ${CATEGORY_LABELS[input.category]}`,
          `Received at: ${now}`,
          "",
          "Message:",
          input.message,
        ].join("\n"),
      });
    });
    this.outbox.nudge();
  }

  async requestInformation(input: Omit<InfoRequestInput, "leave_this_empty">): Promise<void> {
    const now = nowIso();
    const name = headerSafe(input.name, 100);
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto("more_information")
        .values({
          id: crypto.randomUUID(),
          name: input.name,
          email: input.email,
          phone: input.phone,
          company: input.company,
          message: input.message,
          plan_type: input.planType,
          created_at: now,
        })
        .execute();
      await this.outbox.enqueue(trx, {
        to: this.mail.teamEmail,
        about: input.email,
        subject: `Information request (${input.planType}) from ${name}`,
        text: [
          `New Request More Information submission on ${PRODUCT_NAME}.`,
          "",
          `Plan type: ${input.planType}`,
          `Name: ${name}`,
          `Email: ${input.email}`,
          `Phone: ${input.phone}`,
          `Company or service: ${input.company}`,
          `Received at: ${now}`,
          "",
          "Questions or comments:",
          input.message,
        ].join("\n"),
      });
    });
    this.outbox.nudge();
  }
}
