/**
 * Budgets: cold start to "server listening" under 1.5 s, to the first answered
 * request (GET /, from spawning the process) under 1 s; idle RSS under 120 MB
 * (the first budget was 150 MB). Started as in production, with its public origin set: the pages' best
 * compression is then made at start, off the event loop, while the first request is answered.
 */
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
    const firstAnswers: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const spawned = performance.now();
      const site = await ctx.startSite({ env: { PUBLIC_SITE_URL: "https://www.heavyroute.example" } });
      await (await fetch(`${site.url}/`, { headers: { "accept-encoding": "br, gzip" } })).arrayBuffer();
      firstAnswers.push(performance.now() - spawned);
      times.push(site.startupMs);
      if (i === RUNS - 1) {
        await sleep(2_000);
        const rss = rssMb(site.pid);
        await site.stop();
        const start = median(times);
        return [
          {
            title: "Server (fresh data dir, SQLite, PUBLIC_SITE_URL set)",
            columns: ["metric", "value", "budget"],
            rows: [
              [`cold start to listening, median of ${RUNS} (ms)`, Math.round(start), verdict(start < 1500, "< 1500")],
              ["cold start, all runs (ms)", times.map((t) => Math.round(t)).join(", "), ""],
              [`cold start to the first answered GET /, median of ${RUNS} (ms)`, Math.round(median(firstAnswers)), verdict(median(firstAnswers) < 1000, "< 1000")],
              ["idle RSS after 2 s (MB)", Number(rss.toFixed(1)), verdict(rss < 120, "< 120")],
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
