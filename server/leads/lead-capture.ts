import type { Kysely } from "kysely";
import { PRODUCT_NAME } from "~/content/brand";
import { CATEGORY_LABELS } from "~/features/contact/messages";
import type { ContactInput } from "~/features/contact/schema";
import type { InfoRequestInput } from "~/features/info-request/schema";
import type { Locale } from "~/shared/i18n/locale";
import type { Config } from "../config";
import { type Db, nowIso } from "../db/database";
import { newRowId } from "../db/row-id";
import type { AttributionColumns, Database } from "../db/schema";
import { headerSafe } from "../mail/compose";
import { type LeadAlerts, languageLine } from "../mail/lead-alerts";
import type { MailOutbox } from "../mail/outbox";
import { teamTime } from "~/features/team/team-time-lines";
import { emitWebhookEvent, leadCreatedData } from "../webhooks/events";
import { refreshPersonSummaries } from "../db/person-summary";

/**
 * Stores one contact message inside the caller's transaction (the form's, or the chat's "Ask the
 * team"), with where the visit came from and its language, and queues its `lead.created` webhook there too.
 */
export async function insertContactMessage(
  trx: Kysely<Database>,
  message: Pick<ContactInput, "name" | "email" | "category" | "message">,
  now: string,
  attribution?: AttributionColumns,
  locale: Locale = "en",
): Promise<void> {
  const row = { id: newRowId(), name: message.name, email: message.email, category: message.category, message: message.message, created_at: now };
  await trx
    .insertInto("contact_messages")
    .values({ ...row, ...attribution, language: locale })
    .execute();
  await emitWebhookEvent(trx, "lead.created", leadCreatedData("contact", { ...row, language: locale }, attribution));
  await refreshPersonSummaries(trx, [message.email.toLowerCase()]);
}

/**
 * Contact messages and information requests: each record, the mail that announces it to the
 * team and the members' "at once" alerts are written in one transaction, then the outbox is nudged. (The newsletter sign-up is
 * server/newsletter/sign-up.ts; the chat's leads are server/chat/visitors.ts.) `locale` is the
 * language of the page the form was sent from ("en" when not given): stored with the lead, named
 * in the team's mails (which stay in English).
 */
export class LeadCapture {
  constructor(
    private readonly db: Db,
    private readonly outbox: MailOutbox,
    private readonly mail: Config["mail"],
    private readonly alerts: LeadAlerts,
  ) {}

  /**
   * A contact message and its alerts, inside the caller's transaction (the form's, or the chat's
   * "Ask the team"). Its language: `locale`, else the message's own `locale`, else English.
   */
  readonly storeContactMessage = async (
    trx: Kysely<Database>,
    message: Pick<ContactInput, "name" | "email" | "category" | "message"> & { locale?: Locale | undefined },
    now: string,
    attribution?: AttributionColumns,
    locale: Locale = message.locale ?? "en",
  ): Promise<void> => {
    await insertContactMessage(trx, { name: message.name, email: message.email, category: message.category, message: message.message }, now, attribution, locale);
    await this.alerts.queue(trx, [{ kind: "contact", email: message.email, name: message.name, planType: null, at: now, language: locale }]);
  };

  async contact(input: Omit<ContactInput, "leave_this_empty">, attribution?: AttributionColumns, locale: Locale = "en"): Promise<void> {
    const now = nowIso();
    const name = headerSafe(input.name, 100);
    await this.db.transaction().execute(async (trx) => {
      await this.storeContactMessage(trx, input, now, attribution, locale);
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
          languageLine(locale),
          `Received at: ${teamTime(now, await this.alerts.zoneOf(trx, this.mail.teamEmail))}`,
          "",
          "Message:",
          input.message,
        ].join("\n"),
      });
    });
    this.outbox.nudge();
  }

  async requestInformation(input: Omit<InfoRequestInput, "leave_this_empty">, attribution?: AttributionColumns, locale: Locale = "en"): Promise<void> {
    const now = nowIso();
    const name = headerSafe(input.name, 100);
    await this.db.transaction().execute(async (trx) => {
      const row = { id: newRowId(), name: input.name, email: input.email, phone: input.phone, company: input.company, message: input.message, plan_type: input.planType, created_at: now };
      await trx
        .insertInto("more_information")
        .values({ ...row, ...attribution, language: locale })
        .execute();
      await this.alerts.queue(trx, [{ kind: "information-request", email: input.email, name: input.name, planType: input.planType, at: now, language: locale }]);
      await emitWebhookEvent(trx, "lead.created", leadCreatedData("information-request", { ...row, language: locale }, attribution));
      await refreshPersonSummaries(trx, [input.email.toLowerCase()]);
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
          languageLine(locale),
          `Received at: ${teamTime(now, await this.alerts.zoneOf(trx, this.mail.teamEmail))}`,
          "",
          "Questions or comments:",
          input.message,
        ].join("\n"),
      });
    });
    this.outbox.nudge();
  }
}
