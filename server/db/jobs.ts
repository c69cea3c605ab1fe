/**
 * Periodic work done once per period across every instance sharing the database (the retention
 * purge, the quota sweep): each instance checks often, and the one whose conditional UPDATE moves
 * the job's `next_run_at` forward runs it. One statement, so exact on SQLite and PostgreSQL alike,
 * and nothing is held while the job runs (an instance that dies mid-run only skips one period),
 * unless the job asks to run in the claim's transaction (`inClaimTransaction`).
 */
import { INSTANCE_ID } from "../instance";
import type { Db } from "./database";

/** True when this instance won the job's run for the current period (and must run it now). */
export function claimJobRun(db: Db, name: string, periodMs: number, now = new Date()): Promise<boolean> {
  return claimRunDue(db, name, now, new Date(now.getTime() + periodMs), now);
}

/**
 * True when this instance won the run due at or before `now` (and must run it now): the job's
 * next run becomes `nextRunAt`. A job new to the table is first due at `firstRunAt`.
 */
export async function claimRunDue(db: Db, name: string, now: Date, nextRunAt: Date, firstRunAt: Date): Promise<boolean> {
  const at = now.toISOString();
  await db
    .insertInto("scheduled_jobs")
    .values({ name, next_run_at: firstRunAt.toISOString(), last_run_by: null })
    .onConflict((oc) => oc.column("name").doNothing())
    .execute();
  const row = await db
    .updateTable("scheduled_jobs")
    .set({ next_run_at: nextRunAt.toISOString(), last_run_by: INSTANCE_ID })
    .where("name", "=", name)
    .where("next_run_at", "<=", at)
    .returning("name")
    .executeTakeFirst();
  return row !== undefined;
}

export interface ScheduleOptions {
  /** How often the job runs across all instances. */
  periodMs: number;
  /**
   * When the job runs next after a run at `now`, and first (a job new to the table), when that is
   * not `now` + periodMs and at once: e.g. each Monday at 08:00 in a time zone.
   */
  next?: (now: Date) => Date;
  /**
   * Run the job inside the claim's transaction, on the `db` it is given: a job that only writes
   * (the weekly digest queues its mails) is then taken with its claim or not at all, so a failure
   * or a process killed mid-run leaves the run due for the next check instead of skipping it. Not
   * for long jobs: the transaction holds its writes until the job ends.
   */
  inClaimTransaction?: boolean;
  /** How often this instance asks whether it is due (default: a tenth of the period, at most 1 h). */
  checkEveryMs?: number;
  /** First check after start (default 5 s). */
  firstCheckMs?: number;
  onError: (error: unknown) => void;
}

/**
 * One check of a shared job at `now`: runs `job` when this instance wins its run. The periodic
 * checks of scheduleShared call it; a test calls it with the time it moved to.
 */
export async function runIfDue(
  db: Db,
  name: string,
  job: (now: Date, db: Db) => Promise<void>,
  options: Pick<ScheduleOptions, "periodMs" | "next" | "inClaimTransaction">,
  now = new Date(),
): Promise<boolean> {
  const run = async (on: Db) => {
    const won = options.next ? await claimRunDue(on, name, now, options.next(now), options.next(now)) : await claimJobRun(on, name, options.periodMs, now);
    if (won) await job(now, on);
    return won;
  };
  return options.inClaimTransaction ? db.transaction().execute(run) : run(db);
}

/** Runs `job` once per period across instances. Returns a function that stops this instance's checks. */
export function scheduleShared(db: Db, name: string, job: (now: Date, db: Db) => Promise<void>, options: ScheduleOptions): () => void {
  const { periodMs, onError } = options;
  const checkEveryMs = options.checkEveryMs ?? Math.min(periodMs / 10, 3_600_000);
  let busy = false;
  const check = () => {
    if (busy) return;
    busy = true;
    runIfDue(db, name, job, options)
      .catch(onError)
      .finally(() => {
        busy = false;
      });
  };
  const first = setTimeout(check, options.firstCheckMs ?? 5_000);
  const every = setInterval(check, checkEveryMs);
  first.unref();
  every.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
