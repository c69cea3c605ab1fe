import http from "node:http";
import { ConfigError, type Config, loadConfig } from "./config";
import { createLogger, flushLogs, type Logger } from "./logger";
import { closeServices, createServices, type Services } from "./services";

/** What an entry (production or development) serves once the services exist. */
export interface Served {
  /** The whole HTTP stack (createApp). */
  handler: http.RequestListener;
  /**
   * Called as shutdown begins (it must end what would hold the HTTP server open, such as Vite's
   * websocket clients); the services close after it and after the HTTP server.
   */
  close?: () => Promise<void>;
}

export interface ServeContext {
  config: Config;
  logger: Logger;
  services: Services;
  /** Not yet listening: the development entry attaches Vite's HMR websocket to it. */
  server: http.Server;
}

/**
 * Config → services → HTTP server → listen, and a graceful shutdown on SIGTERM/SIGINT. Shared by
 * server/main.ts (production) and server/dev.ts (development); only `setup` differs.
 */
export async function serve(setup: (context: ServeContext) => Promise<Served>): Promise<void> {
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
  const services = await createServices(config, logger);
  const server = http.createServer();
  const served = await setup({ config, logger, services, server });
  server.on("request", served.handler);
  server.keepAliveTimeout = 65_000;
  server.listen(config.port, config.host, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : config.port;
    const host = config.host === "0.0.0.0" || config.host === "::" ? "127.0.0.1" : config.host;
    logger.info({ url: `http://${host.includes(":") ? `[${host}]` : host}:${port}`, database: services.database.kind }, "server listening");
  });

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
    const closing = Promise.resolve(served.close?.());
    server.close(() => {
      closing
        .then(() => closeServices(services))
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
