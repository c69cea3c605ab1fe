import type http from "node:http";
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type ErrorRequestHandler, type RequestHandler } from "express";
import { type RouteObject, type RouterContext, RouterContextProvider, type ServerBuild, matchRoutes } from "react-router";
import { countPageViews } from "./analytics/count-page-views";
import { logRequest } from "./http/access-log";
import { withRequestId } from "./logger";
import { metricsEndpoint } from "./http/metrics-endpoint";
import { assignRequestId } from "./http/request-id";
import { useExpressObjects } from "./http/express-objects";
import { limitBodySize } from "./http/body-limit";
import { requestClientKey } from "./http/client-address";
import { sameOriginOnly } from "./http/origin-check";
import { precompressedFiles } from "./http/precompressed-files";
import { type PrerenderedManifest, prerenderedPages } from "./http/prerendered-pages";
import { requestOrigin, resolvePublicOrigin } from "./http/public-origin";
import { answerError, type RequestError } from "./http/error-answer";
import { postgresRateLimitStore, memoryRateLimitStore, rateLimit } from "./http/rate-limit";
import { securityHeaders, useNonceCsp } from "./http/security-headers";
import { leadsJson } from "./leads/http";
import { countLeads } from "./leads/lead-kinds";
import { outboxBacklog } from "./mail/outbox-rows";
import { labelRoute, leadsGauge, oldestPendingGauge, outboxGauge, poolGauge } from "./metrics";
import type { Services } from "./services";

/** What the server build's entry module re-exports (app/entry.server.tsx). */
export interface AppServerBuild extends ServerBuild {
  entry: ServerBuild["entry"] & {
    module: ServerBuild["entry"]["module"] & {
      servicesContext: RouterContext<Services>;
      nonceContext: RouterContext<string>;
      siteOriginContext: RouterContext<string>;
      clientKeyContext: RouterContext<string>;
    };
  };
}

/** The production build: `npm run build` output, loaded once. */
export interface ProductionSite {
  mode: "production";
  serverBuild: AppServerBuild;
  /** Static files: hashed assets, images, favicon. No HTML. */
  clientDir: string;
  /** The pre-rendered pages (build/pages), served only through prerenderedPages. */
  pagesDir: string;
  prerendered: PrerenderedManifest;
}

/**
 * `npm run dev` (server/dev.ts): Vite compiles the app on demand. No pre-rendered pages: React
 * Router renders every page per request (with a nonce CSP that lets Vite's HMR client connect).
 */
export interface DevelopmentSite {
  mode: "development";
  /** The current server build, loaded through Vite on each request (a new one after an edit). */
  loadServerBuild: () => Promise<AppServerBuild>;
  /** Vite's middlewares: the app's modules, the HMR client, public/ files. */
  assets: RequestHandler;
}

export type SiteBuild = ProductionSite | DevelopmentSite;

const isRead = (req: express.Request): boolean => req.method === "GET" || req.method === "HEAD";

/**
 * The route pattern React Router answers a path with ("/team/people", "/*" for its 404), for the
 * metrics: made from the build's routes once, matched per request it renders (`.data` requests
 * count under their page).
 */
function routePatterns(build: ServerBuild): (path: string) => string {
  const routes = Object.values(build.routes).filter((route) => route !== undefined);
  const tree = (parentId: string | undefined): RouteObject[] =>
    routes
      .filter((route) => route.parentId === parentId)
      .map((route) => ({ id: route.id, path: route.path, index: route.index, caseSensitive: route.caseSensitive, children: route.index ? undefined : tree(route.id) }) as RouteObject);
  const root = tree(undefined);
  return (path) => {
    const page = path === "/_root.data" ? "/" : path.replace(/\.data$/, "");
    const matches = matchRoutes(root, page);
    if (!matches) return "unmatched";
    const pattern = matches.map((match) => match.route.path ?? "").filter((part) => part !== "" && part !== "/").join("/");
    return `/${pattern}`;
  };
}

/** The gauges the database holds, read for each scrape of /metrics. */
function databaseGauges(services: Services): () => Promise<void> {
  const { database } = services;
  return async () => {
    const [leads, backlog] = await Promise.all([countLeads(database.db), outboxBacklog(database.db)]);
    for (const [kind, count] of Object.entries(leads)) leadsGauge.set({ kind }, count);
    outboxGauge.set({ state: "pending" }, backlog.pending);
    outboxGauge.set({ state: "failed" }, backlog.failed);
    oldestPendingGauge.set(backlog.oldestPendingAt ? Math.max(0, (Date.now() - Date.parse(backlog.oldestPendingAt)) / 1000) : 0);
    const pool = database.poolUse?.();
    if (pool) for (const [state, count] of Object.entries(pool)) poolGauge.set({ state }, count);
  };
}

/**
 * The whole HTTP stack: one Express app, every request through the one chain below, read top to
 * bottom. Each step either answers or passes the request on.
 */
