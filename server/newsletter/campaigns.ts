/**
 * Newsletter campaigns from /team/campaigns: drafts in English, French or both (campaign-versions.ts), their audience (campaign-audience.ts), a
 * schedule, a preview and a test to the member, the start of the send (now, or when the schedule
 * is due: the dispatcher asks `startDue`), pause and resume, and their progress. Every change is
 * audited with the member who made it. The inputs are checked with the
 * team's campaign schema (app/features/team/team-schemas.ts); a refusal is a TeamError with a code
 * of app/features/team/campaigns-contract.ts. The mails go out through campaign-dispatcher.ts.
 */
import type { Config } from "../config";
import { DateTime } from "luxon";
import { type Db, nowIso } from "../db/database";
import { PostgresAdapter, type RawBuilder, type Selectable, sql } from "kysely";
import type { CampaignRecipientsTable, CampaignStatus, CampaignsTable, MailStatus } from "../db/schema";
import type { Logger } from "../logger";
import type { MailOutbox } from "../mail/outbox";
import type { Audit, AuditAction } from "../audit/audit";
import { campaignError, type CampaignErrorCode } from "~/features/team/campaigns-contract";
import { type CampaignInput, campaignInputError, campaignInputSchema } from "~/features/team/team-schemas";
import { type Audience, type Segment, SEGMENT_NAMES, audienceOf, inAudience, parseSegment, readSegment, segmentFields, segmentJson } from "./campaign-audience";
import { CampaignDispatcher, CampaignMails } from "./campaign-dispatcher";
import { type CampaignTexts, campaignTitle, mailsByVersion, versionFor, versionsOf } from "./campaign-versions";
import type { Locale } from "~/shared/i18n/locale";
import type { NewsletterKeys } from "./keys";
import { newRowId } from "../db/row-id";

export interface CampaignProgress extends CampaignTexts {
  id: string;
  /** What the team calls it: the English subject, else the French one. */
  title: string;
  /** The versions written, English first. */
  versions: Locale[];
  status: CampaignStatus;
  created_by: string;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  recipients: number;
  sent: number;
  failed: number;
  skipped: number;
  /** Not yet handed to the outbox, or handed and not yet sent. */
  remaining: number;
  /** Once sending: the same counts per version (the mail's language); skipped ones got none. */
  byVersion: Record<Locale, VersionProgress>;
  segment: Segment;
  /** Before the send: who it would go to now, and who is left out and why. */
  audience: Audience | undefined;
  /** When a scheduled campaign starts sending (UTC ISO), and who scheduled it. */
  scheduled_at: string | null;
  scheduled_by: string | null;
}

/** The recipients of one version of a campaign being sent (or sent). */
export interface VersionProgress {
  sent: number;
  failed: number;
  remaining: number;
}

/** One group of a campaign's recipients: their state, version, mail's state, and how many. */
export interface RecipientCount {
  recipient: CampaignRecipientsTable["status"];
  language: Locale;
  mail: MailStatus | null;
  n: number | string;
}

/**
 * A campaign's recipients counted by their state, version and mail's state, in one query that
 * reads indexes only (migration 0031): the recipients' (campaign_id, status, language, mail_id),
 * and each queued mail's state from mail_id_status. SQLite is told to use that one: it would pick
 * the mail's primary key by itself and read each row's state past its text and HTML, through the
 * row's overflow pages. PostgreSQL plans by its statistics.
 */
export function recipientCounts(db: Db, id: string): RawBuilder<RecipientCount> {
  const mail = db.getExecutor().adapter instanceof PostgresAdapter ? sql`mail as m` : sql`mail as m indexed by mail_id_status`;
  return sql<RecipientCount>`
    select r.status as recipient, r.language, m.status as mail, count(*) as n
    from campaign_recipients as r left join ${mail} on m.id = r.mail_id
    where r.campaign_id = ${id}
    group by r.status, r.language, m.status`;
}

/** A version's mail as its recipients get it: the one rendering of the dispatcher (CampaignMails.version). */
export interface CampaignPreview {
  locale: Locale;
  to: string;
  subject: string;
  html: string;
  text: string;
}

/** The unsubscribe key of a mail to the member (a test or the preview): a subscriber's own is never shown. */
const SAMPLE_KEY = "test-only-not-a-subscriber";

/** A campaign's row as progressOf reads it. */
type CampaignRow = Pick<
  Selectable<CampaignsTable>,
  "id" | "subject" | "body" | "subject_fr" | "body_fr" | "status" | "created_by" | "created_at" | "started_at" | "finished_at" | "recipients" | "segment" | "scheduled_at" | "scheduled_by"
