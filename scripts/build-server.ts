/**
 * Second half of `npm run build`, after `react-router build`:
 * 1. makes each pre-rendered page (all static pages, decision 0042) paint as early as it can: the
 *    CSS of its own markup is inlined, so first paint waits for no other request, and the frame's
 *    behaviour is one inline script;
 * 2. moves each pre-rendered page out of build/client into build/pages, so the static file
 *    handler can never serve one without its CSP and public origin, and records the sha256 of
 *    its inline scripts (the CSP of a static page cannot carry a per-request nonce);
 * 3. bundles the island modules of island pages (app/islands/<name>.ts, decision 0044) and their
 *    stylesheets into build/client/assets, and has each island page load them after its first
 *    paint;
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
import { ISLAND_MODULE_ATTRIBUTE, ISLAND_STYLESHEET_ATTRIBUTE } from "~/features/layout/frame-markers";
import { prerenderedAnswerPaths, prerenderedPaths } from "~/routes-list";
import { ORIGIN_PLACEHOLDER } from "~/shared/seo/origin-placeholder.server";
import type { PrerenderedManifest } from "../server/http/prerendered-pages";
import { scriptHash } from "../server/http/security-headers";
import { WORKER_BUNDLE, WORKER_MODULES, workerBundleName } from "../server/worker-threads";
import { bundleInlineScript } from "./inline-script";
import { elementTypes, withoutUnmatchedRules } from "./page-css";

const root = path.resolve(import.meta.dirname, "..");
const clientDir = path.join(root, "build/client");
const pagesDir = path.join(root, "build/pages");

const withoutModulePreloads = (html: string): string => html.replace(/<link rel="modulepreload" href="[^"]+"\/>/g, "");

/**
 * Every pre-rendered page is a static page (decision 0042): it ships no React Router, so nothing
 * here has to keep a hydrating page's markup or scripts intact.
 */
function staticOnly(file: string, html: string): string {
  if (html.includes("__reactRouterContext")) throw new Error(`${file}: a pre-rendered page hydrates with React Router; make it a static page (app/features/layout/static-page.ts)`);
  return html;
}

/**
 * A pre-rendered page inlines only the CSS of its own markup (plus the two classes the menu
 * script toggles), without the element rules none of its elements meet, so the first response
 * fits TCP's first round trip (decisions 0115, 0133, 0138).
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

/** The app stylesheet's link, which a page's own CSS replaces. */
const STYLESHEET_LINK = /<link rel="stylesheet" href="\/assets\/[^"]+\.css"[^>]*\/>/;
async function withOwnCss(html: string): Promise<string> {
  if (!STYLESHEET_LINK.test(html)) throw new Error("a pre-rendered page has no stylesheet link to replace with its own CSS");
  const classes = markupCandidates(html);
  const css = withoutUnmatchedRules(await tailwindCss(classes), { types: elementTypes(html), classes }).replaceAll("</style", "<\\/style");
  return html.replace(STYLESHEET_LINK, () => `<style>${css}</style>`);
}

/**
 * A static page (decision 0042) gets the frame's behaviour as one inline script,
 * app/features/layout/frame-script.ts bundled (decision 0061). An island page inlines only its
 * first half (frame-first.ts): its island module brings the rest after the first paint, so the
 * first response is smaller by it (decision 0136).
 */
const { code: frameScript } = await bundleInlineScript(path.join(root, "app/features/layout/frame-script.ts"));
const { code: frameFirst } = await bundleInlineScript(path.join(root, "app/features/layout/frame-first.ts"));
const withStaticPageScript = (html: string): string =>
  html.replace("</body>", () => `<script>${islandsOf(html) ? frameFirst : frameScript}</script></body>`);

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
 * An island page names its island's stylesheet and module on <body> and carries the island loader
 * (app/features/layout/island-loader.ts bundled), which loads them after the first paint.
 */
const { code: islandLoader } = await bundleInlineScript(path.join(root, "app/features/layout/island-loader.ts"));
function withIslands(html: string, sheets: Map<string, string>): string {
  const name = islandsOf(html);
  if (!name) return html;
  const attributes = `data-islands="${name}" ${ISLAND_STYLESHEET_ATTRIBUTE}="${sheets.get(name)}" ${ISLAND_MODULE_ATTRIBUTE}="${islandOf(name).src}"`;
  return html.replace(`<body data-islands="${name}"`, () => `<body ${attributes}`).replace("</body>", () => `<script>${islandLoader}</script></body>`);
}

const pages: PrerenderedManifest["pages"] = {};
fs.rmSync(pagesDir, { recursive: true, force: true });
const prepared = new Map([...sources].map(([urlPath, { file, html }]) => [urlPath, withStaticPageScript(withoutModulePreloads(staticOnly(file, html)))]));
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
