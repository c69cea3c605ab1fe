import type { Kysely } from "kysely";
import type { Db } from "../db/database";
import { nowIso } from "../db/database";
import { batchInsert } from "../db/batch-insert";
import type { Database, MailRow, NewMail } from "../db/schema";
import { type Logger, withoutAddresses } from "../logger";
import { mailOutcomes } from "../metrics";
import { composeMail, type MailInput } from "./compose";
import { claimDue, markSent, recordFailedAttempt, releaseClaimed, renewLease, resumePending, retryDelayMs } from "./outbox-rows";
import type { MailSender } from "./senders";
import { renderStored, type TemplateRenderer } from "./templates";

/**
 * The mail outbox (spec §7: "add a document to the mail collection; an extension sends it").
 * Over 300 lines because the queue, the claim, the send and the retry loop share one lease and
 * must be read together; the SQL of the claim is apart (outbox-rows.ts).
 *
 * - `enqueue(trx, mail)` writes the row inside the caller's transaction, so a record and its mail
 *   exist together or not at all. Call `nudge()` after the commit for an immediate send.
 * - The worker (one per server process, several processes may share the database) polls every
 *   second, leases due rows, and sends each one. Claiming is one conditional UPDATE (FOR UPDATE
 *   SKIP LOCKED on PostgreSQL) that counts the attempt and leases the row to this instance
 *   *before* sending: a row is never sent by two workers at once. Each sent row is marked sent at
 *   once (.eml files: with their batch); the lease of every row not marked yet is renewed while
 *   the worker holds the batch. A worker that dies leaves its rows leased until the lease ends
 *   (MAIL_LEASE_MS), then any worker sends them (at least once: a crash between the SMTP
 *   server's acceptance and the UPDATE that follows it resends that one mail).
 * - Due rows are claimed by priority (MAIL_PRIORITY: sign-in links before team notices before bulk),
 *   then oldest first. While requests keep the event loop busy (`busy`), a backlog goes out one
 *   batch per poll and the rest right after (docs/decisions/0050).
 * - Failures back off exponentially (30 s doubling to 1 h) and are logged; a row becomes `failed`
 *   only after `maxAttempts` (two days of retrying by default), logged as an error.
 * - At start the worker makes pending rows due again (on PostgreSQL, those no other live instance
 *   holds a lease on): after a restart, mail goes out now.
 */

export interface OutboxOptions {
  pollIntervalMs?: number;
  batchSize?: number;
  /** First retry delay; doubles per attempt up to maxRetryDelayMs. */
  retryBaseMs?: number;
  maxRetryDelayMs?: number;
  maxAttempts?: number;
  /**
   * How long a claimed row stays leased without renewal (renewed every third of it while its
   * worker lives): after a crash, another worker sends the row this long after the last renewal.
   */
  leaseMs?: number;
  /**
   * Several instances may share the database (PostgreSQL): at start, rows other instances have
   * leased are left alone. Else (SQLite, one process) every lease found at start is a dead
   * process's, and its rows go out at once.
   */
  sharedDatabase?: boolean;
  /** PostgreSQL: claim with FOR UPDATE SKIP LOCKED (concurrent workers take different rows). */
  skipLocked?: boolean;
  /**
   * How long a nudge waits before the worker claims: the mails of that moment's sign-ups go out
   * in one claim and a few sent-marks instead of a claim per commit (a busy minute costs the
   * database and the process far less; a mail leaves at most this much later).
   */
  coalesceMs?: number;
  /** The templates of mails stored as a template reference (server/mail/templates.ts), by name. */
  templates?: Readonly<Record<string, TemplateRenderer>>;
  /**
   * Asked after each full batch: true while requests keep the event loop busy
   * (server/event-loop-load.ts). The rest of a backlog then waits for the next poll, one batch
   * per `pollIntervalMs`, until the answer is no (docs/decisions/0050).
   */
  busy?: () => boolean;
}

const DEFAULTS: Required<OutboxOptions> = {
  pollIntervalMs: 1_000,
  batchSize: 50,
  retryBaseMs: 30_000,
  maxRetryDelayMs: 3_600_000,
  maxAttempts: 50,
  leaseMs: 60_000,
  sharedDatabase: false,
  skipLocked: false,
  coalesceMs: 50,
  templates: {},
  busy: () => false,
};

