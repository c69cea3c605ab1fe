/**
 * Budgets: Lighthouse 12 (mobile, default simulated throttling) 100/100/100/100
 * in three runs out of three and in a cold pass (a fresh Chromium, each route loaded once, in
 * turn, nothing before it: as a visitor's phone meets the site), CLS 0, and each route's LCP against the floor's (a trivial
 * one-heading HTML page served the same way, loaded before each run of each route): legal pages
 * ≤ 1.1×, /platform ≤ 1.2×, Home ≤ 1.3×. The site is served as in production: under its public origin
 * (https://www.heavyroute.example, not the build machine's), through Debian's nginx as a TLS
 * reverse proxy (tests/support/tls-proxy.ts), Chromium resolving the name to loopback and trusting
 * the test certificate by its public key.
 */
import { spawn } from "node:child_process";
import { createHash, X509Certificate } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import lighthouse from "lighthouse";
import { prerenderedPaths } from "~/routes-list";
import { pathIn } from "~/shared/i18n/locale";
import { CHROMIUM_ARGS } from "../../tests/support/browser";
import { freePort } from "../../tests/support/ports";
import { startTlsProxy, type TlsProxy } from "../../tests/support/tls-proxy";
import { cpuTimes, percent, stolenShare, worstStolen } from "../cpu-steal";
import { type Cell, median, type Scenario, verdict } from "../types";

/** base64 sha256 of the certificate's public key, as --ignore-certificate-errors-spki-list wants it. */
const spkiHash = (pem: string): string =>
  createHash("sha256").update(new X509Certificate(pem).publicKey.export({ type: "spki", format: "der" })).digest("base64");

