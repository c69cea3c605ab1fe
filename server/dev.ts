/**
 * `npm run dev`: the same Express app and services as `npm start` (SQLite under DATA_DIR, mail
 * to .eml files, knowledge-base answers without AI_API_KEY), with Vite in middleware mode instead
 * of the production build. Vite compiles the app on request and hot-reloads pages and components;
 * its HMR websocket shares the server's port. Run with tsx (never bundled: Vite stays a dev
 * dependency).
 */
import pretty from "pino-pretty";
import { createServer, isRunnableDevEnvironment } from "vite";
import { type AppServerBuild, createApp } from "./app";
import { serve } from "./serve";

const SERVER_BUILD = "virtual:react-router/server-build";
/** The name of the listener Vite's servers add to SIGTERM (vite/dist/node/chunks/config.js). */
const VITE_SIGTERM_LISTENER = "parentSigtermCallback";
/**
 * On a terminal: one short, coloured line per log entry, written as it comes (pino-pretty as a
 * stream in this thread, not a worker-thread transport). Piped or redirected: the JSON lines of
 * production.
 */
const terminalLog = process.stdout.isTTY ? pretty({ colorize: true, singleLine: true, translateTime: "SYS:HH:MM:ss", ignore: "pid,hostname" }) : undefined;

serve(async ({ services, server }) => {
  const vite = await createServer({
    appType: "custom",
    server: { middlewareMode: true, hmr: { server } },
  });
  // React Router's plugin runs more Vite servers (its config loader, its child compiler), now and
  // when it restarts one; each registers Vite's SIGTERM listener, which exits the process and cuts
  // the graceful shutdown short. vite.close() closes them, so only serve()'s listener may answer.
  for (const listener of process.listeners("SIGTERM")) process.off("SIGTERM", listener);
  process.on("newListener", (event, listener: (...args: unknown[]) => void) => {
    if (event === "SIGTERM" && listener.name === VITE_SIGTERM_LISTENER) queueMicrotask(() => process.off("SIGTERM", listener));
  });
  // React Router's v8_viteEnvironmentApi: the server build runs in Vite's SSR environment, which
  // re-evaluates what changed on the next import.
  const ssr = vite.environments.ssr;
  const loadServerBuild = async (): Promise<AppServerBuild> => {
    try {
      if (isRunnableDevEnvironment(ssr)) return await ssr.runner.import<AppServerBuild>(SERVER_BUILD);
      return (await vite.ssrLoadModule(SERVER_BUILD)) as AppServerBuild;
    } catch (error) {
      if (error instanceof Error) vite.ssrFixStacktrace(error);
      throw error;
    }
  };
  return {
    handler: createApp(services, { mode: "development", loadServerBuild, assets: vite.middlewares }),
    close: () => vite.close(),
  };
}, terminalLog).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
