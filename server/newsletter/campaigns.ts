/**
 * Newsletter campaigns from /team/campaigns: drafts, a test to the member, the start of the send,
 * pause and resume, and their progress. Every change is audited. The inputs are checked with the
 * team's campaign schema (app/features/team/team-schemas.ts); a refusal is a TeamError with a code
 * of app/features/team/campaigns-contract.ts. The mails go out through campaign-dispatcher.ts.
 */
import type { Config } from "../config";
import { type Db, nowIso } from "../db/database";
import type { CampaignStatus } from "../db/schema";
import type { Logger } from "../logger";
import type { MailOutbox } from "../mail/outbox";
import type { Audit, AuditAction } from "../audit/audit";
import { campaignError, type CampaignErrorCode } from "~/features/team/campaigns-contract";
import { type CampaignInput, campaignInputError, campaignInputSchema } from "~/features/team/team-schemas";
import { CampaignDispatcher, CampaignMails, renderCampaign } from "./campaign-dispatcher";
import type { NewsletterKeys } from "./keys";
import { newRowId } from "../db/row-id";

export interface CampaignProgress {
  id: string;
  subject: string;
  body: string;
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
  /** The body as subscribers see it (safe html, without the per-recipient footer). */
  previewHtml: string;
}

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
    this.dispatcher = new CampaignDispatcher(db, outbox, this.mails, mail.campaignRatePerMinute, logger);
  }

  /** The subject and body as stored, or a TeamError with the first refusal's code. */
  private static check(input: CampaignInput): { subject: string; body: string } {
    const parsed = campaignInputSchema.safeParse(input);
    if (!parsed.success) throw campaignError(campaignInputError(parsed.error));
    return parsed.data;
  }

  async create(actor: string, input: CampaignInput): Promise<string> {
    const { subject, body } = Campaigns.check(input);
    const id = newRowId();
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto("campaigns").values({ id, subject, body, status: "draft", created_by: actor, created_at: nowIso(), started_at: null, finished_at: null, next_dispatch_at: null }).execute();
      await this.audit.record(trx, { actor, action: "campaign-draft", subject: id, detail: { subject } });
    });
    return id;
  }

  /** Edits a draft. */
  async update(actor: string, id: string, input: CampaignInput): Promise<void> {
    const { subject, body } = Campaigns.check(input);
    const result = await this.db.updateTable("campaigns").set({ subject, body }).where("id", "=", id).where("status", "=", "draft").executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw campaignError("campaign-not-draft");
    void actor;
  }

  /** A test mail to the member: the campaign as a subscriber gets it, with a sample footer. */
  async sendTest(actor: string, id: string): Promise<void> {
    const campaign = await this.db.selectFrom("campaigns").selectAll().where("id", "=", id).executeTakeFirst();
    if (!campaign) throw campaignError("campaign-missing");
    const mail = await this.mails.to(campaign, { email: actor, unsubscribe_key: "test-only-not-a-subscriber" });
    await this.db.transaction().execute(async (trx) => {
      await this.outbox.enqueue(trx, { ...mail, subject: `[Test] ${campaign.subject}`, about: null, priority: "now" });
      await this.audit.record(trx, { actor, action: "campaign-test", subject: id, detail: { subject: campaign.subject } });
    });
    this.outbox.nudge();
  }

  /** Starts sending to every active subscriber (once: a draft only). Returns the recipient count. */
  async start(actor: string, id: string): Promise<number> {
    const count = await this.db.transaction().execute(async (trx) => {
      const now = nowIso();
      const started = await trx.updateTable("campaigns").set({ status: "sending", started_at: now, next_dispatch_at: now }).where("id", "=", id).where("status", "=", "draft").executeTakeFirst();
      if (Number(started.numUpdatedRows) === 0) throw campaignError("campaign-already-sent");
      const inserted = await trx
        .insertInto("campaign_recipients")
        .columns(["campaign_id", "subscriber_id", "email", "status"])
        .expression((eb) =>
          eb
            .selectFrom("subscribers")
            .select([eb.val(id).as("campaign_id"), "id", "email", eb.val("waiting").as("status")])
            .where("status", "=", "active"),
        )
        .executeTakeFirst();
      const n = Number(inserted.numInsertedOrUpdatedRows ?? 0n);
      await trx.updateTable("campaigns").set({ recipients: n }).where("id", "=", id).execute();
      await this.audit.record(trx, { actor, action: "campaign-send", subject: id, detail: { recipients: n } });
      return n;
    });
    this.dispatcher.kick();
    return count;
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

  private async progressOf(c: { id: string; subject: string; body: string; status: CampaignStatus; created_by: string; created_at: string; started_at: string | null; finished_at: string | null; recipients: number }): Promise<CampaignProgress> {
    const rows = await this.db
      .selectFrom("campaign_recipients as r")
      .leftJoin("mail as m", "m.id", "r.mail_id")
      .select(["r.status as recipient", "m.status as mail", (eb) => eb.fn.countAll<number>().as("n")])
      .where("r.campaign_id", "=", c.id)
      .groupBy(["r.status", "m.status"])
      .execute();
    let sent = 0;
    let failed = 0;
    let skipped = 0;
    let remaining = 0;
    for (const row of rows) {
      const n = Number(row.n);
      if (row.recipient === "skipped") skipped += n;
      else if (row.mail === "sent") sent += n;
      else if (row.mail === "failed") failed += n;
      else remaining += n;
    }
    const { id, subject, body, status, created_by, created_at, started_at, finished_at, recipients } = c;
    return { id, subject, body, status, created_by, created_at, started_at, finished_at, recipients: Number(recipients), sent, failed, skipped, remaining, previewHtml: renderCampaign(body).html };
  }

  /** Starts the dispatcher (campaign-dispatcher.ts). */
  startDispatcher(intervalMs?: number): void {
    this.dispatcher.start(intervalMs);
  }

  async stop(): Promise<void> {
    await this.dispatcher.stop();
  }
}