>;

/** A campaign's subjects in its audit entries: the English one, and the French one when written. */
const subjects = (texts: Pick<CampaignTexts, "subject" | "subject_fr">): Record<string, string> => ({
  ...(texts.subject ? { subject: texts.subject } : {}),
  ...(texts.subject_fr ? { subject_fr: texts.subject_fr } : {}),
});

/** Before the send: an edit, the audience and the schedule may still change. */
const UNSENT: CampaignStatus[] = ["draft", "scheduled"];

export class Campaigns {
  /** Queues the mails of sending campaigns; started and stopped with the services. */
  readonly dispatcher: CampaignDispatcher;
  private readonly mails: CampaignMails;

  constructor(
    private readonly db: Db,
    private readonly outbox: MailOutbox,
    private readonly audit: Audit,
    keys: NewsletterKeys,
    mail: Config["mail"],
    logger: Logger,
  ) {
    this.mails = new CampaignMails(keys, mail);
    this.dispatcher = new CampaignDispatcher(db, outbox, this.mails, mail.campaignRatePerMinute, logger, (now) => this.startDue(now));
  }

  /** The versions as stored, or a TeamError with the first refusal's code. */
  private static check(input: CampaignInput): CampaignTexts {
    const parsed = campaignInputSchema.safeParse(input);
    if (!parsed.success) throw campaignError(campaignInputError(parsed.error));
    return parsed.data;
  }

