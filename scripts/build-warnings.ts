/**
 * The build's warnings, less the three it always gave that ask nothing of us, so that a warning
 * in `npm run build` means something (docs/decisions/0098-a-quiet-start.md):
 * - a comment in zod that Rollup cannot read as an annotation (Rollup drops the comment; zod's
 *   own bundle size is unaffected);
 * - an empty client chunk: a route module with only server code (a loader or an action, no
 *   component), for which React Router still emits a client module;
 * - in the server build, a module that a page loads lazily in the browser but that other routes
 *   import: the server's build is one chunk, so nothing is lazy there anyway. The same warning
 *   from the client build still shows (a lazy import that no longer splits).
 */
import type { Plugin } from "vite";

const LAZY_IMPORT_NOT_SPLIT = "dynamic import will not move module into another chunk";

export function knownHarmlessWarnings(): Plugin {
  return {
    name: "known-harmless-warnings",
    apply: "build",
    onLog(level, log) {
      if (level !== "warn") return;
      if (log.code === "INVALID_ANNOTATION" && log.id?.includes("/node_modules/zod/")) return false;
      const environment = this.environment.name;
      if (log.code === "EMPTY_BUNDLE" && environment === "client") return false;
      if (log.plugin === "vite:reporter" && log.message.includes(LAZY_IMPORT_NOT_SPLIT) && environment === "ssr") return false;
    },
  };
}
