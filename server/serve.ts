import http from "node:http";
import net, { type Socket } from "node:net";
import { ConfigError, type Config, listeningOrigin, loadProcessConfig } from "./config";
import { expressServerOptions } from "./http/express-objects";
import type { DestinationStream } from "pino";
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
export async function serve(setup: (context: ServeContext) => Promise<Served>, logDestination?: DestinationStream): Promise<void> {
  let config;
  try {
    config = loadProcessConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config.logLevel, logDestination);
  for (const warning of config.warnings) logger.warn(warning);
  const services = await createServices(config, logger);
  const server = http.createServer({
    ...expressServerOptions,
    // A client that sends its headers or body slowly holds a connection only this long: 408, closed.
    // The answer is not bounded by these (a chat stream may take longer).
    headersTimeout: config.http.headersTimeoutMs,
    requestTimeout: config.http.requestTimeoutMs,
    // Node looks for expired requests on this interval (30 s by default): each limit holds within a second.
    connectionsCheckingInterval: 1_000,
  });
  const served = await setup({ config, logger, services, server });
  // Requests being answered (chat streams included): shutdown waits for them.
  const active = new Set<http.ServerResponse>();
  let settled: (() => void) | undefined;
  server.on("request", (_req: http.IncomingMessage, res: http.ServerResponse) => {
    active.add(res);
    // Shutting down: no connection is kept alive after its answer, so the proxy opens the next one
    // elsewhere instead of racing our close.
    if (services.lifecycle.shuttingDown) res.shouldKeepAlive = false;
    res.once("close", () => {
      active.delete(res);
      if (active.size === 0) settled?.();
    });
  });
  // Open connections: after the last answer, shutdown lets the proxy close its idle ones itself.
  const sockets = new Set<Socket>();
  let allClosed: (() => void) | undefined;
  server.on("connection", (socket: Socket) => {
    sockets.add(socket);
    socket.once("close", () => {
      sockets.delete(socket);
      if (sockets.size === 0) allClosed?.();
    });
  });
  server.on("request", served.handler);
  // Above the proxy's upstream keep-alive (nginx: 60 s by default), so the proxy closes an idle connection first.
  server.keepAliveTimeout = config.http.keepAliveTimeoutMs;
  server.listen(config.port, config.host, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : config.port;
    // PORT=0: the mail links' listening address is complete only now (no request came before).
    if (!config.publicSiteUrl && config.port === 0) config.mail.origin = listeningOrigin(config.host, port);
    const host = config.host === "0.0.0.0" || config.host === "::" ? "127.0.0.1" : config.host;
    logger.info({ url: `http://${host.includes(":") ? `[${host}]` : host}:${port}`, database: services.database.kind }, "server listening");
    logger.info(`Open ${listeningOrigin(config.host, port)}`);
  });

  const { drainMs, timeoutMs } = config.shutdown;
  const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
  const idle = () => (active.size === 0 ? Promise.resolve() : new Promise<void>((resolve) => (settled = resolve)));

  /**
   * SIGTERM/SIGINT: not ready at once (/readyz 503), still serving for SHUTDOWN_DRAIN_MS while the
   * load balancer notices; then no new connections, and the requests in flight (chat streams
   * too) get SHUTDOWN_TIMEOUT_MS to finish; then the outbox stops (unsent claims released) and
   * the database closes. Exit 0.
   */
  async function stop(): Promise<void> {
    services.lifecycle.shuttingDown = true;
    // Answers not begun yet close their connection too (a stream already under way cannot).
    // Idle connections stay open during the drain: closing one could race a request on its way.
    for (const res of active) if (!res.headersSent) res.shouldKeepAlive = false;
    if (drainMs > 0) await wait(drainMs);
    // Stop listening in the check phase, right after the poll phase accepted what had arrived: a
    // connection still in the kernel's queue when the listener closes is reset, request and all.
    await new Promise((resolve) => setImmediate(resolve));
    // Not http.Server#close: it also closes every idle connection at once (Node 19+), among them
    // one whose first request is still on its way. The connections are let go below.
    const closed = new Promise<void>((resolve) => net.Server.prototype.close.call(server, () => resolve()));
    const closing = Promise.resolve(served.close?.());
    const deadline = Date.now() + timeoutMs;
    const finished = await Promise.race([idle().then(() => true), wait(timeoutMs).then(() => false)]);
    if (!finished) logger.warn({ inFlight: active.size }, "shutdown: requests still running after SHUTDOWN_TIMEOUT_MS; closing them");
    // A connection whose last answer was kept alive (begun before SIGTERM, e.g. a chat stream):
    // closing it now could race the proxy sending its next request on it, so the proxy gets up to
    // the drain delay to close it (nginx: its upstream keepalive_timeout, below the drain delay).
    // Sockets that never sent a request (preconnects, a client's spare connection) go after it.
    const grace = Math.min(drainMs, Math.max(0, deadline - Date.now()));
    if (finished && grace > 0 && sockets.size > 0) {
      await Promise.race([new Promise<void>((resolve) => (allClosed = resolve)), wait(grace)]);
    }
    server.closeAllConnections();
    await Promise.all([closed, closing]);
    await closeServices(services);
  }

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal, drainMs, timeoutMs }, "shutting down");
    const forceExit = setTimeout(() => {
      logger.error("shutdown timed out; exiting");
      process.exit(1);
    }, drainMs + timeoutMs + 10_000);
    forceExit.unref();
    stop().then(
      () => {
        logger.info("stopped");
        return flushLogs(logger).then(() => process.exit(0));
      },
      (error: unknown) => {
        logger.error({ err: error }, "error while closing services");
        void flushLogs(logger).then(() => process.exit(1));
      },
    );
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}
