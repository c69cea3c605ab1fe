/**
 * Budgets of POST /newsletter (JSON, unique addresses, 50 connections, SQLite), every figure from
 * the same run:
 * - ≥ 2,000 req/s, p99 < 50 ms, and ≥ half the throughput of a bare node:http server doing the
 *   same validated insert (./newsletter/bare-server.ts);
 * - ≥ 0.4× the throughput of a bare node:http server running one INSERT per request
 *   (./newsletter/insert-only-server.ts, the floor), with a p99 at most twice the floor's;
 * - ≥ 2× the throughput of the stack a React Router team writes by default: Express 5,
 *   React Router's request handler and a route action inserting with Kysely
 *   (./newsletter/express-react-router-server.ts).
 *
 * The site is started with RATE_LIMIT_POST_PER_MINUTE=100000000: the per-IP POST limit (default
 * 20 a minute) would otherwise answer 429 to a bench that comes from one address. Nothing else
 * changes: same middleware, same info-level logging (to a file), same mail worker (writing .eml
 * files, no SMTP_URL). Both servers run the mail worker; the bare one logs only warnings.
 */
import { loadavg } from "node:os";
import { percent } from "../cpu-steal";
import { combine, CONNECTIONS, DURATION_S, measure, type Result, startBare } from "../newsletter-load";
import { startProductionServer } from "../production-server";
import { verdict, type Scenario } from "../types";

/** Rounds of the four servers in turn, each on a fresh data directory. */
const ROUNDS = 2;

/** Stolen shares further apart than this make two servers' figures incomparable. */
const COMPARABLE_STEAL = 0.02;

/** A warning after a ratio whose two servers had different amounts of machine. */
function unevenSteal(site: number | undefined, floor: number | undefined): string {
  if (site === undefined || floor === undefined || Math.abs(site - floor) <= COMPARABLE_STEAL) return "";
  return ` (not comparable: the hypervisor stole ${percent(floor)} of the CPU during the floor's worst round, ${percent(site)} during the site's)`;
}

