import type { ServerResponse } from "node:http";
import type { Request, RequestHandler, Response } from "express";

/** A Host header we are willing to write into pages: a DNS name or IP literal, and a port. */
const HOST = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*\.?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * The origin a page is served under: PUBLIC_SITE_URL when set, else the request's own
 * (`req.protocol` believes X-Forwarded-Proto only from a trusted proxy). Undefined when the Host
 * header is not a plain host name, so nothing a client makes up is written into a page.
 */
export function publicOrigin(req: Request, configured: string | undefined): string | undefined {
  return publicOriginOf(req.protocol, req.headers.host, configured);
}

/** publicOrigin from the request's protocol (as `req.protocol` has it) and its Host header. */
export function publicOriginOf(protocol: string, host: string | undefined, configured: string | undefined): string | undefined {
  if (configured) return configured;
  if (!host) return undefined;
  return originOf(protocol, host);
}

export const BAD_HOST_MESSAGE = "Bad Request: the Host header is not a valid host name.";

/** The answer to a request whose Host header cannot be written into a page. */
export function refuseBadHost(res: ServerResponse): void {
  res.statusCode = 400;
  res.setHeader("Content-Type", "text/plain; charset=utf-8");
  res.end(BAD_HOST_MESSAGE);
}

/**
 * The origin of a protocol and Host header, remembered: a site sees a handful of Host values, and
 * the check plus `new URL` cost more than the rest of serving a page from memory. Only
 * valid hosts are kept, at most MAX_REMEMBERED, so made-up Host headers cannot grow it.
 */
const remembered = new Map<string, string>();
const MAX_REMEMBERED = 64;

function originOf(protocol: string, host: string): string | undefined {
  const key = `${protocol}://${host}`;
  const known = remembered.get(key);
  if (known !== undefined) return known;
  if (!HOST.test(host)) return undefined;
  let origin: string;
  try {
    origin = new URL(key).origin;
  } catch {
    return undefined;
  }
  if (remembered.size < MAX_REMEMBERED) remembered.set(key, origin);
  return origin;
}

/**
 * Works out each request's public origin once, for the pages, the router context and the Origin
 * check (`requestOrigin(res)`). A request whose Host header could not be written into a page is a
 * 400 here, before anything else looks at it; /healthz answers whatever the Host.
 */
export function resolvePublicOrigin(configured: string | undefined): RequestHandler {
  return (req, res, next) => {
    const origin = publicOrigin(req, configured);
    if (origin) {
      res.locals.publicOrigin = origin;
      return next();
    }
    if (req.path === "/healthz") return next();
    refuseBadHost(res);
  };
}

/** The origin resolvePublicOrigin found for this request ("" only for /healthz with a bad Host). */
export const requestOrigin = (res: Response): string => (typeof res.locals.publicOrigin === "string" ? res.locals.publicOrigin : "");