/** Chromium with a DevTools port for Lighthouse, reaching the proxy by its public name; resolves once it listens. */
function launchForLighthouse(chromePath: string, proxy: TlsProxy) {
  const profile = mkdtempSync(join(tmpdir(), "lh-profile-"));
  const child = spawn(
    chromePath,
    [
      "--headless=new",
      "--remote-debugging-port=0",
      `--user-data-dir=${profile}`,
      ...CHROMIUM_ARGS,
      `--host-resolver-rules=MAP ${proxy.hostname} 127.0.0.1`,
      `--ignore-certificate-errors-spki-list=${spkiHash(proxy.certificate.cert)}`,
      "about:blank",
    ],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  const port = new Promise<number>((resolve, reject) => {
    let output = "";
    const timer = setTimeout(() => reject(new Error(`Chromium did not open DevTools:\n${output}`)), 20_000);
    child.stderr.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/DevTools listening on ws:\/\/[^:]+:(\d+)\//);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.once("exit", (code) => reject(new Error(`Chromium exited (${code}):\n${output}`)));
  });
  const close = async () => {
    child.kill("SIGTERM");
    await new Promise((resolve) => (child.exitCode === null ? child.once("exit", resolve) : resolve(null)));
    // Chromium's helper processes can still be writing to the profile for a while after it exits;
    // a profile left in the temporary directory must not fail the measurement.
    for (let attempt = 1; ; attempt += 1) {
      try {
        rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
        return;
      } catch (error) {
        if (attempt === 3) return console.warn(`[bench] could not remove the profile ${profile}: ${(error as Error).message}`);
        await sleep(1000);
      }
    }
  };
  return { port, close };
}

/** Runs per route; the budget is 100 in all four categories in every one of them. */
const RUNS = 3;

/** The floor: one heading, nothing else, served by the site's static handler through the same proxy. */
const FLOOR_PATH = "/bench-floor.html";
const FLOOR_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Floor</title><link rel="icon" href="/favicon.svg" type="image/svg+xml"><meta name="description" content="The bench's floor page."></head><body><main><h1>HeavyRoute</h1></main></body></html>`;

/** LCP budget of a route, as a multiple of the floor's LCP. */
/** A route's LCP budget, the same in either language ("/fr" is Home, "/fr/platform" the platform). */
const lcpBudget = (route: string): number => {
  const path = pathIn(route, "en");
  return path === "/" ? 1.3 : path === "/platform" ? 1.2 : 1.1;
};

const scenario: Scenario = {
  name: "lighthouse",
  async run(ctx) {
    const upstreamPort = await freePort();
    const proxy = await startTlsProxy({ upstreamPort, http2: true });
    const site = await ctx.startSite({ env: { PORT: String(upstreamPort), PUBLIC_SITE_URL: proxy.origin, TRUST_PROXY: "1" } });
    const floorFile = join(ctx.repoRoot, "build/client", FLOOR_PATH.slice(1));
    writeFileSync(floorFile, FLOOR_HTML);
    type Run = { scores: number[]; lcp: number; tbt: number; cls: number; stolen: number | undefined; failed: string[] };
    /** A route's runs, and the floor's runs taken between them. */
    const measured: { path: string; runs: Run[]; floorRuns: Run[]; errors: string[] }[] = [];
    const floorErrors: string[] = [];
    /** The cold pass: each route once, in a Chromium of its own, with no floor or earlier run before it. */
    const cold: { path: string; run: Run | string }[] = [];
    let chrome: ReturnType<typeof launchForLighthouse> | undefined;
    try {
      // BENCH_LIGHTHOUSE_ROUTES=/platform,/terms: only those (and the floor); BENCH_LIGHTHOUSE_REPORTS=dir: every report's JSON there.
      const only = process.env.BENCH_LIGHTHOUSE_ROUTES?.split(",").filter(Boolean);
      const reportDir = process.env.BENCH_LIGHTHOUSE_REPORTS;
      if (reportDir) mkdirSync(reportDir, { recursive: true });
      const measure = async (path: string, run: number | "cold", reportName: string, port: number): Promise<Run | string> => {
        ctx.log(`lighthouse ${path} (${run === "cold" ? "cold" : `run ${run}/${RUNS}`})`);
        // A second between runs, so that what the previous run left running (Chromium closing
        // its page, the server flushing its log) is not in this run's trace: back to back, a
        // route's LCP depended on the route measured before it.
        await sleep(1_000);
        // Lighthouse sometimes loses the trace of a load (NO_NAVSTART): try up to 3 times.
        let lhr;
        const before = cpuTimes();
        for (let attempt = 1; attempt <= 3; attempt++) {
          const result = await lighthouse(proxy.origin + path, {
            port,
            output: "json",
            logLevel: "error",
            onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
          });
          lhr = result?.lhr;
          if (lhr && !lhr.runtimeError) break;
          ctx.log(`lighthouse ${path}: ${lhr?.runtimeError?.code ?? "no result"}, attempt ${attempt}`);
        }
        if (!lhr || lhr.runtimeError) return lhr?.runtimeError?.code ?? "no result";
        if (reportDir) writeFileSync(join(reportDir, `${reportName}.json`), JSON.stringify(lhr));
        const { categories, audits } = lhr;
        return {
          scores: [categories.performance, categories.accessibility, categories["best-practices"], categories.seo].map((c) => Math.round((c?.score ?? 0) * 100)),
          lcp: audits["largest-contentful-paint"]?.numericValue ?? Number.NaN,
          tbt: audits["total-blocking-time"]?.numericValue ?? Number.NaN,
          cls: audits["cumulative-layout-shift"]?.numericValue ?? Number.NaN,
          stolen: stolenShare(before, cpuTimes()),
          failed: Object.values(audits)
            .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === "binary")
            .map((a) => a.id),
        };
      };
      const routes = prerenderedPaths.filter((p) => !only || only.includes(p));
      // First pass on a fresh browser: its first loads pay for what a warm browser has done
      // already (starting the renderer, first font and storage look-ups in the browser process).
      chrome = launchForLighthouse(ctx.chromePath, proxy);
      for (const path of routes) {
        cold.push({ path, run: await measure(path, "cold", `${path.replaceAll("/", "_") || "_"}-cold`, await chrome.port) });
      }
      await chrome.close();
      chrome = launchForLighthouse(ctx.chromePath, proxy);
      const port = await chrome.port;
      // The floor is measured before each run of each route, not once at the start: Lighthouse's
      // simulated LCP scales what the main thread did in this load, so a floor measured minutes
      // earlier, with the machine in another state, made a route's ratio swing (1.06× to 1.24×).
      for (const path of routes) {
        const entry: (typeof measured)[number] = { path, runs: [], floorRuns: [], errors: [] };
        measured.push(entry);
        for (let run = 1; run <= RUNS; run++) {
          const name = path.replaceAll("/", "_") || "_";
          const floor = await measure(FLOOR_PATH, run, `${name}-${run}-floor`, port);
          if (typeof floor === "string") floorErrors.push(floor);
          else entry.floorRuns.push(floor);
          const result = await measure(path, run, `${name}-${run}`, port);
          if (typeof result === "string") entry.errors.push(result);
          else entry.runs.push(result);
        }
      }
    } finally {
      rmSync(floorFile, { force: true });
      await chrome?.close();
      await site.stop();
      await proxy.stop();
    }
    const row = (label: string, budget: number | undefined, runs: Run[], errors: string[], floorRuns: Run[]): Cell[] => {
      if (runs.length === 0) return [label, null, null, null, null, null, null, null, null, null, null, `error: ${errors.join(" ")}`];
      const minOf = (i: number) => Math.min(...runs.map((r) => r.scores[i] ?? 0));
      const perfect = runs.filter((r) => r.scores.every((value) => value === 100)).length;
      const lcp = median(runs.map((r) => r.lcp));
      const floorLcp = floorRuns.length ? median(floorRuns.map((r) => r.lcp)) : Number.NaN;
      const ratio = lcp / floorLcp;
      return [
        label,
        minOf(0),
        minOf(1),
        minOf(2),
        minOf(3),
        `${perfect}/${runs.length + errors.length}`,
        Math.round(lcp),
        budget === undefined ? "–" : verdict(ratio <= budget, `${ratio.toFixed(2)}× ≤ ${budget}×, floor ${Math.round(floorLcp)} ms`),
        Math.round(median(runs.map((r) => r.tbt))),
        Number(Math.max(...runs.map((r) => r.cls)).toFixed(3)),
        percent(worstStolen(runs.map((r) => r.stolen))),
        [...new Set(runs.flatMap((r) => r.failed)), ...errors.map((e) => `error: ${e}`)].join(" "),
      ];
    };
    const allFloorRuns = measured.flatMap((m) => m.floorRuns);
    const rows: Cell[][] = [
      row(`floor (${FLOOR_PATH})`, undefined, allFloorRuns, floorErrors, []),
      ...measured.map(({ path, runs, floorRuns, errors }) => row(path, lcpBudget(path), runs, errors, floorRuns)),
    ];
    const coldRows: Cell[][] = cold.map(({ path, run }) =>
      typeof run === "string"
        ? [path, null, null, null, null, null, null, null, null, null, `error: ${run}`]
        : [path, ...run.scores, verdict(run.scores.every((value) => value === 100) && run.cls === 0, "100×4, CLS 0"), Math.round(run.lcp), Math.round(run.tbt), Number(run.cls.toFixed(3)), percent(run.stolen), run.failed.join(" ")],
    );
    return [
      {
        title: `Lighthouse 12, mobile, cold: one fresh Chromium, each route once in turn, no floor or earlier run before it`,
        columns: ["route", "Perf", "A11y", "BP", "SEO", "budget", "LCP ms", "TBT ms", "CLS", "CPU stolen", "failed audits"],
        rows: coldRows,
        notes: [
          "How a visitor's phone meets the site: nothing warmed (the browser process's first font and storage look-ups, the renderer's first script context are paid by these loads). The first route pays the most.",
          "budget: 100 in all four categories on every route, CLS 0. One run per route: read it beside the table below.",
        ],
      },
      {
        title: `Lighthouse 12, mobile, at ${proxy.origin} through nginx (TLS, HTTP/2), ${RUNS} runs per route`,
        columns: ["route", "Perf", "A11y", "BP", "SEO", "100×4", "LCP ms", "LCP ÷ floor", "TBT ms", "CLS", "CPU stolen (worst)", "failed audits"],
        rows,
        notes: [
          "Scores: the lowest of the runs; 100×4: runs with 100 in all four categories; LCP and TBT: medians; CLS: the worst.",
          "budget: 100 in all four categories on every route in every run, CLS 0; LCP ÷ the floor's LCP: Home ≤ 1.3×, /platform ≤ 1.2×, legal pages ≤ 1.1×.",
          `The floor is loaded before each run of each route; a route's ratio is the median of its ${RUNS} LCPs over the median of the ${RUNS} floor loads taken between them (shown after the ratio). The floor's row: all its loads.`,
          "CPU stolen: the share of the machine's CPU time its hypervisor gave to other virtual machines during a route's worst run (/proc/stat). Lighthouse simulates a slow phone from what it observes: with a few percent stolen, the main thread looks busier (TBT) and the scores and LCP fall; compare with runs that had little stolen.",
        ],
      },
    ];
  },
};
export default scenario;
