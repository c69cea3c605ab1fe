import type { RequestHandler } from "express";
import { prerenderedPaths } from "~/routes-list";
import { requestClientKey } from "../http/client-address";
import { pagePath } from "../http/prerendered-pages";
import { requestOrigin } from "../http/public-origin";
import { mayCount, pageView } from "./page-view";
import type { PageViewRecorder } from "./recorder";

/** The public pages, in each language: the team's pages, form answers and files are never counted. */
const COUNTED_PATHS: ReadonlySet<string> = new Set(prerenderedPaths);

/**
 * Counts each public page a visitor is served: a 200, or a 304 (the page is revalidated on every
 * visit: `Cache-Control: no-cache`, so a returning visitor's view is a 304). Placed before the
 * pre-rendered pages in the one pipeline (server/app.ts), so it sees every answer of those paths,
 * pre-rendered or rendered per request.
 */
export function countPageViews(recorder: PageViewRecorder): RequestHandler {
  return (req, res, next) => {
    if (req.method !== "GET") return next();
    const path = pagePath(req.url);
    if (!COUNTED_PATHS.has(path) || !mayCount(req.method, req.headers)) return next();
    res.once("finish", () => {
      if (res.statusCode !== 200 && res.statusCode !== 304) return;
      const query = req.url.indexOf("?");
      recorder.record(
        pageView({
          path,
          query: query === -1 ? "" : req.url.slice(query + 1),
          headers: req.headers,
          clientKey: requestClientKey(req),
          origin: requestOrigin(res),
          now: recorder.now(),
        }),
      );
    });
    next();
  };
}
