/**
 * Page views are written in batches: a request only adds its view to memory, and one multi-row
 * INSERT a second (or every BATCH_ROWS views) writes them all, so counting costs GET / little of
 * its throughput (docs/decisions/0113). Shutdown writes what is left (close()).
 */
import type { Db } from "../db/database";
import { batchInsert } from "../db/batch-insert";
import type { AnalyticsPageViewsTable } from "../db/schema";
import type { Logger } from "../logger";
import type { PageView } from "./page-view";
import { saltOf, visitorHash } from "./visitor";

/** Rows per INSERT (11 parameters each: far below SQLite's and PostgreSQL's limits). */
const BATCH_ROWS = 500;
/** Views held while the database does not answer; beyond, new views are dropped (and logged). */
const MAX_PENDING = 50_000;

export interface RecorderOptions {
  /** How long a view may wait in memory before it is written. */
  flushEveryMs?: number;
  /** The clock (tests move it). */
  now?: () => Date;
}

export class PageViewRecorder {
  private pending: PageView[] = [];
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();
  /** Views handed to writes not finished yet. */
  private queued = 0;
  private dropped = 0;
  /** The salts this instance has used, by day: only today's and yesterday's are kept. */
  private readonly salts = new Map<string, string | undefined>();
  private readonly flushEveryMs: number;
  readonly now: () => Date;
  private readonly insert: ReturnType<typeof batchInsert<AnalyticsPageViewsTable, unknown>>;

  constructor(
    private readonly db: Db,
    private readonly logger: Logger,
    options: RecorderOptions = {},
  ) {
    this.flushEveryMs = options.flushEveryMs ?? 1_000;
    this.now = options.now ?? (() => new Date());
    this.insert = batchInsert((rows: AnalyticsPageViewsTable[]) => db.insertInto("analytics_page_views").values(rows));
  }

  record(view: PageView): void {
    if (this.pending.length + this.queued >= MAX_PENDING) {
      this.dropped++;
      return;
    }
    this.pending.push(view);
    if (this.pending.length >= BATCH_ROWS) void this.flush();
    else if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), this.flushEveryMs);
      this.timer.unref();
    }
  }

  /** Writes every view recorded so far (after any write under way). */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const views = this.pending;
    this.pending = [];
    this.queued += views.length;
    this.writing = this.writing.then(() => (views.length > 0 ? this.write(views) : undefined)).finally(() => (this.queued -= views.length));
    return this.writing;
  }

  /** Shutdown: writes what is left. */
  close(): Promise<void> {
    return this.flush();
  }

  private async salt(day: string): Promise<string | undefined> {
    if (this.salts.has(day)) return this.salts.get(day);
    const salt = await saltOf(this.db, day, this.now());
    this.salts.set(day, salt);
    // A newer day: the older salts leave this process's memory too.
    for (const known of this.salts.keys()) if (known < day && this.salts.size > 2) this.salts.delete(known);
    return salt;
  }

  private async write(views: PageView[]): Promise<void> {
    try {
      const salts = new Map<string, string | undefined>();
      for (const view of views) if (view.visitorInput && !salts.has(view.day)) salts.set(view.day, await this.salt(view.day));
      const rows = views.map((view): AnalyticsPageViewsTable => {
        const salt = salts.get(view.day);
        return {
          id: view.id,
          day: view.day,
          path: view.path,
          referrer: view.referrer,
          ...view.utm,
          device: view.device,
          visitor: view.visitorInput && salt !== undefined ? visitorHash(salt, view.visitorInput) : null,
        };
      });
      for (let start = 0; start < rows.length; start += BATCH_ROWS) await this.insert(this.db, rows.slice(start, start + BATCH_ROWS));
    } catch (error) {
      // Counting never fails a page: the batch is lost, said once per batch.
      this.logger.error({ err: error, views: views.length }, "analytics: page views could not be written");
    }
    if (this.dropped > 0) {
      this.logger.warn({ dropped: this.dropped }, "analytics: page views dropped while the database did not keep up");
      this.dropped = 0;
    }
  }
}
