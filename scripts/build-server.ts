/**
 * Second half of `npm run build`, after `react-router build`:
 * 1. makes each pre-rendered page paint as early as it can: the stylesheet is inlined, so first
 *    paint waits for no other request (the link stays, print-only, for React to adopt when it
 *    hydrates), and the module preloads go, so the hero image does not share the first round
 *    trips with the framework's scripts (the module script at the end of the page still loads them);
 * 2. moves each pre-rendered page out of build/client into build/pages, so the static file
 *    handler can never serve one without its CSP and public origin, and records the sha256 of
 *    its inline scripts (the CSP of a static page cannot carry a per-request nonce);
 * 3. bundles the island modules of island pages (app/islands/<name>.ts, decision 0044) and their
 *    stylesheets into build/client/assets, and has each island page load them after the `load`
 *    event;
 * 4. compresses each text file of build/client once, at brotli's and gzip's best, beside it
 *    (server/http/precompressed-files.ts serves them): no compression per request, and smaller
 *    than the quality a per-request compressor can afford (decision 0060);
 * 5. bundles the Express server (server/main.ts) to build/app-server.js;
 * 6. bundles each worker thread's module (server/worker-threads.ts) beside it.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { compile, optimize } from "@tailwindcss/node";
import { Scanner } from "@tailwindcss/oxide";
import { build } from "esbuild";
import { prerenderedAnswerPaths, prerenderedPaths } from "~/routes-list";
import { ORIGIN_PLACEHOLDER } from "~/shared/seo/origin-placeholder.server";
import type { PrerenderedManifest } from "../server/http/prerendered-pages";
import { scriptHash } from "../server/http/security-headers";
import { WORKER_BUNDLE, WORKER_MODULES, workerBundleName } from "../server/worker-threads";
import { bundleInlineScript } from "./inline-script";

const root = path.resolve(import.meta.dirname, "..");
const clientDir = path.join(root, "build/client");
const pagesDir = path.join(root, "build/pages");

function inlineStylesheets(html: string): string {
  return html.replace(/<link rel="stylesheet" href="(\/assets\/[^"]+\.css)"((?:(?!media=)[^>])*)\/>/g, (_link, href: string, rest: string) => {
    const css = fs.readFileSync(path.join(clientDir, href), "utf8").replaceAll("</style", "<\\/style");
    return `<style>${css}</style><link rel="stylesheet" href="${href}"${rest} media="print"/>`;
  });
}

const withoutModulePreloads = (html: string): string => html.replace(/<link rel="modulepreload" href="[^"]+"\/>/g, "");

/** A page that never hydrates (decision 0042) has no React to adopt the print-only link: it goes. */
const withoutUnusedStylesheetLinks = (html: string): string =>
  /<script type="module"/.test(html) ? html : html.replace(/<link rel="stylesheet" href="\/assets\/[^"]+\.css"[^>]*media="print"\/>/g, "");

/**
 * Hydration starts once the page has loaded (decision 0043): React Router's inline module
 * script (route imports and manifest: nothing per request) moves to a hashed file under /assets,
 * and a small classic script loads it on the `load` event, so the first paint and the largest
 * image never share the first round trips with the framework's JavaScript.
 */
function hydrateAfterLoad(html: string): string {
  return html.replace(/<script type="module" async="">([\s\S]*?)<\/script>/, (_script, body: string) => {
    const name = `boot-${crypto.createHash("sha256").update(body).digest("base64url").slice(0, 10)}.js`;
    fs.writeFileSync(path.join(clientDir, "assets", name), body);
    const loader = `addEventListener("load",function(){var s=document.createElement("script");s.type="module";s.src="/assets/${name}";document.body.appendChild(s)})`;
    return `<script>${loader}</script>`;
  });
}

/**
 * A pre-rendered page inlines only the CSS of its own markup (plus the two classes the menu
 * script toggles), so the first response fits TCP's first round trip (decisions 0115, 0133).
 * Pages that hydrate with React Router keep the whole stylesheet: any route's markup can follow.
 */
const appCss = fs.readFileSync(path.join(root, "app/app.css"), "utf8");
// A compiler per stylesheet: one keeps every class it was given, so later pages would carry earlier ones'.
const tailwindCss = async (candidates: Iterable<string>): Promise<string> => {
  const tailwind = await compile(appCss, { base: path.join(root, "app"), onDependency: () => undefined });
  return optimize(tailwind.build([...candidates]), { minify: true }).code;
};
const decodeAttribute = (text: string): string =>
  text.replaceAll("&quot;", '"').replaceAll("&#x27;", "'").replaceAll("&#39;", "'").replaceAll("&lt;", "<").replaceAll("&gt;", ">").replaceAll("&amp;", "&");

const islandsOf = (html: string): string | undefined => html.match(/<body data-islands="([\w-]+)"/)?.[1];

/** The Tailwind classes a page's markup uses. */
function markupCandidates(html: string): Set<string> {
  const candidates = new Set(["hidden", "flex"]);
  for (const match of html.matchAll(/\sclass="([^"]*)"/g)) for (const name of decodeAttribute(match[1] ?? "").split(/\s+/)) if (name) candidates.add(name);
  return candidates;
}

