/** Issue 2 budgets: Lighthouse 12 (mobile, default simulated throttling) 100/100/100/100, CLS 0. */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import lighthouse from "lighthouse";
import { prerenderedPaths } from "../../app/routes-list";
import { CHROMIUM_ARGS } from "../../tests/support/browser";
import type { Cell, Scenario } from "../types";

/** Chromium with a DevTools port for Lighthouse; resolves once it listens. */
function launchForLighthouse(chromePath: string) {
  const profile = mkdtempSync(join(tmpdir(), "lh-profile-"));
  const child = spawn(
    chromePath,
    ["--headless=new", "--remote-debugging-port=0", `--user-data-dir=${profile}`, ...CHROMIUM_ARGS, "about:blank"],
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
    rmSync(profile, { recursive: true, force: true });
  };
  return { port, close };
}

const score = (value: number | null | undefined): Cell => (value == null ? null : Math.round(value * 100));

const scenario: Scenario = {
  name: "lighthouse",
  async run(ctx) {
    const chrome = launchForLighthouse(ctx.chromePath);
    const rows: Cell[][] = [];
    try {
      const port = await chrome.port;
      for (const path of prerenderedPaths) {
        ctx.log(`lighthouse ${path}`);
        // Lighthouse sometimes loses the trace of a load (NO_NAVSTART): try up to 3 times.
        let lhr;
        for (let attempt = 1; attempt <= 3; attempt++) {
          const result = await lighthouse(ctx.url + path, {
            port,
            output: "json",
            logLevel: "error",
            onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
          });
          lhr = result?.lhr;
          if (lhr && !lhr.runtimeError) break;
          ctx.log(`lighthouse ${path}: ${lhr?.runtimeError?.code ?? "no result"}, attempt ${attempt}`);
        }
        if (!lhr || lhr.runtimeError) {
          rows.push([path, null, null, null, null, null, null, null, `error: ${lhr?.runtimeError?.code ?? "no result"}`]);
          continue;
        }
        const { categories, audits } = lhr;
        const failed = Object.values(audits)
          .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === "binary")
          .map((a) => a.id);
        rows.push([
          path,
          score(categories.performance?.score),
          score(categories.accessibility?.score),
          score(categories["best-practices"]?.score),
          score(categories.seo?.score),
          Math.round(audits["largest-contentful-paint"]?.numericValue ?? Number.NaN),
          Math.round(audits["total-blocking-time"]?.numericValue ?? Number.NaN),
          Number((audits["cumulative-layout-shift"]?.numericValue ?? Number.NaN).toFixed(3)),
          failed.join(" ") || "",
        ]);
      }
    } finally {
      await chrome.close();
    }
    return [
      {
        title: "Lighthouse 12, mobile",
        columns: ["route", "Perf", "A11y", "BP", "SEO", "LCP ms", "TBT ms", "CLS", "failed audits"],
        rows,
        notes: ["budget: 100 in all four categories on every route, CLS 0"],
      },
    ];
  },
};
export default scenario;
