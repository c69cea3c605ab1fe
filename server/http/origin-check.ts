import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import type { RequestHandler } from "express";
import { unsubscribePath } from "~/features/newsletter/unsubscribe-contract";
import { LOCALES } from "~/shared/i18n/locale";
import { sendJson } from "./json-body";
import { requestOrigin } from "./public-origin";
import { REFUSALS, requestLocale } from "./request-locale";

/**
 * Refuses state-changing requests sent by another site's page. Browsers send Origin on POST;
 * a request without it passes only when Sec-Fetch-Site is absent (non-browser clients, which
 * cannot ride on a visitor's cookies, and browsers or privacy tools that strip both) or
 * `same-origin`. A browser that says `cross-site`, `same-site` (a sibling subdomain is another
 * origin) or `none` (no page of ours sent it) but hides Origin is refused like a foreign Origin.
 * `Origin: null` (sandboxed frames, data: URLs, some redirects) is never our own origin.
 *
 * One exemption: POST /unsubscribe (and /fr/unsubscribe), the RFC 8058 one-click unsubscribe that mail providers (and
 * webmail pages on their own origin) send with the subscriber's signed token. The token is the
 * whole authority there, no cookie is read, so a cross-site post can do nothing the token's
 * holder could not. It still counts against the per-IP rate limit. React Router runs a check of
 * its own on document actions (Origin against the request URL, 400 "Bad Request"); its
 * `allowedActionOrigins` setting is site-wide, so for this one path the Origin header is removed
 * before the request reaches React Router instead.
 */
export function sameOriginOnly(): RequestHandler {
  const oneClickPaths = new Set(LOCALES.map(unsubscribePath));
  return (req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
    if (req.method === "POST" && oneClickPaths.has(req.path)) {
      delete req.headers.origin;
      return next();
    }
    if (isSameOrigin(req.headers, requestOrigin(res))) return next();
    refuseCrossSite(req, res);
  };
}

/**
 * A state-changing request's own verdict: from a page of `origin` (Origin header), or without
 * Origin, from our own page or no browser page at all (Sec-Fetch-Site `same-origin` or absent).
 */
export function isSameOrigin(headers: IncomingHttpHeaders, origin: string): boolean {
  const given = headers.origin;
  const fetchSite = headers["sec-fetch-site"];
  return given !== undefined ? given !== "null" && given === origin : fetchSite === undefined || fetchSite === "same-origin";
}

export const refuseCrossSite = (req: IncomingMessage, res: ServerResponse): void => sendJson(res, 403, { error: REFUSALS.crossSite(requestLocale(req)) });
