import type { IncomingHttpHeaders } from "node:http";
import type { RequestHandler } from "express";
import type { Locale } from "~/shared/i18n/locale";
import { REFUSALS, requestLocale } from "./request-locale";

export const MAX_BODY_BYTES = 32 * 1024;

/**
 * Caps request bodies before React Router reads them. Node reads exactly Content-Length bytes,
 * so checking the header bounds the body; a body of unknown length is refused.
 */
export const limitBodySize: RequestHandler = (req, res, next) => {
  if (req.method === "GET" || req.method === "HEAD") return next();
  const refusal = bodySizeRefusal(req.headers, requestLocale(req));
  if (!refusal) return next();
  res.status(refusal.status).type("application/json").send(JSON.stringify({ error: refusal.error }));
};

/** Why a body of these headers is refused (411: no length given, 413: too large), if it is, in `locale`. */
export function bodySizeRefusal(headers: IncomingHttpHeaders, locale: Locale): { status: number; error: string } | undefined {
  const length = headers["content-length"];
  if (length === undefined) return headers["transfer-encoding"] ? { status: 411, error: REFUSALS.lengthRequired(locale) } : undefined;
  return /^\d+$/.test(length) && Number(length) <= MAX_BODY_BYTES ? undefined : { status: 413, error: REFUSALS.bodyTooLarge(locale) };
}