/**
 * What a mail's log lines say of it: its id (its row in the outbox, /team/mail) and attempts;
 * never its recipient, subject or body, which name people and may hold a link.
 */
const logged = (mail: MailRow) => ({ mailId: mail.id, attempts: mail.attempts });

export class MailOutbox {
  private readonly options: Required<OutboxOptions>;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private yieldingSince: number | undefined;
  private started = false;
  private stopping = false;

  constructor(
    private readonly db: Db,
    private readonly sender: MailSender,
    private readonly logger: Logger,
    options: OutboxOptions = {},
  ) {
    this.options = { ...DEFAULTS, ...options };
  }

  /** Multi-row INSERT of outbox rows, compiled once per row count (server/db/batch-insert.ts). */
  private readonly insertMails = batchInsert((rows: NewMail[]) => this.db.insertInto("mail").values(rows));

  get senderKind(): MailSender["kind"] {
    return this.sender.kind;
  }

  /** Adds a template (server/mail/templates.ts) that a part made after the outbox renders. */
  useTemplate(name: string, renderer: TemplateRenderer): void {
    this.options.templates = { ...this.options.templates, [name]: renderer };
  }

  /** Adds a mail to the outbox inside `trx` (or on its own). Returns the row id. */
  async enqueue(trx: Kysely<Database>, mail: MailInput): Promise<string> {
    const row = composeMail(mail);
    await trx.insertInto("mail").values(row).execute();
    return row.id;
  }

  /** Adds several mails in one statement (inside `trx`). Returns their ids. */
  async enqueueMany(trx: Kysely<Database>, mails: readonly MailInput[]): Promise<string[]> {
    if (mails.length === 0) return [];
    const now = nowIso();
    const rows = mails.map((mail) => composeMail(mail, now));
    await this.insertMails(trx, rows);
    return rows.map((row) => row.id);
  }

  /** Enqueues on its own (no surrounding record) and sends right away. */
  async send(mail: MailInput): Promise<string> {
    const id = await this.enqueue(this.db, mail);
    this.nudge();
    return id;
  }

