import type { Insertable } from "kysely";
import { NEWSLETTER_FORM_ID, newsletterConsentText } from "~/features/newsletter/messages";
import type { Locale } from "~/shared/i18n/locale";
import type { Config } from "../config";
import { NO_ATTRIBUTION } from "../analytics/lead-attribution";
import { batchInsert } from "../db/batch-insert";
import { type DatabaseHandle, type Db, nowIso } from "../db/database";
import { newRowId } from "../db/row-id";
import type { AttributionColumns, SubscribersTable } from "../db/schema";
import { composeMail, type MailInput } from "../mail/compose";
import type { LeadAlerts, NewLead } from "../mail/lead-alerts";
import type { MailOutbox } from "../mail/outbox";
import { adminNoticeMail } from "./admin-notice";
import { NewsletterKeys } from "./keys";
import { insertSubscribersWithMails } from "./sign-up-statement";
import { welcomeMail } from "./subscriber-mail";
import { emitWebhookEvent, leadCreatedData, type LeadCreatedData } from "../webhooks/events";
import { refreshPersonSummaries } from "../db/person-summary";

/** A sign-up's row as the group commit writes it. */
type NewSubscriber = Insertable<SubscribersTable> & { id: string; email: string; unsubscribe_key: string; language: Locale };

export type SubscribeOutcome = "subscribed" | "already-subscribed";

/** Where a subscription comes from, for its consent record (the links in its mails are on the mail origin, config.ts). */
export interface SubscriptionContext {
  /** Path of the page the form was on (null when the client did not say). */
  page: string | null;
  /** The client key (IPv4, or IPv6 /64) as per-IP limits see it; stored only as a keyed hash. */
  clientKey: string;
  /** Where the visit came from, kept with the consent record (the latest sign-up's). */
  attribution?: AttributionColumns | undefined;
  /** The language of the page the form was on (as `subscribe`'s `locale`; the argument wins): the consent text is recorded as shown in it. */
  locale?: Locale | undefined;
}

interface PendingSubscription {
  id: string;
  email: string;
  context: SubscriptionContext;
  locale: Locale;
  resolve: (outcome: SubscribeOutcome) => void;
  reject: (error: unknown) => void;
}

/** A (re-)subscription's `lead.created` data. */
const leadOf = (record: { id: string; email: string; subscribed_at: string; language: Locale } & Partial<AttributionColumns>): LeadCreatedData =>
  leadCreatedData("newsletter", { id: record.id, email: record.email, created_at: record.subscribed_at, language: record.language }, record);

/** Most sign-ups written in one transaction (bounded by SQLite's and PostgreSQL's parameter limits). */
const MAX_BATCH = 200;

const addressesOf = (records: NewSubscriber[], inserted: Set<string>) => records.filter((record) => inserted.has(record.id)).map((record) => record.email_normalized);

/**
 * The newsletter sign-up: the subscriber row with its consent record, the admin notice, the
 * welcome mail and the members' "at once" alerts, written in one transaction, then the outbox is nudged. Uniqueness is the
 * database's (unique index on the lower-cased address), so simultaneous sign-ups of one address
 * cannot both succeed: the others are "already-subscribed".
 */
export class NewsletterSignUp {
  private readonly db: Db;
  private readonly kind: DatabaseHandle["kind"];

  constructor(
    database: DatabaseHandle,
    private readonly outbox: MailOutbox,
    private readonly mail: Config["mail"],
    private readonly keys: NewsletterKeys,
    private readonly alerts: LeadAlerts,
  ) {
    this.db = database.db;
    this.kind = database.kind;
  }

  /** SQLite's group commit INSERT, compiled once per batch size (the unique index decides who wins). */
  private readonly insertSubscribers = batchInsert((rows: Insertable<SubscribersTable>[]) =>
    this.db
      .insertInto("subscribers")
      .values(rows)
      .onConflict((conflict) => conflict.column("email_normalized").doNothing())
      .returning("id"),
  );

