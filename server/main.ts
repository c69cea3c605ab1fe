import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { type AppServerBuild, createApp } from "./app";
import { ConfigError, loadConfig } from "./config";
import { createLogger, flushLogs } from "./logger";
import { closeServices, createServices } from "./services";
import type { PrerenderedManifest } from "./http/prerendered-pages";

/** Production entry: bundled to build/app-server.js, so paths are relative to build/. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config.logLevel);
  const buildDir = fileURLToPath(new URL(".", import.meta.url));
  const serverBuild = (await import(new URL("./server/index.js", import.meta.url).href)) as AppServerBuild;
  const prerendered = JSON.parse(fs.readFileSync(new URL("./prerendered.json", import.meta.url), "utf8")) as PrerenderedManifest;

  const services = await createServices(config, logger);
  const app = createApp(services, { serverBuild, clientDir: `${buildDir}client`, pagesDir: `${buildDir}pages`, prerendered });
  const server = app.listen(config.port, config.host, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : config.port;
    const host = config.host === "0.0.0.0" || config.host === "::" ? "127.0.0.1" : config.host;
    logger.info({ url: `http://${host.includes(":") ? `[${host}]` : host}:${port}`, database: services.database.kind }, "server listening");
  });
  server.keepAliveTimeout = 65_000;

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down");
    const forceExit = setTimeout(() => {
      logger.error("shutdown timed out; exiting");
      process.exit(1);
    }, 10_000);
    forceExit.unref();
    server.close(() => {
      closeServices(services)
        .then(() => {
          logger.info("stopped");
          return flushLogs(logger).then(() => process.exit(0));
        })
        .catch((error: unknown) => {
          logger.error({ err: error }, "error while closing services");
          void flushLogs(logger).then(() => process.exit(1));
        });
    });
    server.closeIdleConnections();
    // Sockets that never sent a request (preconnects, a client's spare connection) would hold
    // server.close() open; in-flight replies get a short grace period first.
    setTimeout(() => server.closeAllConnections(), 3_000).unref();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