  /** A new draft, to the segment's audience (default: every active subscriber). */
  async create(actor: string, input: CampaignInput, segment: Segment = {}): Promise<string> {
    const texts = Campaigns.check(input);
    const id = newRowId();
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto("campaigns")
        .values({ id, ...texts, status: "draft", created_by: actor, created_at: nowIso(), started_at: null, finished_at: null, next_dispatch_at: null, segment: segmentJson(segment) })
        .execute();
      await this.audit.record(trx, { actor, action: "campaign-draft", subject: id, detail: { ...subjects(texts), segment: segmentJson(segment) } });
    });
    return id;
  }

  /** Edits the versions of a campaign not yet sending. */
  async update(actor: string, id: string, input: CampaignInput): Promise<void> {
    const texts = Campaigns.check(input);
    await this.edit(actor, id, texts, subjects(texts));
  }

  /** Sets the audience of a campaign not yet sending. */
  async setSegment(actor: string, id: string, segment: Segment): Promise<void> {
    const json = segmentJson(segment);
    await this.edit(actor, id, { segment: json }, { segment: json });
  }

  private async edit(actor: string, id: string, values: Partial<CampaignTexts> & { segment?: string }, detail: Record<string, string>): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const result = await trx.updateTable("campaigns").set(values).where("id", "=", id).where("status", "in", UNSENT).executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) throw campaignError("campaign-not-draft");
      await this.audit.record(trx, { actor, action: "campaign-edit", subject: id, detail });
    });
  }

  /**
   * Schedules (or reschedules) a campaign not yet sending for `local`, a wall-clock time
   * (YYYY-MM-DDTHH:MM) in the member's time zone `zone`; stored in UTC. `now` is the refusal's clock.
   */
  async schedule(actor: string, id: string, local: string, zone: string, now = new Date()): Promise<string> {
    const at = DateTime.fromISO(local, { zone });
    if (!at.isValid) throw campaignError("schedule-invalid");
    // Luxon moves a time the clocks skip (spring forward) to one that exists: that is not what was asked.
    if (at.toFormat("yyyy-MM-dd'T'HH:mm") !== local) throw campaignError("schedule-gap");
    if (at.toMillis() <= now.getTime()) throw campaignError("schedule-past");
    const utc = at.toUTC().toISO();
    await this.db.transaction().execute(async (trx) => {
      const result = await trx.updateTable("campaigns").set({ status: "scheduled", scheduled_at: utc, scheduled_by: actor }).where("id", "=", id).where("status", "in", UNSENT).executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) throw campaignError("campaign-not-draft");
      await this.audit.record(trx, { actor, action: "campaign-schedule", subject: id, detail: { at: utc, zone, local } });
    });
    return utc;
  }

  /** Cancels a schedule before it is due: the campaign is a draft again. */
  async unschedule(actor: string, id: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const result = await trx.updateTable("campaigns").set({ status: "draft", scheduled_at: null, scheduled_by: null }).where("id", "=", id).where("status", "=", "scheduled").executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) throw campaignError("campaign-not-scheduled");
      await this.audit.record(trx, { actor, action: "campaign-unschedule", subject: id });
    });
  }

  /** Each version's mail as `member` would get it, with the sample footer of a test, English first. */
  async preview(id: string, member: string): Promise<CampaignPreview[] | undefined> {
    const campaign = await this.db.selectFrom("campaigns").select(["subject", "body", "subject_fr", "body_fr"]).where("id", "=", id).executeTakeFirst();
    if (!campaign) return undefined;
    return Promise.all(
      versionsOf(campaign).map(async (version) => {
        const mail = await this.mails.version(version, { email: member, unsubscribe_key: SAMPLE_KEY });
        return { locale: version.locale, to: mail.to, subject: mail.subject, html: mail.html ?? "", text: mail.text };
      }),
    );
  }

  /** How many mails of each version of `campaign` an audience of these languages gets. */
  mailsByVersion(campaign: CampaignTexts, languages: Audience["languages"]): Record<Locale, number> {
    return mailsByVersion(campaign, languages);
  }

  /** The segment's audience now (for a campaign being written). */
  audience(segment: Segment): Promise<Audience> {
    return audienceOf(this.db, segment);
  }

  /** The segment's filters and the values the form offers. */
  segmentFields() {
    return segmentFields(this.db);
  }

  /** The names of the segment's fields in a form or a query. */
  readonly segmentNames: readonly string[] = SEGMENT_NAMES;

  /** A segment from a form or a query, its days in `zone`: the segment, or a message in words. */
  readSegment(get: (name: string) => string, zone: string) {
    return readSegment(get, zone);
  }

  /** A test mail of each version to the member: the campaign as subscribers get it, with a sample footer. */
  async sendTest(actor: string, id: string): Promise<void> {
    const campaign = await this.db.selectFrom("campaigns").selectAll().where("id", "=", id).executeTakeFirst();
    if (!campaign) throw campaignError("campaign-missing");
    const mails = await Promise.all(versionsOf(campaign).map((version) => this.mails.version(version, { email: actor, unsubscribe_key: SAMPLE_KEY })));
    await this.db.transaction().execute(async (trx) => {
      for (const mail of mails) await this.outbox.enqueue(trx, { ...mail, subject: `[Test] ${mail.subject}`, about: null, priority: "now" });
      await this.audit.record(trx, { actor, action: "campaign-test", subject: id, detail: subjects(campaign) });
    });
    this.outbox.nudge();
  }

  /** Starts sending now to the segment's audience (once: a campaign not yet sending). Returns the recipient count. */
  async start(actor: string, id: string): Promise<number> {
    const count = await this.db.transaction().execute(async (trx) => {
      const n = await this.begin(trx, id, UNSENT, new Date(), false);
      if (n === undefined) throw campaignError("campaign-already-sent");
      await this.audit.record(trx, { actor, action: "campaign-send", subject: id, detail: { recipients: n } });
      return n;
    });
    this.dispatcher.kick();
    return count;
  }

  /**
   * Starts every scheduled campaign that is due at `now` (the dispatcher's pass, in every
   * instance): the conditional UPDATE of `begin` lets one transaction win each campaign, across
   * instances; the others find it sending already. Returns how many started.
   */
  async startDue(now = new Date()): Promise<number> {
    const due = await this.db.selectFrom("campaigns").select("id").where("status", "=", "scheduled").where("scheduled_at", "<=", now.toISOString()).execute();
    let started = 0;
    for (const { id } of due) {
      await this.db.transaction().execute(async (trx) => {
        const row = await trx.selectFrom("campaigns").select("scheduled_by").where("id", "=", id).executeTakeFirst();
        const n = await this.begin(trx, id, ["scheduled"], now, true);
        if (n === undefined) return;
        started += 1;
        await this.audit.record(trx, { actor: row?.scheduled_by ?? "scheduled", action: "campaign-send", subject: id, detail: { recipients: n, scheduled: true } });
      });
    }
    return started;
  }

  /**
   * Moves a campaign from one of `from` to sending (`onlyDue`: when its schedule is due at `now`) and
   * fills its recipient list with its audience as it is now, each with the version they get
   * (`versionFor` their language, as SQL). Undefined when another transaction started it first
   * (or it is not in `from`).
   */
  private async begin(trx: Db, id: string, from: CampaignStatus[], now: Date, onlyDue: boolean): Promise<number | undefined> {
    const stamp = now.toISOString();
    let update = trx.updateTable("campaigns").set({ status: "sending", started_at: stamp, next_dispatch_at: stamp }).where("id", "=", id).where("status", "in", from);
    if (onlyDue) update = update.where("scheduled_at", "<=", stamp);
    const started = await update.returning(["segment", "subject", "body", "subject_fr", "body_fr"]).executeTakeFirst();
    if (!started) return undefined;
    const segment = parseSegment(started.segment);
    const [english, french] = [versionFor(started, "en").locale, versionFor(started, "fr").locale];
    const inserted = await trx
      .insertInto("campaign_recipients")
      .columns(["campaign_id", "subscriber_id", "email", "status", "language"])
      .expression((eb) =>
        eb
          .selectFrom("subscribers as s")
          .select([
            eb.val(id).as("campaign_id"),
            "s.id",
            "s.email",
            eb.val("waiting").as("status"),
            sql<Locale>`case when s.language = 'fr' then ${french} else ${english} end`.as("language"),
          ])
          .where(inAudience(segment)),
      )
      .executeTakeFirst();
    const n = Number(inserted.numInsertedOrUpdatedRows ?? 0n);
    await trx.updateTable("campaigns").set({ recipients: n }).where("id", "=", id).execute();
    return n;
  }

  async pause(actor: string, id: string): Promise<void> {
    await this.transition(actor, id, "sending", "paused", "campaign-pause", "campaign-not-sending");
  }

  async resume(actor: string, id: string): Promise<void> {
    await this.transition(actor, id, "paused", "sending", "campaign-resume", "campaign-not-paused");
    this.dispatcher.kick();
  }

  private async transition(actor: string, id: string, from: CampaignStatus, to: CampaignStatus, action: AuditAction, refusal: CampaignErrorCode): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const result = await trx.updateTable("campaigns").set({ status: to, next_dispatch_at: nowIso() }).where("id", "=", id).where("status", "=", from).executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) throw campaignError(refusal);
      await this.audit.record(trx, { actor, action, subject: id });
    });
  }

  async list(): Promise<CampaignProgress[]> {
    const campaigns = await this.db.selectFrom("campaigns").selectAll().orderBy("created_at", "desc").limit(50).execute();
    return Promise.all(campaigns.map((c) => this.progressOf(c)));
  }

  async get(id: string): Promise<CampaignProgress | undefined> {
    const campaign = await this.db.selectFrom("campaigns").selectAll().where("id", "=", id).executeTakeFirst();
    return campaign ? this.progressOf(campaign) : undefined;
  }

  private async progressOf(c: CampaignRow): Promise<CampaignProgress> {
    const { rows } = await recipientCounts(this.db, c.id).execute(this.db);
    let skipped = 0;
    const byVersion: Record<Locale, VersionProgress> = { en: { sent: 0, failed: 0, remaining: 0 }, fr: { sent: 0, failed: 0, remaining: 0 } };
    for (const row of rows) {
      const n = Number(row.n);
      const version = byVersion[row.language];
      if (row.recipient === "skipped") skipped += n;
      else if (row.mail === "sent") version.sent += n;
      else if (row.mail === "failed") version.failed += n;
      else version.remaining += n;
    }
    const total = (key: keyof VersionProgress) => byVersion.en[key] + byVersion.fr[key];
    const [sent, failed, remaining] = [total("sent"), total("failed"), total("remaining")];
    const { id, subject, body, subject_fr, body_fr, status, created_by, created_at, started_at, finished_at, scheduled_at, scheduled_by } = c;
    const segment = parseSegment(c.segment);
    // Before the send the recipients are the audience as it is now; after, those it was sent to.
    const audience = UNSENT.includes(status) ? await audienceOf(this.db, segment) : undefined;
    const recipients = audience ? audience.recipients : Number(c.recipients);
    return {
      id,
      title: campaignTitle(c),
      versions: versionsOf(c).map((version) => version.locale),
      subject,
      body,
      subject_fr,
      body_fr,
      status,
      created_by,
      created_at,
      started_at,
      finished_at,
      recipients,
      sent,
      failed,
      skipped,
      remaining,
      byVersion,
      segment,
      audience,
      scheduled_at,
      scheduled_by,
    };
  }

  /** Starts the dispatcher (campaign-dispatcher.ts). */
  startDispatcher(intervalMs?: number): void {
    this.dispatcher.start(intervalMs);
  }

  async stop(): Promise<void> {
    await this.dispatcher.stop();
  }
}
