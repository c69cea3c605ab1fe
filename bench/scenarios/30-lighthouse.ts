/**
 * Issue 2 and 7 budgets: Lighthouse 12 (mobile, default simulated throttling) 100/100/100/100,
 * CLS 0, with the site served as in production: under its public origin
 * (https://www.heavyroute.example, not the build machine's), through Debian's nginx as a TLS
 * reverse proxy (tests/support/tls-proxy.ts), Chromium resolving the name to loopback and trusting
 * the test certificate by its public key.
 */
import { spawn } from "node:child_process";
import { createHash, X509Certificate } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import lighthouse from "lighthouse";
import { prerenderedPaths } from "~/routes-list";
import { CHROMIUM_ARGS } from "../../tests/support/browser";
import { freePort, startTlsProxy, type TlsProxy } from "../../tests/support/tls-proxy";
import type { Cell, Scenario } from "../types";

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
    rmSync(profile, { recursive: true, force: true });
  };
  return { port, close };
}

const score = (value: number | null | undefined): Cell => (value == null ? null : Math.round(value * 100));

const scenario: Scenario = {
  name: "lighthouse",
  async run(ctx) {
    const upstreamPort = await freePort();
    const proxy = await startTlsProxy({ upstreamPort, http2: true });
    const site = await ctx.startSite({ env: { PORT: String(upstreamPort), PUBLIC_SITE_URL: proxy.origin, TRUST_PROXY: "1" } });
    const chrome = launchForLighthouse(ctx.chromePath, proxy);
    const rows: Cell[][] = [];
    try {
      const port = await chrome.port;
      for (const path of prerenderedPaths) {
        ctx.log(`lighthouse ${path}`);
        // Lighthouse sometimes loses the trace of a load (NO_NAVSTART): try up to 3 times.
        let lhr;
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
      await site.stop();
      await proxy.stop();
    }
    return [
      {
        title: `Lighthouse 12, mobile, at ${proxy.origin} through nginx (TLS, HTTP/2)`,
        columns: ["route", "Perf", "A11y", "BP", "SEO", "LCP ms", "TBT ms", "CLS", "failed audits"],
        rows,
        notes: ["budget: 100 in all four categories on every route, CLS 0"],
      },
    ];
  },
};
export default scenario;
