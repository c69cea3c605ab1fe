import crypto from "node:crypto";
import { PRODUCT_NAME } from "../../app/content/brand";
import { CATEGORY_LABELS } from "../../app/features/contact/messages";
import type { ContactInput } from "../../app/features/contact/schema";
import type { InfoRequestInput } from "../../app/features/info-request/schema";
import type { Config } from "../config";
import { type Db, isUniqueViolation, nowIso } from "../db/database";
import { headerSafe } from "../mail/compose";
import type { MailOutbox } from "../mail/outbox";

export type SubscribeOutcome = "subscribed" | "already-subscribed";

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

  async subscribe(email: string): Promise<SubscribeOutcome> {
    const now = nowIso();
    const address = email.trim();
    try {
      await this.db.transaction().execute(async (trx) => {
        await trx
          .insertInto("subscribers")
          .values({
            id: crypto.randomUUID(),
            email: address,
            email_normalized: address.toLowerCase(),
            subscribed_at: now,
            status: "active",
            notify_admin: this.mail.adminEmail,
          })
          .execute();
        await this.outbox.enqueue(trx, {
          to: this.mail.adminEmail,
          subject: `New ${PRODUCT_NAME} newsletter subscriber: ${headerSafe(address)}`,
          text: [`A new subscriber joined the ${PRODUCT_NAME} newsletter.`, "", `Email: ${address}`, `Subscribed at: ${now}`].join("\n"),
        });
      });
    } catch (error) {
      if (isUniqueViolation(error)) return "already-subscribed";
      throw error;
    }
    this.outbox.nudge();
    return "subscribed";
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
