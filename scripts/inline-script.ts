/**
 * The scripts a page carries inline (the pre-paint preferences script, the frame script of pages
 * served without React Router): typed modules under app/, bundled and minified here with esbuild
 * into one classic script. The CSP hashes the bundled bytes (scripts/build-server.ts hashes every
 * inline script of a pre-rendered page; a page rendered per request carries the nonce).
 *
 * `inlineScripts()` is the Vite plugin behind `import code from "./x.ts?inline-script"`: the
 * default export is the bundle's text, in the build and in `npm run dev` alike.
 */
import { build } from "esbuild";
import type { Plugin } from "vite";

const root = new URL("..", import.meta.url).pathname;
const QUERY = "?inline-script";

export interface InlineScript {
  code: string;
  /** The source files bundled, for the dev server to watch. */
  inputs: string[];
}

export async function bundleInlineScript(entry: string): Promise<InlineScript> {
  const result = await build({
    entryPoints: [entry],
    absWorkingDir: root,
    tsconfig: `${root}tsconfig.json`,
    bundle: true,
    write: false,
    metafile: true,
    format: "iife",
    platform: "browser",
    target: "es2020",
    minify: true,
    legalComments: "none",
    logLevel: "warning",
  });
  const code = (result.outputFiles[0]?.text ?? "").trim();
  return { code, inputs: Object.keys(result.metafile.inputs).map((input) => `${root}${input}`) };
}

export function inlineScripts(): Plugin {
  return {
    name: "heavyroute:inline-script",
    enforce: "pre",
    async resolveId(source, importer) {
      if (!source.endsWith(QUERY)) return null;
      const resolved = await this.resolve(source.slice(0, -QUERY.length), importer, { skipSelf: true });
      return resolved ? `${resolved.id}${QUERY}` : null;
    },
    async load(id) {
      if (!id.endsWith(QUERY)) return null;
      const { code, inputs } = await bundleInlineScript(id.slice(0, -QUERY.length));
      for (const input of inputs) this.addWatchFile(input);
      return `export default ${JSON.stringify(code)};`;
    },
  };
}
