/**
 * A campaign's progress per version (server/newsletter/campaigns.ts `recipientCounts`, what the
 * campaign's page reads) with 100,000 recipients beside another campaign's 100,000 and as many
 * other mails, on SQLite and on PostgreSQL: its time, with the counts checked exact and its plan
 * checked as the unit test checks it at 2,000 (tests/support/campaign-progress.ts).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import type { Config } from "../../server/config";
import { migrateToLatest, openDatabase } from "../../server/db/database";
import { recipientCounts } from "../../server/newsletter/campaigns";
import { CAMPAIGN, countedCounts, expectedCounts, fillCampaignProgress, planFaults, progressPlan } from "../../tests/support/campaign-progress";
import { type Postgres, startPostgres } from "../../tests/support/postgres";
import { type Cell, type Scenario, median } from "../types";

const RECIPIENTS = 100_000;
const WARM_UP = 2;
const SAMPLES = 10;

const scenario: Scenario = {
  name: "Campaign progress (100,000 recipients)",
  async run(ctx) {
    const rows: Cell[][] = [];
    const notes: string[] = [];
    for (const kind of ["sqlite", "postgres"] as const) {
      const engine = kind === "postgres" ? "PostgreSQL" : "SQLite";
      const dir = mkdtempSync(join(tmpdir(), "bench-progress-"));
      let postgres: Postgres | undefined;
      try {
        if (kind === "postgres") postgres = await startPostgres();
        const config: Config["database"] = postgres ? { kind: "postgres", url: postgres.url } : { kind: "sqlite", file: join(dir, "site.db") };
        const database = openDatabase(config);
        try {
          const { db } = database;
          await migrateToLatest(db);
          ctx.log(`${engine}: ${RECIPIENTS.toLocaleString("en")} recipients …`);
          const filling = performance.now();
          await fillCampaignProgress(db, kind, RECIPIENTS);
          const fillMs = performance.now() - filling;
          const exact = JSON.stringify(await countedCounts(db)) === JSON.stringify(expectedCounts(RECIPIENTS));
          const plan = await progressPlan(db, kind);
          const faults = planFaults(plan, kind);
          for (let i = 0; i < WARM_UP; i++) await recipientCounts(db, CAMPAIGN).execute(db);
          const times: number[] = [];
          for (let i = 0; i < SAMPLES; i++) {
            const started = performance.now();
            await recipientCounts(db, CAMPAIGN).execute(db);
            times.push(performance.now() - started);
          }
          const ms = (value: number) => Math.round(value * 10) / 10;
          rows.push([engine, RECIPIENTS, exact ? "✓" : "✗", faults.length ? `✗ ${faults.join("; ")}` : "✓", ms(median(times)), ms(Math.max(...times))]);
          notes.push(`${engine}: rows written in ${(fillMs / 1000).toFixed(1)} s.`);
        } finally {
          await database.close();
        }
      } finally {
        await postgres?.stop();
        rmSync(dir, { recursive: true, force: true });
      }
    }
    return [
      {
        title: `Campaign progress per version, ${RECIPIENTS.toLocaleString("en")} recipients beside as many of another campaign`,
        columns: ["engine", "recipients", "counts exact", "plan: indexes or one pass", "median ms", "max ms"],
        rows,
        notes: [
          `${SAMPLES} runs of the query, one at a time, after ${WARM_UP} to warm up. The plan: SQLite from two covering indexes and no row; PostgreSQL the recipients once, no scan per recipient (statistics gathered, as autovacuum does).`,
          ...notes,
          `Machine load average (1 min) at the end: ${loadavg()[0]?.toFixed(1)}; figures from a busy machine are not comparable.`,
        ],
      },
    ];
  },
};

export default scenario;