export function createApp(services: Services, site: SiteBuild): http.RequestListener {
  const { config, logger } = services;
  const app = express();
  // The server makes each request and response with the app's prototypes (http/express-objects.ts).
  useExpressObjects(app);
  app.disable("x-powered-by");
  app.set("trust proxy", config.trustProxy);
  app.set("etag", false);
  // Express's compiled TRUST_PROXY: is the connection's own peer a proxy we trust?
  const trustProxy = app.get("trust proxy fn") as (address: string, hop: number) => boolean;
  const fromTrustedProxy = (address: string) => trustProxy(address, 0);

  app.use((req, res, next) => {
    const reqId = assignRequestId(req, res, fromTrustedProxy);
    logRequest(logger, req, res, reqId, site.mode === "development");
    withRequestId(reqId, next);
  });
  app.use(securityHeaders);
  app.use(resolvePublicOrigin(config.publicSiteUrl));
  // The public pages a visitor is served are counted (no cookie, no script): here, before the
  // pre-rendered pages answer them.
  if (config.analytics.enabled) app.use(countPageViews(services.pageViews));
  // The pre-rendered pages first: the most requested answer, from memory, compressed once, its
  // headers made once; nothing below is needed for them.
  if (site.mode === "production") app.use(prerenderedPages(site.pagesDir, site.prerendered, config.publicSiteUrl));
  // Pages, assets and GET answers; POST answers are small JSON or a stream that must not be buffered.
  const compress = compression();
  app.use((req, res, next) => (isRead(req) ? compress(req, res, next) : next()));

  // Reads: health, hashed assets, public files. Writes skip all of it.
  const reads = express.Router();
  // Liveness: the process answers (no database round trip; a load balancer may poll it often).
  reads.get("/healthz", (_req, res) => {
    res.json({ status: "ok", database: services.database.kind });
  });
  // Readiness: migrations are done (the services exist only after them), the database answers,
  // and the instance is not shutting down. 503 otherwise: the load balancer sends no new requests.
  reads.get("/readyz", async (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    if (services.lifecycle.shuttingDown) {
      res.status(503).json({ status: "shutting-down" });
      return;
    }
    try {
      await services.database.db.selectNoFrom((eb) => eb.lit(1).as("ok")).execute();
      res.json({ status: "ready", database: services.database.kind });
    } catch (error) {
      logger.error({ err: error }, "readiness check: the database does not answer");
      res.status(503).json({ status: "database-unavailable" });
    }
  });
  // Never public (METRICS_ALLOW, METRICS_TOKEN): anyone else gets the 404 of a path that does not exist.
  reads.get("/metrics", metricsEndpoint(config.metrics, databaseGauges(services), logger));
  if (site.mode === "production") {
    const { pick, setHeaders } = precompressedFiles(site.clientDir);
    reads.use(pick);
    reads.use("/assets", (_req, res, next) => {
      labelRoute(res, "/assets/*");
      next();
    });
    reads.use("/assets", express.static(path.join(site.clientDir, "assets"), { immutable: true, maxAge: "1y", index: false, redirect: false, setHeaders }));
    reads.use((_req, res, next) => {
      labelRoute(res, "static");
      next();
    });
    reads.use(express.static(site.clientDir, { maxAge: "1h", index: false, redirect: false, setHeaders }));
  } else {
    reads.use(site.assets);
  }
  app.use((req, res, next) => (isRead(req) ? reads(req, res, next) : next()));

  // Writes: same origin only, bounded bodies, a per-client rate.
  // Several instances share PostgreSQL: the windows are counted there (SQLite: one process, memory).
  const postStore = services.database.kind === "postgres" ? postgresRateLimitStore(services.database.db) : memoryRateLimitStore();
  const postRate = rateLimit({ name: "post", windowMs: 60_000, max: config.limits.postsPerMinute, store: postStore, logger });
  app.use(sameOriginOnly());
  app.use(limitBodySize);
  app.use((req, res, next) => (isRead(req) || req.method === "OPTIONS" ? next() : postRate(req, res, next)));

  app.use(leadsJson(services.forms));
  app.use("/api/chat", services.chat.router);

  // React Router: the pages rendered per request (404, no-JavaScript form answers; every page in
  // development), with the services, a CSP nonce and the public origin in their context.
  const development = site.mode === "development";
  const handlers = new WeakMap<AppServerBuild, RequestHandler>();
  const renderWith = (build: AppServerBuild): RequestHandler => {
    let handler = handlers.get(build);
    if (!handler) {
      // The context keys come from the build itself, so the routes read the very same objects.
      const { servicesContext, nonceContext, siteOriginContext, clientKeyContext } = build.entry.module;
      const routePattern = routePatterns(build);
      handler = createRequestHandler({
        // React Router refuses an action whose Origin is not the request URL's own origin; the
        // configured public origin is ours too (sameOriginOnly has already checked it), also when
        // the proxy in front does not pass the public Host on.
        build: config.publicSiteUrl ? { ...build, allowedActionOrigins: [new URL(config.publicSiteUrl).host] } : build,
        mode: site.mode,
        getLoadContext: (req, res) => {
          labelRoute(res, routePattern(req.path));
          const context = new RouterContextProvider();
          context.set(servicesContext, services);
          context.set(nonceContext, useNonceCsp(res, { development }));
          context.set(siteOriginContext, requestOrigin(res));
          context.set(clientKeyContext, requestClientKey(req));
          return context;
        },
      });
      handlers.set(build, handler);
    }
    return handler;
  };
  if (site.mode === "production") {
    app.all("*splat", renderWith(site.serverBuild));
  } else {
    app.all("*splat", (req, res, next) => {
      site.loadServerBuild().then((build) => renderWith(build)(req, res, next), next);
    });
  }

  const onError: ErrorRequestHandler = (error: RequestError, req, res, next) => {
    if (res.headersSent) return next(error);
    answerError(logger, req, res, error);
  };
  app.use(onError);

  return app;
}
