import type { IncomingHttpHeaders, IncomingMessage } from "node:http";
import * as m from "~/paraglide/messages.js";
import type { Locale } from "~/shared/i18n/locale";

/**
 * The language of a request's refusal when the pipeline refuses it before any route has read its
 * language (a body too large or not JSON, a wrong content type, a cross-site post, the rate
 * limit, an error no handler answered). One rule, in this order:
 * 1. `Content-Language`: our own pages' fetch calls send the page's language in it
 *    (`pageLanguageHeaders`). A browser never sets it by itself, so it is the page speaking,
 *    unlike `Accept-Language` (the browser's preference: a French browser on an English page
 *    must keep the English page's errors).
 * 2. The path: a page or form of the French site is under /fr (plain form posts, the lead forms'
 *    JSON posts).
 * 3. English.
 * A route that has read the body answers in the body's `locale` instead (lead forms, chat).
 */
export function requestLocale(req: Pick<IncomingMessage, "headers" | "url"> & { originalUrl?: string }): Locale {
  return headerLocale(req.headers) ?? pathLocale(req.originalUrl ?? req.url ?? "/") ?? "en";
}

/** "fr", "fr-CA", "FR-ca", "fr-CA, en"…: the first language named, if it is one of ours. */
function headerLocale(headers: IncomingHttpHeaders): Locale | undefined {
  const first = /^\s*([a-z]{2,3})(?:[-_][a-z0-9-]*)?\s*(?:,|$)/i.exec(headers["content-language"] ?? "")?.[1]?.toLowerCase();
  return first === "fr" || first === "en" ? first : undefined;
}

const FRENCH_PATH = /^\/fr(?:[/?#]|$)/;

function pathLocale(url: string): Locale | undefined {
  return FRENCH_PATH.test(url) ? "fr" : undefined;
}

/** The pipeline's refusals in a language (messages/<locale>/http.json; the English ones are the site's since the start). */
export const REFUSALS = {
  bodyTooLarge: (locale: Locale) => m.http_body_too_large({}, { locale }),
  lengthRequired: (locale: Locale) => m.http_length_required({}, { locale }),
  invalidJson: (locale: Locale) => m.http_invalid_json({}, { locale }),
  jsonRequired: (locale: Locale) => m.http_json_required({}, { locale }),
  crossSite: (locale: Locale) => m.http_cross_site({}, { locale }),
  tooManyRequests: (locale: Locale) => m.http_too_many_requests({}, { locale }),
  limitUnavailable: (locale: Locale) => m.http_limit_unavailable({}, { locale }),
  notProcessed: (locale: Locale) => m.http_not_processed({}, { locale }),
  serverError: (locale: Locale) => m.http_server_error({}, { locale }),
} as const;
