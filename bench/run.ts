/**
 * `npm run bench [-- FILTER…]`: builds (SKIP_BUILD=1 reuses build/), starts the production server
 * through the test harness, runs every scenario of bench/scenarios/ (or those whose name or file
 * contains a FILTER), prints their tables and writes bench/results/latest.json.
 * Not part of `npm test`: numbers depend on the machine (ours: 2 cores).
 */
import { execSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { arch, availableParallelism, cpus, platform } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { findChromium } from "../tests/support/browser";
import { buildExists, runBuild } from "../tests/support/global-build";
import { repoRoot } from "../tests/support/paths";
import { startSite } from "../tests/support/site-server";
import { SQLITE_DRIVER_PACKAGE } from "../server/db/sqlite-driver";
import type { BenchContext, BenchTable, Cell, Scenario } from "./types";

function formatTable(table: BenchTable): string {
  const cell = (value: Cell) => (value === null || (typeof value === "number" && Number.isNaN(value)) ? "–" : String(value));
  const rows = table.rows.map((row) => row.map(cell));
  const widths = table.columns.map((column, i) => Math.max(column.length, ...rows.map((row) => (row[i] ?? "").length)));
  const line = (values: string[]) =>
    values.map((value, i) => (i === 0 ? value.padEnd(widths[i] ?? 0) : value.padStart(widths[i] ?? 0))).join("  ");
  return [
    `\n${table.title}`,
    line(table.columns),
    widths.map((w) => "-".repeat(w)).join("  "),
    ...rows.map(line),
    ...(table.notes ?? []).map((note) => `  ${note}`),
  ].join("\n");
}

async function loadScenarios(filters: string[]): Promise<Scenario[]> {
  const dir = join(repoRoot, "bench", "scenarios");
  const files = readdirSync(dir).filter((f) => /\.ts$/.test(f) && !f.endsWith(".d.ts")).sort();
  const scenarios: Scenario[] = [];
  for (const file of files) {
    const module = (await import(pathToFileURL(join(dir, file)).href)) as { default?: Scenario };
    const scenario = module.default;
    if (!scenario || typeof scenario.run !== "function") throw new Error(`bench/scenarios/${file} has no default Scenario export`);
    if (filters.length && !filters.some((f) => file.includes(f) || scenario.name.toLowerCase().includes(f.toLowerCase()))) continue;
    scenarios.push(scenario);
  }
  return scenarios;
}

/** The SQLite driver the server loads on this Node (server/db/sqlite-driver.ts), with its version. */
function sqliteDriver(): string {
  try {
    const { version } = JSON.parse(readFileSync(join(repoRoot, "node_modules", SQLITE_DRIVER_PACKAGE, "package.json"), "utf8")) as { version?: string };
    return `${SQLITE_DRIVER_PACKAGE} ${version ?? "?"}`;
  } catch {
    return `${SQLITE_DRIVER_PACKAGE} (not installed)`;
  }
}

async function main() {
  const filters = process.argv.slice(2);
  // First line of the output: numbers from different Node versions are not comparable.
  console.log(`Node ${process.version} (${platform()} ${arch()}, ${availableParallelism()} cores, ${cpus()[0]?.model ?? "unknown CPU"}), SQLite driver ${sqliteDriver()}`);
  if (!(process.env.SKIP_BUILD === "1" && buildExists())) await runBuild();
  const [chromePath, site, scenarios] = await Promise.all([findChromium(), startSite(), loadScenarios(filters)]);
  const ctx: BenchContext = {
    site,
    url: site.url,
    chromePath,
    repoRoot,
    startSite,
    log: (message) => console.error(`[bench] ${message}`),
  };
  const results: Record<string, BenchTable[] | { error: string }> = {};
  let failed = false;
  try {
    for (const scenario of scenarios) {
      ctx.log(`${scenario.name} …`);
      const started = performance.now();
      try {
        const tables = await scenario.run(ctx);
        results[scenario.name] = tables;
        for (const table of tables) console.log(formatTable(table));
      } catch (error) {
        failed = true;
        const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
        results[scenario.name] = { error: message };
        console.log(`\n${scenario.name}: FAILED\n${message}`);
      }
      ctx.log(`${scenario.name} done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }
  } finally {
    await site.stop();
  }

  let commit = "";
  try {
    commit = execSync("git rev-parse --short HEAD", { cwd: repoRoot, encoding: "utf8" }).trim();
  } catch {
    // Not a git checkout.
  }
  const out = join(repoRoot, "bench", "results");
  mkdirSync(out, { recursive: true });
  const report = {
    date: new Date().toISOString(),
    commit,
    node: process.version,
    sqliteDriver: sqliteDriver(),
    cpus: availableParallelism(),
    cpuModel: cpus()[0]?.model ?? "",
    chromium: chromePath,
    results,
  };
  writeFileSync(join(out, "latest.json"), `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\nWritten bench/results/latest.json (commit ${commit || "?"}, ${report.cpus} cores)`);
  if (failed) process.exitCode = 1;
}

await main();
