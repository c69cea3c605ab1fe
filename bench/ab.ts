/**
 * `npm run bench:ab -- MODE [--rounds N] DIR…`: the same measurement on several builds of the site,
 * taken in turn in the same run, so a device's with/without figures share the machine's state (the
 * first DIR is the reference, usually main; the others are checkouts without one device, each
 * built with `npm run build`). What decision records quote as "with and without".
 *
 * Modes:
 * - `post`: POST /newsletter on each build's production server, SQLite, the load of the POST
 *   scenario (bench/newsletter-load.ts), N rounds (default 3). `post-drain` then waits up to 60 s
 *   for the mail of the sign-ups and reports the rate it was written at, and what was left.
 * - `scenario FILTER`: `npm run bench -- FILTER` in each DIR in turn (SKIP_BUILD=1), N rounds
 *   (default 2); each run's tables are printed and kept in bench/results/ab-<DIR name>-<round>.json.
 */
import { execFileSync } from "node:child_process";
import { copyFileSync, readFileSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { percent } from "./cpu-steal";
import { type Drain, measure, type Result } from "./newsletter-load";
import { startProductionServer } from "./production-server";
import { type BenchTable, median } from "./types";
import { repoRoot } from "../tests/support/paths";

function parseArguments(argv: string[]) {
  const args = [...argv];
  const mode = args.shift();
  const filter = mode === "scenario" ? args.shift() : undefined;
  let rounds: number | undefined;
  const dirs: string[] = [];
  while (args.length) {
    const arg = args.shift()!;
    if (arg === "--rounds") rounds = Number(args.shift());
    else dirs.push(resolve(arg));
  }
  const usage = "usage: npm run bench:ab -- post|post-drain|scenario FILTER [--rounds N] DIR DIR…";
  if (!mode || !["post", "post-drain", "scenario"].includes(mode) || (mode === "scenario" && !filter) || dirs.length < 2) throw new Error(usage);
  if (rounds !== undefined && !(Number.isInteger(rounds) && rounds > 0)) throw new Error(`--rounds takes a positive whole number. ${usage}`);
  return { mode, filter, rounds, dirs };
}

const label = (dir: string) => basename(dir);

const drainText = (drain: Drain) =>
  `${Math.round(drain.sent / (drain.ms / 1000))} mails/s (${drain.sent} in ${(drain.ms / 1000).toFixed(1)} s, ${drain.left} left)`;

async function post(dirs: string[], rounds: number, drain: boolean) {
  const results = new Map<string, Result[]>(dirs.map((dir) => [dir, []]));
  for (let round = 0; round < rounds; round++) {
    for (const dir of dirs) {
      const server = startProductionServer(dir);
      const result = await measure(server, `ab-${round}`, drain ? { drainWithinMs: 60_000 } : {});
      server.remove();
      results.get(dir)!.push(result);
      console.error(
        `[ab] round ${round + 1} ${label(dir)}: ${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms, main ${Math.round(result.mainThreadUs ?? Number.NaN)} µs/req, stolen ${percent(result.stolen)}${result.drain ? `, after the load ${drainText(result.drain)}` : ""}`,
      );
    }
  }
  const reference = results.get(dirs[0]!)!;
  const referenceRps = median(reference.map((r) => r.requests.average));
  console.log(`\nPOST /newsletter, ${rounds} rounds in turn (median of the rounds; the runs listed in round order)`);
  for (const dir of dirs) {
    const runs = results.get(dir)!;
    const rps = median(runs.map((r) => r.requests.average));
    const list = (pick: (r: Result) => number | undefined, digits = 0) => runs.map((r) => (pick(r) === undefined ? "–" : pick(r)!.toFixed(digits))).join(", ");
    console.log(
      [
        `- ${label(dir)}: ${Math.round(rps)} req/s (${list((r) => r.requests.average)}), ${(rps / referenceRps).toFixed(2)}× ${label(dirs[0]!)}`,
        `  p50 ms ${list((r) => r.latency.p50)}; p99 ms ${list((r) => r.latency.p99)}; main thread µs/req ${list((r) => r.mainThreadUs)}`,
        `  .eml written during the load ${list((r) => r.emlFiles)}${drain ? `; after the load ${runs.map((r) => (r.drain ? drainText(r.drain) : "–")).join(", ")}` : ""}; CPU stolen ${runs.map((r) => percent(r.stolen)).join(", ")}`,
      ].join("\n"),
    );
  }
}

function scenario(dirs: string[], filter: string, rounds: number) {
  for (let round = 0; round < rounds; round++) {
    for (const dir of dirs) {
      console.log(`\n### ${label(dir)}, round ${round + 1}`);
      execFileSync(process.execPath, ["--import", "tsx", "bench/run.ts", filter], { cwd: dir, stdio: ["ignore", "inherit", "inherit"], env: { ...process.env, SKIP_BUILD: "1" } });
      const kept = join(repoRoot, "bench", "results", `ab-${label(dir)}-${round + 1}.json`);
      copyFileSync(join(dir, "bench", "results", "latest.json"), kept);
      const { results } = JSON.parse(readFileSync(kept, "utf8")) as { results: Record<string, BenchTable[] | { error: string }> };
      if (Object.values(results).some((tables) => !Array.isArray(tables))) throw new Error(`${label(dir)}: a scenario failed (${kept})`);
    }
  }
}

async function main() {
  const { mode, filter, rounds, dirs } = parseArguments(process.argv.slice(2));
  if (mode === "scenario") scenario(dirs, filter!, rounds ?? 2);
  else await post(dirs, rounds ?? 3, mode === "post-drain");
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