  /** Starts the worker: pending rows become due now, then a poll every second. */
  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    this.stopping = false;
    const resumed = await resumePending(this.db, { keepLeases: this.options.sharedDatabase });
    this.logger.info({ sender: this.sender.kind, resumed }, "mail worker started");
    this.nudge();
  }

  /** Runs the worker soon (after an enqueue has committed). Cheap; calls coalesce. */
  nudge(): void {
    if (!this.started || this.stopping) return;
    if (this.running) {
      this.again = true;
      return;
    }
    if (this.nudgesWait) return;
    this.schedule(this.options.coalesceMs);
  }

  /** A run is scheduled that a nudge must not move: it comes soon anyway, or it waits for busy requests. */
  private nudgesWait = false;

  private schedule(delayMs: number, { givingWay = false } = {}): void {
    if (this.timer) clearTimeout(this.timer);
    this.nudgesWait = givingWay || delayMs <= this.options.coalesceMs;
    this.timer = setTimeout(() => this.run(), delayMs);
  }

  /** Stops polling and waits for the send in flight; claimed but unsent rows are released. */
  async stop(): Promise<void> {
    this.stopping = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.nudgesWait = false;
    await this.running;
    this.sender.close();
    this.started = false;
  }

  /** Sends every due row now and resolves when none is left (tests, CLI). */
  async drain(): Promise<void> {
    await this.running;
    while (await this.processBatch()) {
      // keep going until no due row is left
    }
  }

  private run(): void {
    this.timer = undefined;
    this.nudgesWait = false;
    if (this.stopping || this.running) return;
    this.again = false;
    let yielded = false;
    this.running = (async () => {
      try {
        while (!this.stopping && (await this.processBatch())) {
          // A full batch: more may be due. While requests keep the event loop busy, the rest
          // waits for the next poll (it is durable in the outbox): a rush is answered first.
          if (this.options.busy()) {
            yielded = true;
            break;
          }
        }
      } catch (error) {
        this.logger.error({ err: error }, "mail worker: cannot read the outbox");
      }
    })().finally(() => {
      this.running = undefined;
      this.noteYield(yielded);
      if (this.stopping) return;
      if (yielded) this.schedule(this.options.pollIntervalMs, { givingWay: true });
      // Nudged meanwhile: more mail was committed, claimed after the same short wait.
      else this.schedule(this.again ? this.options.coalesceMs : this.options.pollIntervalMs);
    });
  }

  /** One log line when the worker starts giving way to requests, one when it stops. */
  private noteYield(yielded: boolean): void {
    if (yielded && this.yieldingSince === undefined) {
      this.yieldingSince = Date.now();
      const { batchSize, pollIntervalMs } = this.options;
      this.logger.info({ batchSize, pollIntervalMs }, "mail worker: requests keep the server busy; one batch per poll until they do not");
    } else if (!yielded && this.yieldingSince !== undefined) {
      this.logger.info({ ms: Date.now() - this.yieldingSince }, "mail worker: back to sending every due mail at once");
      this.yieldingSince = undefined;
    }
  }

  /** Claims and sends one batch. True when the batch was full (more may be due). */
  private async processBatch(): Promise<boolean> {
    const { leaseMs } = this.options;
    const claimed = await claimDue(this.db, this.options);
    if (claimed.length === 0) return false;
    // The lease is renewed while this batch is in hand (also during a slow send): it only runs out
    // when this process stops renewing it, that is when it died.
    let held = new Set(claimed.map((mail) => mail.id));
    let index = 0; // next row to send
    let done = 0; // rows sent or failed
    let sent: MailRow[] = []; // sent, not marked yet (.eml files are marked with their batch)
    const renew = () => {
      renewLease(this.db, [...sent, ...claimed.slice(done)], leaseMs).then(
        (kept) => {
          held = new Set(kept.map((mail) => mail.id));
        },
        (error: unknown) => this.logger.warn({ err: error }, "mail worker: could not renew its lease"),
      );
    };
    const renewer = setInterval(renew, Math.max(100, Math.floor(leaseMs / 3)));
    renewer.unref();
    // Files are written a few at a time; SMTP goes one by one over its pooled connection.
    const parallel = this.sender.kind === "file" ? 8 : 1;
    // SMTP: each mail is marked sent as soon as it is, so a crash resends at most one. Files: the
    // batch is marked once (one UPDATE instead of one per group); a file written again after a
    // crash overwrites itself, so nobody receives anything twice.
    const markEvery = this.sender.kind === "file" ? this.options.batchSize : 1;
    try {
      while (index < claimed.length && !this.stopping) {
        const group = claimed.slice(index, index + parallel);
        index += group.length;
        // A row whose lease was lost (this process stalled past it) is another worker's now.
        const mine = group.filter((mail) => held.has(mail.id));
        const outcomes = await Promise.all(mine.map((mail) => this.deliver(mail)));
        sent.push(...mine.filter((_, i) => outcomes[i]));
        if (sent.length >= markEvery) {
          await markSent(this.db, sent);
          sent = [];
        }
        done = index;
      }
    } finally {
      clearInterval(renewer);
      try {
        await markSent(this.db, sent);
      } finally {
        await releaseClaimed(this.db, claimed.slice(index));
      }
    }
    return claimed.length === this.options.batchSize && !this.stopping;
  }

  /** Sends one row (or records the failure). True when it went out. */
  private async deliver(mail: MailRow): Promise<boolean> {
    let outcome: string;
    try {
      outcome = await this.sender.send(await renderStored(mail, this.options.templates));
    } catch (error) {
      await this.recordFailure(mail, error);
      return false;
    }
    mailOutcomes.inc({ outcome: "sent" });
    if (this.sender.kind === "file") {
      this.logger.info({ ...logged(mail), file: outcome }, "mail written to file (no SMTP_URL)");
    } else {
      this.logger.info(logged(mail), "mail sent");
    }
    return true;
  }

  private async recordFailure(mail: MailRow, error: unknown): Promise<void> {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 1_000);
    const giveUp = mail.attempts >= this.options.maxAttempts;
    const { retryBaseMs, maxRetryDelayMs } = this.options;
    const retryAt = new Date(Date.now() + retryDelayMs(mail.attempts, retryBaseMs, maxRetryDelayMs)).toISOString();
    await recordFailedAttempt(this.db, mail.id, message, giveUp, retryAt);
    mailOutcomes.inc({ outcome: giveUp ? "failed" : "retried" });
    const details = { ...logged(mail), error: withoutAddresses(message) };
    if (giveUp) this.logger.error(details, "mail failed permanently; see the mail table (status failed)");
    else this.logger.warn({ ...details, nextAttemptAt: retryAt }, "mail not sent; will retry");
  }
}
