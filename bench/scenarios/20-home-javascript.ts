/**
 * Budget: Home's first-load JavaScript at most 100 KB gzip (first 125 KB), and /platform only what
 * its tabs and modal need; in English and in French (/fr, /fr/platform).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { type BenchTable, verdict, type Scenario } from "../types";

const PAGE_NAMES: Readonly<Record<string, string>> = { "index.html": "Home", "platform/index.html": "/platform", "fr/index.html": "/fr", "fr/platform/index.html": "/fr/platform" };

const kb = (bytes: number) => Number((bytes / 1024).toFixed(1));

const scenario: Scenario = {
  name: "home javascript",
  run(ctx) {
    const client = join(ctx.repoRoot, "build", "client");
    // Home, and /platform (only what its tabs and modal need), in each language, measured the same way.
    return Promise.resolve(
      (["index.html", "platform/index.html", "fr/index.html", "fr/platform/index.html"] as const).map((page) => firstLoad(client, page, readFileSync(join(ctx.repoRoot, "build", "pages", page), "utf8"))),
    );
  },
};
export default scenario;

function firstLoad(client: string, page: string, html: string): BenchTable {
  // What the page itself asks for: preloads, script tags, and the inline module script's imports
  // (React Router's route modules, and the client entry it imports at once).
  const pending: string[] = [];
  for (const m of html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*>/g)) {
    const href = m[0].match(/\bhref="([^"]+)"/)?.[1];
    if (href) pending.push(href);
  }
  for (const m of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"[^>]*>/g)) if (m[1]) pending.push(m[1]);
  for (const m of html.matchAll(/\bimport\s*(?:[^"'()]+from\s*)?\(?\s*["'](\/assets\/[^"']+\.js)["']/g)) if (m[1]) pending.push(m[1]);
  // The boot module the page loads once it has loaded (scripts/build-server.ts, decision 0043),
  // or on a page served as islands (decision 0044) its island loader.
  for (const m of html.matchAll(/\.src="(\/assets\/(?:boot|islands)-[\w-]+\.js)"/g)) if (m[1]) pending.push(m[1]);
  // …and every module those import statically, transitively. Dynamic import()s inside the chunks
  // are what loads later (chat, forms, video), so they are not followed.
  const files = new Set<string>();
  while (pending.length) {
    const href = pending.pop() as string;
    if (files.has(href)) continue;
    files.add(href);
    const code = readFileSync(join(client, href.replace(/^\//, "")), "utf8");
    // The boot module is the inline module script moved to a file: its imports (the client
    // entry's dynamic one included) are all first-load.
    if (/\/boot-[\w-]+\.js$/.test(href)) {
      for (const m of code.matchAll(/\bimport\s*(?:[^"'()]+from\s*)?\(?\s*["'](\/assets\/[^"']+\.js)["']/g)) if (m[1]) pending.push(m[1]);
    }
    for (const m of code.matchAll(/\bimport\s*(?:[\w$*{}\s,]+from\s*)?["']((?:\.|\/assets)\/[^"']+\.js)["']/g)) {
      if (m[1]) pending.push(new URL(m[1], `http://x${href}`).pathname);
    }
  }

  // On an island page, what the first island to hydrate brings (React, the islands' components):
  // the loader's dynamic imports and everything they import statically, not yet loaded above.
  const onDemand = new Set<string>();
  const staticClosure = (start: string[]) => {
    const queue = [...start];
    while (queue.length) {
      const href = queue.pop() as string;
      if (files.has(href) || onDemand.has(href)) continue;
      onDemand.add(href);
      const code = readFileSync(join(client, href.replace(/^\//, "")), "utf8");
      for (const m of code.matchAll(/\bimport\s*(?:[\w$*{}\s,]+from\s*)?["']((?:\.|\/assets)\/[^"']+\.js)["']/g)) {
        if (m[1]) queue.push(new URL(m[1], `http://x${href}`).pathname);
      }
    }
  };
  for (const href of files) {
    if (!/\/islands-[\w-]+-[\w]+\.js$/.test(href) || /\/boot-/.test(href)) continue;
    const code = readFileSync(join(client, href.replace(/^\//, "")), "utf8");
    const dynamic = [...code.matchAll(/\bimport\(\s*["'](\.\/[^"']+\.js)["']\s*\)/g)].map((m) => new URL(m[1] as string, `http://x${href}`).pathname);
    staticClosure(dynamic);
  }
  const gzipOf = (set: Set<string>) => [...set].reduce((sum, href) => sum + gzipSync(readFileSync(join(client, href.replace(/^\//, "")))).length, 0);
  const onDemandGzip = gzipOf(onDemand);
  // What those import dynamically in their turn, when used (the forms' schemas, the modal, the
  // chat), and everything that imports, statically or not.
  const firstIsland = new Set(onDemand);
  const whenUsed = new Set<string>();
  const queue = [...firstIsland];
  while (queue.length) {
    const href = queue.pop() as string;
    const code = readFileSync(join(client, href.replace(/^\//, "")), "utf8");
    for (const m of code.matchAll(/\bimport\s*(?:[\w$*{}\s,]+from\s*|\(\s*)["']((?:\.|\/assets)\/[^"']+\.js)["']/g)) {
      const imported = new URL(m[1] as string, `http://x${href}`).pathname;
      if (files.has(imported) || firstIsland.has(imported) || whenUsed.has(imported)) continue;
      whenUsed.add(imported);
      queue.push(imported);
    }
  }
  const whenUsedGzip = gzipOf(whenUsed);

  const rows: Array<[string, number, number]> = [];
  for (const href of files) {
    const source = readFileSync(join(client, href.replace(/^\//, "")));
    rows.push([href, source.length, gzipSync(source).length]);
  }
  const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? "").join("\n");
  rows.push(["(inline scripts)", Buffer.byteLength(inline), gzipSync(inline).length]);
  rows.sort((a, b) => b[2] - a[2]);
  const totalGzip = rows.reduce((sum, row) => sum + row[2], 0);
  const totalRaw = rows.reduce((sum, row) => sum + row[1], 0);
  return {
    title: `${PAGE_NAMES[page] ?? page} first-load JavaScript (build/pages/${page})`,
    columns: ["script", "KB", "KB gzip"],
    rows: [...rows.map(([name, raw, gz]) => [name, kb(raw), kb(gz)]), ["total", kb(totalRaw), kb(totalGzip)]],
    notes: [
      `budget: total ≤ 125 KB gzip (the first budget) → ${verdict(totalGzip <= 125 * 1024, `${kb(totalGzip)} KB`)}`,
      `budget: total ≤ 100 KB gzip → ${verdict(totalGzip <= 100 * 1024, `${kb(totalGzip)} KB`)}`,
      "All of it now starts loading on the page's load event (decision 0043), after the first paint and the hero image.",
      ...(firstIsland.size > 0
        ? [`Loaded only when needed (island page, decision 0044): on Home the hero video's player (when idle) and, when the first section comes near, React and the islands; on /platform React and the information buttons (near, focused or touched): ${kb(onDemandGzip)} KB gzip in ${firstIsland.size} files. Later still, when used (the forms' and the chat's zod schemas, the modal, the chat widget): ${kb(whenUsedGzip)} KB gzip in ${whenUsed.size} files.`]
        : []),
    ],
  };
}
