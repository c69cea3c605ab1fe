/**
 * Periodic work done once per period across every instance sharing the database (the retention
 * purge, the quota sweep): each instance checks often, and the one whose conditional UPDATE moves
 * the job's `next_run_at` forward runs it. One statement, so exact on SQLite and PostgreSQL alike,
 * and nothing is held while the job runs (an instance that dies mid-run only skips one period).
 */
import { INSTANCE_ID } from "../instance";
import type { Db } from "./database";

/** True when this instance won the job's run for the current period (and must run it now). */
export async function claimJobRun(db: Db, name: string, periodMs: number, now = new Date()): Promise<boolean> {
  const at = now.toISOString();
  await db
    .insertInto("scheduled_jobs")
    .values({ name, next_run_at: at, last_run_by: null })
    .onConflict((oc) => oc.column("name").doNothing())
    .execute();
  const row = await db
    .updateTable("scheduled_jobs")
    .set({ next_run_at: new Date(now.getTime() + periodMs).toISOString(), last_run_by: INSTANCE_ID })
    .where("name", "=", name)
    .where("next_run_at", "<=", at)
    .returning("name")
    .executeTakeFirst();
  return row !== undefined;
}

export interface ScheduleOptions {
  /** How often the job runs across all instances. */
  periodMs: number;
  /** How often this instance asks whether it is due (default: a tenth of the period, at most 1 h). */
  checkEveryMs?: number;
  /** First check after start (default 5 s). */
  firstCheckMs?: number;
  onError: (error: unknown) => void;
}

/** Runs `job` once per period across instances. Returns a function that stops this instance's checks. */
export function scheduleShared(db: Db, name: string, job: () => Promise<void>, options: ScheduleOptions): () => void {
  const { periodMs, onError } = options;
  const checkEveryMs = options.checkEveryMs ?? Math.min(periodMs / 10, 3_600_000);
  let busy = false;
  const check = () => {
    if (busy) return;
    busy = true;
    claimJobRun(db, name, periodMs)
      .then((won) => (won ? job() : undefined))
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