const scenario: Scenario = {
  name: "POST /newsletter",
  async run(ctx) {
    const servers = {
      site: () => startProductionServer(ctx.repoRoot),
      bare: () => startBare(ctx.repoRoot),
      floor: () => startBare(ctx.repoRoot, "insert-only-server.ts"),
      reactRouter: () => startBare(ctx.repoRoot, "express-react-router-server.ts"),
    };
    const results: Record<keyof typeof servers, Result[]> = { site: [], bare: [], floor: [], reactRouter: [] };
    const started: ReturnType<typeof startBare>[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      for (const name of Object.keys(servers) as (keyof typeof servers)[]) {
        const server = servers[name]();
        started.push(server);
        results[name].push(await measure(server, name));
      }
    }
    for (const server of started) server.remove();
    const [siteResult, bareResult, floorResult, reactRouterResult] = [combine(results.site), combine(results.bare), combine(results.floor), combine(results.reactRouter)];
    const row = (name: string, r: ReturnType<typeof combine>) => [name, Math.round(r.rps), r.p50, r.p99, r.max, r.ok, r.other, r.errors, percent(r.stolen), r.mainThreadUs === undefined ? "n/a" : Math.round(r.mainThreadUs)];
    const rps = siteResult.rps;
    const ratio = rps / bareResult.rps;
    const floorRatio = rps / floorResult.rps;
    const floorP99Ratio = siteResult.p99 / floorResult.p99;
    const reactRouterRatio = rps / reactRouterResult.rps;
    return [
      {
        title: `POST /newsletter, unique addresses (autocannon, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${DURATION_S} s, the servers in turn, SQLite)`,
        columns: ["server", "req/s (mean)", "worst p50 ms", "worst p99 ms", "max ms", "2xx", "non-2xx", "errors", "CPU stolen (worst)", "main thread µs/req"],
        rows: [
          row("site (every step, one middleware chain)", siteResult),
          row("bare node:http, same work (our services)", bareResult),
          row("bare node:http, one INSERT (the floor)", floorResult),
          row("Express 5 + React Router action + Kysely, one INSERT", reactRouterResult),
        ],
        notes: [
          `req/s ≥ 2000: ${verdict(rps >= 2000, String(Math.round(rps)))}`,
          `p99 < 50 ms: ${verdict(siteResult.p99 < 50, `${siteResult.p99} ms`)}`,
          `≥ half the same-work bare server's throughput: ${verdict(ratio >= 0.5, `${ratio.toFixed(2)}×`)}; its p99: ${(siteResult.p99 / bareResult.p99).toFixed(2)}×`,
          `≥ 0.4× the one-INSERT floor's throughput: ${verdict(floorRatio >= 0.4, `${floorRatio.toFixed(2)}×`)}; p99 ≤ 2× the floor's: ${verdict(floorP99Ratio <= 2, `${floorP99Ratio.toFixed(2)}×`)}${unevenSteal(siteResult.stolen, floorResult.stolen)}`,
          `≥ 2× the Express 5 + React Router + Kysely server's throughput: ${verdict(reactRouterRatio >= 2, `${reactRouterRatio.toFixed(2)}×`)}; its p99 ÷ the site's: ${(reactRouterResult.p99 / siteResult.p99).toFixed(2)}×${unevenSteal(siteResult.stolen, reactRouterResult.stolen)}`,
          "The Express 5 + React Router + Kysely server: an Express app handing every request to React Router's createRequestHandler, a resource route whose action reads the JSON body, checks it with zod and inserts one row with Kysely into SQLite (WAL, synchronous=NORMAL), as a React Router team writes it by default. No consent record, no mail, no log, no security headers or limits.",
          `Mail during the rush: the site's outbox had written ${siteResult.emlFiles.toLocaleString("en-US")} .eml files when the measurement ended, for ${(2 * siteResult.ok).toLocaleString("en-US")} mails queued by the measured sign-ups (two each, plus the warm-up's); the same-work bare server ${bareResult.emlFiles.toLocaleString("en-US")} of ${(2 * bareResult.ok).toLocaleString("en-US")}. The rest waits in the outbox and goes out after the rush: while requests keep the event loop busy the worker sends one batch a second (decision 0050), and the .eml files are written on a thread of the lowest priority (decision 0049).`,
          "Same work: the group-committed subscriber row with its consent record, the admin notice and the welcome mail queued in the same transaction, the outbox writing both as .eml files. The floor does none of it.",
          `Each round starts each server on a fresh data directory, after \`sync\` and a 1 s pause (the files the server before wrote are still being flushed).`,
          "The site runs with RATE_LIMIT_POST_PER_MINUTE=100000000 (the default per-IP limit would answer 429), logs at info level to a file.",
          `Main thread µs/req: the CPU time of the server's main thread (its event loop: what a single-process server's throughput is bound by) per answered request, mean of the rounds (/proc/<pid>/task/<pid>/stat). Time the hypervisor steals is not counted in it, so it moves less than req/s with other guests' load. The floor's ÷ the site's: ${siteResult.mainThreadUs && floorResult.mainThreadUs ? `${(floorResult.mainThreadUs / siteResult.mainThreadUs).toFixed(2)}×` : "n/a"} (the throughput ratio if both were bound by their event loop alone; the floor is also bound by the load generator sharing the cores).`,
          "CPU stolen: the share of the machine's CPU time its hypervisor gave to other virtual machines while that server was measured (/proc/stat). A server measured with a few percent stolen had less machine than the others; compare the ratios of runs with little stolen.",
          `Machine load average at the end: ${loadavg().map((n) => n.toFixed(1)).join(" ")} (numbers fall when other work shares the cores).`,
        ],
      },
    ];
  },
};
export default scenario;
