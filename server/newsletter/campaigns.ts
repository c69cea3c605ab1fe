/**
 * Newsletter campaigns (issue 10, part 4; the exactly-once argument is docs/decisions/0037).
 *
 * - `start` fills `campaign_recipients` from the active subscribers in one INSERT … SELECT, in the
 *   transaction that marks the campaign `sending` and writes the audit entry.
 * - The dispatcher (every second, in every server process) takes each sending campaign in its own
 *   transaction that begins by UPDATE-ing the campaign row: that row lock (PostgreSQL) or write
 *   lock (SQLite) makes the rest of the transaction exclusive per campaign, across processes. It
 *   works out how many mails the rate allows since `next_dispatch_at`, takes that many waiting
 *   recipients, writes one outbox row per recipient still active (with their own unsubscribe
 *   link) and marks each recipient queued (with the mail id) or skipped, and moves the clock.
 *   A crash before the commit leaves everything waiting; after it, everything queued: a recipient
 *   is never queued twice nor skipped. The outbox then delivers each row (stable Message-ID).
 */
import { sql } from "kysely";
import type { Config } from "../config";
import { type Db, nowIso } from "../db/database";
import type { CampaignStatus } from "../db/schema";
import type { Logger } from "../logger";
import type { MailInput } from "../mail/compose";
import type { MailOutbox } from "../mail/outbox";
import type { Audit, AuditAction } from "../audit/audit";
import type { NewsletterKeys } from "./keys";
import { markdownToHtml } from "./markdown";
import { listHeaders, subscriberFooter } from "./subscriber-mail";
import { newRowId } from "../db/row-id";

export const CAMPAIGN_LIMITS = { subject: 200, body: 50_000 } as const;

export class CampaignInputError extends Error {
  override name = "CampaignInputError";
}

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

/** Most recipients moved to the outbox in one transaction. */
const MAX_PER_DISPATCH = 500;

