/**
 * Where a campaign's mail is queued, exactly once per recipient, at MAIL_RATE_PER_MINUTE
 * (docs/decisions/0037). The campaigns themselves (drafts, start, pause, progress) are
 * campaigns.ts; `start` there fills `campaign_recipients` with every active subscriber.
 *
 * Each pass first starts the scheduled campaigns that are due (campaigns.ts `startDue`: one
 * conditional UPDATE per campaign, so one instance starts it).
 *
 * The dispatcher (every second, in every server process) takes each sending campaign in its own
 * transaction that begins by UPDATE-ing the campaign row: that row lock (PostgreSQL) or write
 * lock (SQLite) makes the rest of the transaction exclusive per campaign, across processes. It
 * works out how many mails the rate allows since `next_dispatch_at`, takes that many waiting
 * recipients, writes one outbox row per recipient still active (in the version fixed for them when
 * the send started, `campaign_recipients.language`: campaign-versions.ts; with their own unsubscribe link)
 * and marks each recipient queued (with the mail id) or skipped, and moves the clock. A crash
 * before the commit leaves everything waiting; after it, everything queued: a recipient is never
 * queued twice nor skipped. The outbox then delivers each row (stable Message-ID).
 */
import { sql } from "kysely";
import type { Config } from "../config";
import { type Db, nowIso } from "../db/database";
import type { CampaignStatus } from "../db/schema";
import type { Logger } from "../logger";
import type { MailInput } from "../mail/compose";
import { type FillMail, type PersonMail, type RenderedParts, mailTemplate, renderPersonMail } from "../mail/layout/person-mail";
import type { MailOutbox } from "../mail/outbox";
import type { Locale } from "~/shared/i18n/locale";
import { type CampaignTexts, type CampaignVersion, versionFor } from "./campaign-versions";
import type { NewsletterKeys } from "./keys";
import { markdownToHtml } from "./markdown";
import { SUBSCRIBER_SLOTS, type SubscriberValues, listHeaders, subscriberFooter, subscriberValues } from "./subscriber-mail";

/** Most recipients moved to the outbox in one transaction. */
const MAX_PER_DISPATCH = 500;

/** The html and text parts of a campaign's body (without the per-recipient footer). */
export function renderCampaign(body: string): { html: string; text: string } {
  return { html: markdownToHtml(body), text: body.replace(/\r\n?/g, "\n") };
}