  /**
   * Subscribes one address. Sign-ups arriving together are written in one transaction (group
   * commit): `INSERT … ON CONFLICT (email_normalized) DO NOTHING RETURNING id` lets the unique
   * index decide which one wins, then the admin notice and welcome mail of the inserted rows go
   * into the outbox in the same transaction (on PostgreSQL, the same statement). An address that
   * was unsubscribed is re-activated afterwards, in a transaction of its own. `locale` is the
   * language of the page the form was on ("en" when not given): the subscriber's language, in which
   * the site writes to them (the welcome mail, campaigns with a version in it).
   */
  subscribe(email: string, context: SubscriptionContext, locale: Locale = context.locale ?? "en"): Promise<SubscribeOutcome> {
    return new Promise((resolve, reject) => {
      this.pendingSubscriptions.push({ id: newRowId(), email: email.trim(), context, locale, resolve, reject });
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
    const records = batch.map(({ id, email, context, locale }): NewSubscriber => ({
      id,
      email,
      email_normalized: email.toLowerCase(),
      subscribed_at: now,
      status: "active",
      notify_admin: this.mail.adminEmail,
      ...this.consentRecord(context, locale, now),
      unsubscribe_key: NewsletterKeys.newUnsubscribeKey(),
      welcomed_at: now,
    }));
    let inserted: Set<string>;
    try {
      inserted = await this.insertNew(records, now);
    } catch (error) {
      for (const item of batch) item.reject(error);
      return;
    }
    // An address that unsubscribed and signs up again (rare): re-activated in a transaction of its own.
    const others = batch.filter(({ id }) => !inserted.has(id));
    let reactivated = new Set<string>();
    let reactivationError: unknown;
    if (others.length > 0) {
      try {
        reactivated = await this.reactivate(others, now);
      } catch (error) {
        reactivationError = error;
      }
    }
    for (const item of batch) {
      if (inserted.has(item.id) || reactivated.has(item.id)) item.resolve("subscribed");
      else if (reactivationError !== undefined) item.reject(reactivationError);
      else item.resolve("already-subscribed");
    }
    if (inserted.size + reactivated.size > 0) this.outbox.nudge();
  }

  /**
   * Inserts the records whose address is new, with their admin notice and welcome mail, in one
   * transaction with the people list's summaries of their addresses; the ids inserted. PostgreSQL
   * inserts and queues in one statement, then refreshes the summaries in the same transaction.
   */
  private async insertNew(records: NewSubscriber[], now: string): Promise<Set<string>> {
    const mailsOf = (record: NewSubscriber): MailInput[] => [
      adminNoticeMail(this.mail.adminEmail, record.email, now, record.language),
      // The welcome goes once per address: with the row that created it (docs/decisions/0036).
      welcomeMail({ email: record.email, unsubscribeKey: record.unsubscribe_key, locale: record.language }),
    ];
    const lead = (record: NewSubscriber): NewLead => ({ kind: "newsletter", email: record.email, name: null, planType: null, at: now, language: record.language });
    if (this.kind === "postgres") {
      // The alerts are read first, and queued in the one statement with their subscriber's row, if it is inserted.
      const alerts = await this.alerts.mailsFor(this.db, records.map(lead));
      const mails = records.flatMap((record, index) => [...mailsOf(record), ...alerts[index]!].map((mail) => ({ subscriberId: record.id, mail: composeMail(mail, now) })));
      return this.db.transaction().execute(async (trx) => {
        const inserted = await insertSubscribersWithMails(trx, records, mails, records.map((record) => ({ subscriberId: record.id, data: leadOf(record) })));
        await refreshPersonSummaries(trx, addressesOf(records, inserted));
        return inserted;
      });
    }
    return this.db.transaction().execute(async (trx) => {
      const inserted = new Set((await this.insertSubscribers(trx, records)).map((row) => row.id));
      const added = records.filter((record) => inserted.has(record.id));
      const alerts = (await this.alerts.mailsFor(trx, added.map(lead))).flat();
      await this.outbox.enqueueMany(trx, [...added.flatMap(mailsOf), ...alerts]);
      await emitWebhookEvent(trx, "lead.created", ...added.map(leadOf));
      await refreshPersonSummaries(trx, addressesOf(records, inserted));
      return inserted;
    });
  }

  /** Re-activates the unsubscribed addresses among `others`, with the new consent on record and an admin notice, at most once per batch. */
  private reactivate(others: PendingSubscription[], now: string): Promise<Set<string>> {
    return this.db.transaction().execute(async (trx) => {
      const reactivated = new Set<string>();
      const gone = await trx
        .selectFrom("subscribers")
        .select("email_normalized")
        .where("email_normalized", "in", [...new Set(others.map(({ email }) => email.toLowerCase()))])
        .where("status", "=", "unsubscribed")
        .execute();
      const mails: MailInput[] = [];
      for (const { email_normalized } of gone) {
        const item = others.find(({ email }) => email.toLowerCase() === email_normalized)!;
        // The status condition also settles concurrent batches: one of them re-activates.
        const row = await trx
          .updateTable("subscribers")
          .set({ status: "active", unsubscribed_at: null, ...this.consentRecord(item.context, item.locale, now) })
          .where("email_normalized", "=", email_normalized)
          .where("status", "=", "unsubscribed")
          .returning("id")
          .executeTakeFirst();
        if (row) {
          reactivated.add(item.id);
          // Back on the list: a lead again, like a new subscriber (the team's notice and alerts, the CRM's event).
          const alerts = await this.alerts.mailsFor(trx, [{ kind: "newsletter", email: item.email, name: null, planType: null, at: now, language: item.locale }]);
          mails.push(adminNoticeMail(this.mail.adminEmail, item.email, now, item.locale), ...alerts.flat());
          await emitWebhookEvent(trx, "lead.created", leadOf({ id: row.id, email: item.email, subscribed_at: now, language: item.locale, ...item.context.attribution }));
        }
      }
      await this.outbox.enqueueMany(trx, mails);
      return reactivated;
    });
  }

  /**
   * The consent record of one sign-up: when, where, what the visitor saw, a keyed hash of the
   * client; and its attribution (every column, null when unknown, so a re-subscription replaces the
   * last) and language (a re-subscription's is the subscriber's language from then on).
   */
  private consentRecord(context: SubscriptionContext, locale: Locale, now: string) {
    return {
      ...(context.attribution ?? NO_ATTRIBUTION),
      language: locale,
      consent_at: now,
      consent_page: context.page,
      consent_form: NEWSLETTER_FORM_ID,
      consent_text: newsletterConsentText(locale),
      consent_client: this.keys.clientHash(context.clientKey),
    };
  }
}
