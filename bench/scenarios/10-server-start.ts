/** Issue 2 budgets: cold start to "server listening" under 1.5 s; idle RSS under 150 MB. */
import { readFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { median, verdict, type Scenario } from "../types";

const RUNS = 5;

function rssMb(pid: number): number {
  const match = readFileSync(`/proc/${pid}/status`, "utf8").match(/^VmRSS:\s+(\d+)\s+kB/m);
  return match ? Number(match[1]) / 1024 : Number.NaN;
}

const scenario: Scenario = {
  name: "server start",
  async run(ctx) {
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const site = await ctx.startSite();
      times.push(site.startupMs);
      if (i === RUNS - 1) {
        await sleep(2_000);
        const rss = rssMb(site.pid);
        await site.stop();
        const start = median(times);
        return [
          {
            title: "Server (fresh data dir, SQLite)",
            columns: ["metric", "value", "budget"],
            rows: [
              [`cold start to listening, median of ${RUNS} (ms)`, Math.round(start), verdict(start < 1500, "< 1500")],
              ["cold start, all runs (ms)", times.map((t) => Math.round(t)).join(", "), ""],
              ["idle RSS after 2 s (MB)", Number(rss.toFixed(1)), verdict(rss < 150, "< 150")],
            ],
          },
        ];
      }
      await site.stop();
    }
    return [];
  },
};
export default scenario;