export class Campaigns {
  private timer: ReturnType<typeof setInterval> | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly db: Db,
    private readonly outbox: MailOutbox,
    private readonly audit: Audit,
    private readonly keys: NewsletterKeys,
    private readonly mail: Config["mail"],
    private readonly publicSiteUrl: string | undefined,
    private readonly logger: Logger,
  ) {}

  /** The html and text parts of a campaign's body (without the per-recipient footer). */
  static render(body: string): { html: string; text: string } {
    return { html: markdownToHtml(body), text: body.replace(/\r\n?/g, "\n") };
  }

  private static check(subject: string, body: string): { subject: string; body: string } {
    const s = subject.replace(/[\p{Cc}]+/gu, " ").trim();
    if (s === "") throw new CampaignInputError("Please enter a subject.");
    if (s.length > CAMPAIGN_LIMITS.subject) throw new CampaignInputError(`The subject must be ${CAMPAIGN_LIMITS.subject} characters or fewer.`);
    if (body.trim() === "") throw new CampaignInputError("Please write the message.");
    if (body.length > CAMPAIGN_LIMITS.body) throw new CampaignInputError(`The message must be ${CAMPAIGN_LIMITS.body.toLocaleString("en-US")} characters or fewer.`);
    return { subject: s, body };
  }

  async create(actor: string, input: { subject: string; body: string }, origin: string): Promise<string> {
    const { subject, body } = Campaigns.check(input.subject, input.body);
    const id = newRowId();
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto("campaigns").values({ id, subject, body, status: "draft", origin, created_by: actor, created_at: nowIso(), started_at: null, finished_at: null, next_dispatch_at: null }).execute();
      await this.audit.record(trx, { actor, action: "campaign-draft", subject: id, detail: { subject } });
    });
    return id;
  }

  /** Edits a draft. */
  async update(actor: string, id: string, input: { subject: string; body: string }): Promise<void> {
    const { subject, body } = Campaigns.check(input.subject, input.body);
    const result = await this.db.updateTable("campaigns").set({ subject, body }).where("id", "=", id).where("status", "=", "draft").executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw new CampaignInputError("Only a draft can be edited: this campaign has been sent already.");
    void actor;
  }

  /** The mail of one recipient: the body, then their own footer and List-Unsubscribe headers. */
  private recipientMail(campaign: { subject: string; body: string; origin: string }, to: { email: string; unsubscribe_key: string | null; origin: string | null }): MailInput {
    const { html, text } = Campaigns.render(campaign.body);
    const key = to.unsubscribe_key ?? "";
    const link = { email: to.email, token: this.keys.token(key), origin: this.publicSiteUrl ?? to.origin ?? campaign.origin };
    const footer = subscriberFooter(link, this.mail);
    return { to: to.email, about: to.email, subject: campaign.subject, text: `${text}\n\n${footer.text}`, html: `${html}${footer.html}`, headers: listHeaders(link, this.mail), priority: "bulk" };
  }

  /** A test mail to the member: the campaign as a subscriber gets it, with a sample footer. */
  async sendTest(actor: string, id: string): Promise<void> {
    const campaign = await this.db.selectFrom("campaigns").selectAll().where("id", "=", id).executeTakeFirst();
    if (!campaign) throw new CampaignInputError("This campaign does not exist.");
    const mail = this.recipientMail(campaign, { email: actor, unsubscribe_key: "test-only-not-a-subscriber", origin: null });
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
      if (Number(started.numUpdatedRows) === 0) throw new CampaignInputError("This campaign has been sent already (or does not exist).");
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
    this.kick();
    return count;
  }

  async pause(actor: string, id: string): Promise<void> {
    await this.transition(actor, id, "sending", "paused", "campaign-pause");
  }

  async resume(actor: string, id: string): Promise<void> {
    await this.transition(actor, id, "paused", "sending", "campaign-resume");
    this.kick();
  }

  private async transition(actor: string, id: string, from: CampaignStatus, to: CampaignStatus, action: AuditAction): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const result = await trx.updateTable("campaigns").set({ status: to, next_dispatch_at: nowIso() }).where("id", "=", id).where("status", "=", from).executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) throw new CampaignInputError(`Only a campaign that is ${from} can be ${to === "paused" ? "paused" : "resumed"}.`);
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
    return { id, subject, body, status, created_by, created_at, started_at, finished_at, recipients: Number(recipients), sent, failed, skipped, remaining, previewHtml: Campaigns.render(body).html };
  }

  /** Starts the dispatcher: every second, each sending campaign gets its share of the rate. */
  startDispatcher(intervalMs = 1_000): void {
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

  private kick(): void {
    if (this.running) return;
    this.running = this.dispatchAll()
      .catch((error: unknown) => this.logger.error({ err: error }, "campaign dispatcher failed; retrying in a second"))
      .finally(() => {
        this.running = undefined;
      });
  }

  /** One pass over the sending campaigns; resolves to the number of mails queued. */
  async dispatchOnce(): Promise<number> {
    let queued = 0;
    const sending = await this.db.selectFrom("campaigns").select("id").where("status", "=", "sending").execute();
    for (const { id } of sending) queued += await this.dispatch(id);
    if (queued > 0) this.outbox.nudge();
    return queued;
  }

  private async dispatchAll(): Promise<void> {
    await this.dispatchOnce();
  }

  private async dispatch(id: string): Promise<number> {
    const perMinute = this.mail.campaignRatePerMinute;
    return this.db.transaction().execute(async (trx) => {
      // The lock: an UPDATE of the campaign row first (PostgreSQL: row lock until commit; SQLite:
      // the write lock). Concurrent dispatchers of other processes wait here, then see our result.
      const locked = await trx
        .updateTable("campaigns")
        .set({ status: sql<CampaignStatus>`status` })
        .where("id", "=", id)
        .where("status", "=", "sending")
        .returning(["subject", "body", "origin", "next_dispatch_at"])
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
        .select(["r.subscriber_id", "r.email", "s.status", "s.unsubscribe_key", "s.origin"])
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
      const mailIds = await this.outbox.enqueueMany(
        trx,
        active.map((r) => this.recipientMail(locked, { email: r.email, unsubscribe_key: r.unsubscribe_key, origin: r.origin })),
      );
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
