import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger } from "../logger";
import { observeRequest, routeLabel } from "../metrics";

/**
 * Query parameters whose values never reach the log: one-time sign-in and unsubscribe tokens (an
 * unsubscribe token never expires), a person's address, and the team's search (names, addresses).
 */
const SECRET_PARAMETERS = new Set(["token", "email", "q"]);
/** A value that may hold an address, whatever its parameter (e.g. `next=/team/people?email=…`). */
const ADDRESS_LIKE = /@|%40/i;
export const REDACTED = "[redacted]";

/**
 * A request URL as the log records it: the query's tokens and addresses replaced by `[redacted]`,
 * by parameter name and by shape. Free when there is no query string (most requests).
 */
export function loggedUrl(url: string | undefined): string | undefined {
  const start = url?.indexOf("?") ?? -1;
  if (url === undefined || start === -1) return url;
  const query = url
    .slice(start + 1)
    .split("&")
    .map((part) => {
      const equals = part.indexOf("=");
      const name = equals === -1 ? part : part.slice(0, equals);
      if (ADDRESS_LIKE.test(name)) return REDACTED;
      if (equals === -1 || part.length === equals + 1) return part;
      return SECRET_PARAMETERS.has(name.toLowerCase()) || ADDRESS_LIKE.test(part.slice(equals + 1)) ? `${name}=${REDACTED}` : part;
    })
    .join("&");
  return `${url.slice(0, start)}?${query}`;
}

/** Methods counted under their own name in the metrics; any other as OTHER (labels stay few). */
const METHODS = new Set(["GET", "HEAD", "POST", "OPTIONS"]);

/**
 * One access log line per request, when its connection is done with it: request id, method, URL
 * (`loggedUrl`), status and milliseconds; and the request's one observation in the metrics, under
 * the route pattern a handler named (`labelRoute`; Express's matched route, else "unmatched").
 * "close" comes for every request, also when the client left before the answer was complete: then
 * the status is nginx's 499 (client closed request) unless an answer had begun. `quiet`
 * (development, where one edit brings dozens of module requests): a GET or HEAD answered below
 * 400 is logged at debug.
 */
export function logRequest(logger: Logger, req: IncomingMessage & { route?: { path?: unknown }; baseUrl?: string }, res: ServerResponse, reqId: string, quiet = false): void {
  const started = process.hrtime.bigint();
  const { method = "OTHER" } = req;
  const url = loggedUrl(req.url);
  res.on("close", () => {
    const ns = Number(process.hrtime.bigint() - started);
    const ms = Math.round((ns / 1e6) * 10) / 10;
    const status = res.writableFinished || res.headersSent ? res.statusCode : 499;
    const routePath = req.route?.path;
    const route = routeLabel(res) ?? (typeof routePath === "string" ? `${req.baseUrl ?? ""}${routePath}` : "unmatched");
    observeRequest(route, METHODS.has(method) ? method : "OTHER", status, ns / 1e9);
    const level = quiet && (method === "GET" || method === "HEAD") && status < 400 ? "debug" : "info";
    if (res.writableFinished) logger[level]({ reqId, method, url, status, ms }, "request");
    else logger.info({ reqId, method, url, status, ms, aborted: true }, "request");
  });
}