async function withOwnCss(html: string): Promise<string> {
  if (html.includes("__reactRouterContext")) return html;
  const css = (await tailwindCss(markupCandidates(html))).replaceAll("</style", "<\\/style");
  return html.replace(/<style>[\s\S]*?<\/style>/, () => `<style>${css}</style>`);
}

/**
 * A page without React Router's scripts (decision 0042) gets the frame's behaviour as one inline
 * script, app/features/layout/frame-script.ts bundled (decision 0061).
 */
const { code: frameScript } = await bundleInlineScript(path.join(root, "app/features/layout/frame-script.ts"));
const withStaticPageScript = (html: string): string =>
  html.includes("__reactRouterContext") ? html : html.replace("</body>", () => `<script>${frameScript}</script></body>`);

/**
 * Island modules (decision 0044): each app/islands/<name>.ts an island page names, bundled with
 * esbuild for the browser (React and the islands' components are split into chunks it imports
 * only when an island is needed). Returns each name's file under /assets, and every file it can
 * load, statically or by a dynamic import.
 */
async function buildIslands(names: Set<string>): Promise<Map<string, { src: string; modules: string[] }>> {
  const files = new Map<string, { src: string; modules: string[] }>();
  if (names.size === 0) return files;
  const result = await build({
    // The chat widget is an entry point too, so its chunk keeps its name (chat-widget-*.js) as in
    // React Router's build: islands import it like any dynamic import.
    entryPoints: [
      ...[...names].map((name) => ({ in: path.join(root, "app/islands", `${name}.ts`), out: `islands-${name}` })),
      { in: path.join(root, "app/features/chat/chat-widget.tsx"), out: "chat-widget" },
    ],
    outdir: path.join(clientDir, "assets"),
    entryNames: "[name]-[hash]",
    chunkNames: "islands-[hash]",
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    minify: true,
    jsx: "automatic",
    tsconfig: path.join(root, "tsconfig.json"),
    define: { "process.env.NODE_ENV": '"production"', "import.meta.env.DEV": "false", "import.meta.env.PROD": "true", "import.meta.env.SSR": "false" },
    metafile: true,
    logLevel: "warning",
  });
  const { outputs } = result.metafile;
  const reachable = (entry: string): string[] => {
    const seen = new Set([entry]);
    for (const file of seen) for (const { path: imported } of outputs[file]?.imports ?? []) if (imported in outputs) seen.add(imported);
    return [...seen].map((file) => path.resolve(root, file));
  };
  for (const [file, output] of Object.entries(outputs)) {
    const name = output.entryPoint ? path.basename(output.entryPoint, ".ts") : undefined;
    if (name && names.has(name)) files.set(name, { src: `/${path.relative(clientDir, path.resolve(root, file))}`, modules: reachable(file) });
  }
  return files;
}

const sources = new Map(
  [...prerenderedPaths, ...prerenderedAnswerPaths].map((urlPath) => {
    const file = urlPath === "/" ? "index.html" : `${urlPath.slice(1)}/index.html`;
    return [urlPath, { file, html: fs.readFileSync(path.join(clientDir, file), "utf8") }] as const;
  }),
);
const islandFiles = await buildIslands(new Set([...sources.values()].map(({ html }) => islandsOf(html)).filter((name) => name !== undefined)));

const islandOf = (name: string) => {
  const island = islandFiles.get(name);
  if (!island) throw new Error(`data-islands="${name}": no app/islands/${name}.ts was built`);
  return island;
};

/** The Tailwind classes an island page's modules can render (Tailwind's own scanner reads them). */
function islandCandidates(name: string): string[] {
  const scanner = new Scanner({});
  return scanner.scanFiles(islandOf(name).modules.map((file) => ({ content: fs.readFileSync(file, "utf8"), extension: "js" })));
}

/**
 * Each island's stylesheet, /assets/islands-<name>-<hash>.css: the classes its modules can render
 * (React renders markup the page does not have yet) and those of every page that loads it. A
 * superset of each such page's inline CSS, in Tailwind's order: loaded after it, it decides every
 * conflict as one stylesheet would (a sheet of the islands' classes alone would let a base class
 * it adds override a responsive one of the page's).
 */
async function buildIslandStylesheets(htmls: string[]): Promise<Map<string, string>> {
  const sheets = new Map<string, string>();
  for (const name of new Set(htmls.map(islandsOf).filter((island) => island !== undefined))) {
    const candidates = new Set(islandCandidates(name));
    for (const html of htmls) if (islandsOf(html) === name) for (const candidate of markupCandidates(html)) candidates.add(candidate);
    const css = await tailwindCss(candidates);
    const href = `/assets/islands-${name}-${crypto.createHash("sha256").update(css).digest("base64url").slice(0, 10)}.css`;
    fs.writeFileSync(path.join(clientDir, href), css);
    sheets.set(name, href);
  }
  return sheets;
}

