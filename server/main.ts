import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { type AppServerBuild, createApp } from "./app";
import type { PrerenderedManifest } from "./http/prerendered-pages";
import { serve } from "./serve";

/** Production entry: bundled to build/app-server.js, so paths are relative to build/. */
serve(async ({ services }) => {
  const buildDir = fileURLToPath(new URL(".", import.meta.url));
  const serverBuild = (await import(new URL("./server/index.js", import.meta.url).href)) as AppServerBuild;
  const prerendered = JSON.parse(fs.readFileSync(new URL("./prerendered.json", import.meta.url), "utf8")) as PrerenderedManifest;
  return {
    handler: createApp(services, { mode: "production", serverBuild, clientDir: `${buildDir}client`, pagesDir: `${buildDir}pages`, prerendered }),
  };
}).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