/** The line after the subject in the inbox: the body's first words, without Markdown marks. */
function previewLine(body: string): string {
  const plain = body
    .replace(/\[([^\]]+)\]\([^)]*\)/g, "$1")
    .replace(/^\s*(?:#{1,3}|[-*])\s+/gm, "")
    .replace(/\*+/g, "")
    .replace(/\s+/g, " ")
    .trim();
  return plain.length > 140 ? `${plain.slice(0, 139)}…` : plain;
}

/** A version of a campaign in the branded layout, in its language, for a subscriber's values (or a template's slots). */
export function campaignContent(version: CampaignVersion, values: SubscriberValues, mail: Config["mail"]): PersonMail {
  return {
    subject: version.subject,
    heading: version.subject,
    preview: previewLine(version.body),
    body: renderCampaign(version.body),
    footer: subscriberFooter(values, mail, version.locale),
    locale: version.locale,
  };
}

/**
 * Exactly the html and text a subscriber gets for a version of a campaign: the body in the branded
 * layout, their footer and unsubscribe link (the dispatcher fills the same render per recipient).
 */
export async function renderCampaignMail(version: CampaignVersion, recipient: SubscriberValues, mail: Config["mail"]): Promise<RenderedParts> {
  return renderPersonMail(campaignContent(version, recipient, mail));
}

type CampaignRecipient = { email: string; unsubscribe_key: string | null; language: Locale };

/** The mail of one recipient: the version in their language (or the other), then their own footer and List-Unsubscribe headers. */
export class CampaignMails {
  /** The last version rendered in each language (a dispatch pass mails one campaign's recipients in batches). */
  private readonly last = new Map<Locale, { subject: string; body: string; fill: Promise<FillMail<(typeof SUBSCRIBER_SLOTS)[number]>> }>();

  constructor(
    private readonly keys: NewsletterKeys,
    private readonly mail: Config["mail"],
  ) {}

  /** One version rendered once (kept until another text of its language is asked for). */
  private fillOf(version: CampaignVersion) {
    const last = this.last.get(version.locale);
    if (last?.subject === version.subject && last.body === version.body) return last.fill;
    const fill = mailTemplate(SUBSCRIBER_SLOTS, (values) => campaignContent(version, values, this.mail));
    this.last.set(version.locale, { subject: version.subject, body: version.body, fill });
    fill.catch(() => {
      if (this.last.get(version.locale)?.fill === fill) this.last.delete(version.locale);
    });
    return fill;
  }

  /** The mail of one version to one recipient (a test or preview may ask for a version other than theirs). */
  async version(version: CampaignVersion, to: Omit<CampaignRecipient, "language">): Promise<MailInput> {
    const fill = await this.fillOf(version);
    const link = { email: to.email, token: this.keys.token(to.unsubscribe_key ?? ""), origin: this.mail.origin, locale: version.locale };
    const { html, text } = fill(subscriberValues(link));
    return { to: to.email, about: to.email, subject: version.subject, text, html, headers: listHeaders(link, this.mail), priority: "bulk" };
  }

  /** The campaign's mail to each recipient: the version `versionFor` their language. */
  for(campaign: CampaignTexts): (to: CampaignRecipient) => Promise<MailInput> {
    return (to) => this.version(versionFor(campaign, to.language), to);
  }
}

export class CampaignDispatcher {
  private timer: ReturnType<typeof setInterval> | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly db: Db,
    private readonly outbox: MailOutbox,
    private readonly mails: CampaignMails,
    private readonly perMinute: number,
    private readonly logger: Logger,
    private readonly startDue: (now: Date) => Promise<number> = () => Promise.resolve(0),
  ) {}

  /** Every second, each sending campaign gets its share of the rate. */
  start(intervalMs = 1_000): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.kick(), intervalMs);
    this.timer.unref();
    this.kick();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** A pass now, unless one is under way. */
  kick(): void {
    if (this.running) return;
    this.running = this.dispatchOnce()
      .then(() => undefined)
      .catch((error: unknown) => this.logger.error({ err: error }, "campaign dispatcher failed; retrying in a second"))
      .finally(() => {
        this.running = undefined;
      });
  }

  /** One pass over the sending campaigns; resolves to the number of mails queued. */
  async dispatchOnce(now = new Date()): Promise<number> {
    await this.startDue(now);
    let queued = 0;
    const sending = await this.db.selectFrom("campaigns").select("id").where("status", "=", "sending").execute();
    for (const { id } of sending) queued += await this.dispatch(id);
    if (queued > 0) this.outbox.nudge();
    return queued;
  }

  private async dispatch(id: string): Promise<number> {
    const perMinute = this.perMinute;
    return this.db.transaction().execute(async (trx) => {
      // The lock: an UPDATE of the campaign row first (PostgreSQL: row lock until commit; SQLite:
      // the write lock). Concurrent dispatchers of other processes wait here, then see our result.
      const locked = await trx
        .updateTable("campaigns")
        .set({ status: sql<CampaignStatus>`status` })
        .where("id", "=", id)
        .where("status", "=", "sending")
        .returning(["subject", "body", "subject_fr", "body_fr", "next_dispatch_at"])
        .executeTakeFirst();
      if (!locked) return 0;
      const now = Date.now();
      const clock = Math.max(Date.parse(locked.next_dispatch_at ?? new Date(now).toISOString()), now - 60_000);
      const msPerMail = 60_000 / perMinute;
      const allowed = Math.min(MAX_PER_DISPATCH, Math.floor((now - clock) / msPerMail));
      if (allowed < 1) return 0;
      const due = await trx
        .selectFrom("campaign_recipients as r")
        .leftJoin("subscribers as s", "s.id", "r.subscriber_id")
        .select(["r.subscriber_id", "r.email", "r.language", "s.status", "s.unsubscribe_key"])
        .where("r.campaign_id", "=", id)
        .where("r.status", "=", "waiting")
        .orderBy("r.subscriber_id")
        .limit(allowed)
        .execute();
      const stamp = nowIso();
      if (due.length === 0) {
        await trx.updateTable("campaigns").set({ status: "done", finished_at: stamp }).where("id", "=", id).execute();
        return 0;
      }
      const active = due.filter((r) => r.status === "active" && r.unsubscribe_key);
      const skipped = due.filter((r) => !(r.status === "active" && r.unsubscribe_key));
      const mailTo = this.mails.for(locked);
      const mails: MailInput[] = [];
      for (const r of active) mails.push(await mailTo({ email: r.email, unsubscribe_key: r.unsubscribe_key, language: r.language }));
      const mailIds = await this.outbox.enqueueMany(trx, mails);
      // One UPDATE per recipient would be 500 statements; a CASE keeps it to one.
      if (active.length > 0) {
        await trx
          .updateTable("campaign_recipients")
          .set({
            status: "queued",
            updated_at: stamp,
            mail_id: sql<string>`case subscriber_id ${sql.join(
              active.map((r, i) => sql`when ${r.subscriber_id} then ${mailIds[i]!}`),
              sql` `,
            )} end`,
          })
          .where("campaign_id", "=", id)
          .where("subscriber_id", "in", active.map((r) => r.subscriber_id))
          .execute();
      }
      if (skipped.length > 0) {
        await trx
          .updateTable("campaign_recipients")
          .set({ status: "skipped", updated_at: stamp })
          .where("campaign_id", "=", id)
          .where("subscriber_id", "in", skipped.map((r) => r.subscriber_id))
          .execute();
      }
      await trx
        .updateTable("campaigns")
        .set({ next_dispatch_at: new Date(clock + due.length * msPerMail).toISOString() })
        .where("id", "=", id)
        .execute();
      return active.length;
    });
  }
}
