/**
 * The bench's contract. A scenario is a module in bench/scenarios/ whose default export is a
 * `Scenario`; bench/run.ts runs them in file-name order against one production server and prints
 * each returned table. Scenarios needing their own server (other env, fresh data) call
 * ctx.startSite() and stop what they start.
 */
import type { Site, StartSiteOptions } from "../tests/support/site-server";

export interface BenchContext {
  /** The shared server, started with a fresh data dir (SQLite). */
  site: Site;
  /** site.url, e.g. http://127.0.0.1:41234 */
  url: string;
  /** Chromium for Lighthouse or browser-driven scenarios. */
  chromePath: string;
  repoRoot: string;
  startSite(options?: StartSiteOptions): Promise<Site>;
  log(message: string): void;
}

export type Cell = string | number | null;

export interface BenchTable {
  title: string;
  columns: string[];
  rows: Cell[][];
  /** Budgets and how to read the numbers, printed under the table. */
  notes?: string[];
}

export interface Scenario {
  name: string;
  run(ctx: BenchContext): Promise<BenchTable[]>;
}

/** Median of a non-empty list. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/** "✓" or "✗ (budget)" for a budget column. */
export function verdict(ok: boolean, budget: string): string {
  return ok ? `✓ ${budget}` : `✗ ${budget}`;
}