/**
 * An island page loads its island's stylesheet, then its module, once the page has loaded (like
 * hydration, decision 0043) and its first paint has been presented, so the first paint never
 * waits for them nor shares the network with them (decisions 0115, 0133). The stylesheet loads as
 * "print" (lowest priority, never render-blocking) and applies once loaded; the module waits for
 * it (loaded or failed), so what an island renders is never seen unstyled. Without the Paint
 * Timing API, the frame after `load` stands for the first paint.
 */
function withIslands(html: string, sheets: Map<string, string>): string {
  const name = islandsOf(html);
  if (!name) return html;
  const { src } = islandOf(name);
  const load =
    `var l=document.createElement("link");l.rel="stylesheet";l.media="print";l.href="${sheets.get(name)}";` +
    `l.onload=l.onerror=function(){l.media="all";var s=document.createElement("script");s.type="module";s.src="${src}";document.body.appendChild(s)};document.head.appendChild(l)`;
  const loader =
    `addEventListener("load",function(){var go=function(){setTimeout(function(){${load}})};` +
    `var P=window.PerformanceObserver;if(!P||(P.supportedEntryTypes||[]).indexOf("paint")<0)return requestAnimationFrame(go);` +
    `new P(function(_,o){o.disconnect();go()}).observe({type:"paint",buffered:true})})`;
  return html.replace("</body>", `<script>${loader}</script></body>`);
}

const pages: PrerenderedManifest["pages"] = {};
fs.rmSync(pagesDir, { recursive: true, force: true });
const prepared = new Map([...sources].map(([urlPath, { html }]) => [urlPath, withStaticPageScript(hydrateAfterLoad(withoutUnusedStylesheetLinks(withoutModulePreloads(inlineStylesheets(html)))))]));
const islandSheets = await buildIslandStylesheets([...prepared.values()]);
for (const [urlPath, source] of sources) {
  const file = source.file;
  const html = withIslands(await withOwnCss(prepared.get(urlPath)!), islandSheets);
  const inlineScripts = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? "");
  if (inlineScripts.some((text) => text.includes(ORIGIN_PLACEHOLDER))) {
    throw new Error(`${file}: an inline script contains the origin placeholder; the server could not replace it without breaking its CSP hash`);
  }
  fs.mkdirSync(path.dirname(path.join(pagesDir, file)), { recursive: true });
  fs.writeFileSync(path.join(pagesDir, file), html);
  fs.rmSync(path.join(clientDir, file));
  pages[urlPath] = { file, scriptHashes: [...new Set(inlineScripts.filter((text) => text.length > 0).map(scriptHash))] };
}
// The pages' own directories, left without a file (/fr holds /fr/platform's…): gone too.
const holdsFiles = (dir: string): boolean => fs.readdirSync(dir, { withFileTypes: true }).some((entry) => !entry.isDirectory() || holdsFiles(path.join(dir, entry.name)));
for (const urlPath of sources.keys()) {
  const dir = path.join(clientDir, urlPath.slice(1));
  if (urlPath !== "/" && fs.existsSync(dir) && !holdsFiles(dir)) fs.rmSync(dir, { recursive: true });
}
const leftovers = fs.readdirSync(clientDir, { recursive: true, encoding: "utf8" }).filter((name) => /\.(html?|data)$/i.test(name));
if (leftovers.length > 0) throw new Error(`build/client must hold no pages or route data, found: ${leftovers.join(", ")}`);
const manifest: PrerenderedManifest = { pages };
fs.writeFileSync(path.join(root, "build/prerendered.json"), `${JSON.stringify(manifest, null, 2)}\n`);

/** Files below 1 KB are not worth it (the compression middleware's threshold too). */
const COMPRESSIBLE = /\.(?:js|css|svg|json|txt|xml|webmanifest)$/;
const compressible = fs
  .readdirSync(clientDir, { recursive: true, encoding: "utf8" })
  .filter((name) => COMPRESSIBLE.test(name) && fs.statSync(path.join(clientDir, name)).size >= 1024);
await Promise.all(
  compressible.map(async (name) => {
    const file = path.join(clientDir, name);
    const source = await fs.promises.readFile(file);
    const [br, gz] = await Promise.all([
      promisify(zlib.brotliCompress)(source, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length },
      }),
      promisify(zlib.gzip)(source, { level: zlib.constants.Z_BEST_COMPRESSION }),
    ]);
    await Promise.all([fs.promises.writeFile(`${file}.br`, br), fs.promises.writeFile(`${file}.gz`, gz)]);
  }),
);

await build({
  entryPoints: [path.join(root, "server/main.ts")],
  outfile: path.join(root, "build/app-server.js"),
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
/** Each worker thread's module, as build/<name>.js: the bundled server starts its threads from there. */
async function buildWorkers(): Promise<void> {
  await Promise.all(
    WORKER_MODULES.map((module) =>
      build({
        ...WORKER_BUNDLE,
        entryPoints: [path.join(root, "server", module)],
        outfile: path.join(root, "build", workerBundleName(module)),
        sourcemap: true,
        logLevel: "warning",
      }),
    ),
  );
}
await buildWorkers();
console.log(`Pre-rendered pages: ${Object.keys(pages).length}; ${compressible.length} client files compressed; server bundled to build/app-server.js, its worker threads beside it`);
