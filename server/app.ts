import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type ErrorRequestHandler } from "express";
import { type RouterContext, RouterContextProvider, type ServerBuild } from "react-router";
import { limitBodySize } from "./http/body-limit";
import { sameOriginOnly } from "./http/origin-check";
import { type PrerenderedManifest, prerenderedPages } from "./http/prerendered-pages";
import { rateLimit } from "./http/rate-limit";
import { securityHeaders, useNonceCsp } from "./http/security-headers";
import { leadsJson } from "./leads/http";
import type { Services } from "./services";

/** What the server build's entry module re-exports (app/entry.server.tsx). */
export interface AppServerBuild extends ServerBuild {
  entry: ServerBuild["entry"] & {
    module: ServerBuild["entry"]["module"] & {
      servicesContext: RouterContext<Services>;
      nonceContext: RouterContext<string>;
    };
  };
}

export interface SiteBuild {
  serverBuild: AppServerBuild;
  clientDir: string;
  prerendered: PrerenderedManifest;
}

const isRead = (req: express.Request): boolean => req.method === "GET" || req.method === "HEAD";

/** The whole HTTP stack, top to bottom. */
export function createApp(services: Services, site: SiteBuild): express.Express {
  const { config, logger } = services;
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", config.trustProxy);
  app.set("etag", false);

  app.use((req, res, next) => {
    const started = process.hrtime.bigint();
    res.on("finish", () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      logger.info({ method: req.method, url: req.originalUrl, status: res.statusCode, ms: Math.round(ms * 10) / 10 }, "request");
    });
    next();
  });
  app.use(securityHeaders);
  // Pages, assets and GET answers; POST answers are small JSON or a stream that must not be buffered.
  const compress = compression();
  app.use((req, res, next) => (isRead(req) ? compress(req, res, next) : next()));

  // Reads: health, hashed assets, pre-rendered pages, public files. Writes skip all of it.
  const reads = express.Router();
  reads.get("/healthz", async (_req, res) => {
    try {
      await services.database.db.selectNoFrom((eb) => eb.lit(1).as("ok")).execute();
      res.json({ status: "ok", database: services.database.kind });
    } catch (error) {
      logger.error({ err: error }, "health check failed");
      res.status(503).json({ status: "unavailable" });
    }
  });
  reads.use("/assets", express.static(path.join(site.clientDir, "assets"), { immutable: true, maxAge: "1y", index: false, redirect: false }));
  reads.use(prerenderedPages(site.clientDir, site.prerendered, config.publicSiteUrl));
  reads.use(express.static(site.clientDir, { maxAge: "1h", index: false, redirect: false }));
  app.use((req, res, next) => (isRead(req) ? reads(req, res, next) : next()));

  // Writes: same origin only, bounded bodies, a per-client rate.
  const postRate = rateLimit({ name: "post", windowMs: 60_000, max: config.limits.postsPerMinute });
  app.use(sameOriginOnly(config.publicSiteUrl));
  app.use(limitBodySize);
  app.use((req, res, next) => (isRead(req) || req.method === "OPTIONS" ? next() : postRate(req, res, next)));

  app.use(leadsJson(services));
  app.use("/api/chat", services.chat.router);

  const { servicesContext, nonceContext } = site.serverBuild.entry.module;
  app.all(
    "*splat",
    createRequestHandler({
      build: site.serverBuild,
      mode: "production",
      getLoadContext: (_req, res) => {
        const context = new RouterContextProvider();
        context.set(servicesContext, services);
        context.set(nonceContext, useNonceCsp(res));
        return context;
      },
    }),
  );

  const onError: ErrorRequestHandler = (error: { status?: number; type?: string; expose?: boolean; message?: string }, _req, res, next) => {
    if (res.headersSent) return next(error);
    const status = typeof error.status === "number" && error.status >= 400 && error.status < 500 ? error.status : 500;
    if (status === 500) logger.error({ err: error }, "unhandled error");
    const message =
      error.type === "entity.too.large"
        ? "The request is too large (32 KB at most)."
        : error.type === "entity.parse.failed"
          ? "The request body is not valid JSON."
          : status === 500
            ? "Something went wrong on our side. Please try again."
            : (error.expose && error.message) || "The request could not be processed.";
    res.status(status).json({ error: message });
  };
  app.use(onError);
  return app;
}
