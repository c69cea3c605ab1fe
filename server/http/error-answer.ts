import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger } from "../logger";
import { loggedUrl } from "./access-log";
import { bodyErrorAnswer, sendJson } from "./json-body";
import { REFUSALS, requestLocale } from "./request-locale";

/** What a request handler may throw: body-parser's and http-errors' fields, when present. */
export interface RequestError {
  status?: number;
  type?: string;
  expose?: boolean;
  message?: string;
}

/**
 * The answer to an error no handler answered: a clear 4xx for a body that could not be read or a
 * request refused on purpose, else a 500 that says nothing of our internals (and is logged). In the
 * request's language (request-locale.ts): no route has read it.
 */
export function answerError(logger: Logger, req: IncomingMessage & { originalUrl?: string }, res: ServerResponse, error: RequestError): void {
  if (error.type === "request.aborted") {
    // Nobody is left to read an answer; the access log still records the outcome.
    logger.info({ method: req.method, url: loggedUrl(req.originalUrl ?? req.url) }, "client aborted the request body");
    res.statusCode = 400;
    res.end();
    return;
  }
  const locale = requestLocale(req);
  const bodyError = bodyErrorAnswer(error.type, locale);
  if (bodyError) return sendJson(res, bodyError.status, { error: bodyError.error });
  const status = typeof error.status === "number" && error.status >= 400 && error.status < 500 ? error.status : 500;
  if (status === 500) logger.error({ err: error }, "unhandled error");
  // An exposed message is an English text of a library (http-errors): only our own are translated.
  const message = status === 500 ? REFUSALS.serverError(locale) : (error.expose && error.message) || REFUSALS.notProcessed(locale);
  sendJson(res, status, { error: message });
}
