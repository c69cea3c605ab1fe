import { paraglideVitePlugin } from "@inlang/paraglide-js";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { knownHarmlessWarnings } from "./scripts/build-warnings";
import { paraglideOptions } from "./scripts/i18n/paraglide-options";
import { inlineScripts } from "./scripts/inline-script";
import { productPreviews } from "./scripts/previews/plugin";

export default defineConfig(({ command }) => ({
  plugins: [paraglideVitePlugin({ ...paraglideOptions, strategy: [...paraglideOptions.strategy] }), tailwindcss(), inlineScripts(), productPreviews(), knownHarmlessWarnings(), reactRouter()],
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  // The build prints its warnings and errors, not each file it wrote (`npx react-router build
  // --logLevel info` lists them); scripts/build-server.ts ends with a one-line summary.
  logLevel: command === "build" ? "warn" : undefined,
  // `npm run dev`'s terminal keeps the server's log (its "Open" line) when Vite restarts.
  clearScreen: false,
  build: { assetsInlineLimit: 0 },
}));
