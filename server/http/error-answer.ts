import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger } from "../logger";
import { loggedUrl } from "./access-log";
import { bodyErrorAnswer, sendJson } from "./json-body";

/** What a request handler may throw: body-parser's and http-errors' fields, when present. */
export interface RequestError {
  status?: number;
  type?: string;
  expose?: boolean;
  message?: string;
}

/**
 * The answer to an error no handler answered: a clear 4xx for a body that could not be read or a
 * request refused on purpose, else a 500 that says nothing of our internals (and is logged).
 */
export function answerError(logger: Logger, req: IncomingMessage & { originalUrl?: string }, res: ServerResponse, error: RequestError): void {
  if (error.type === "request.aborted") {
    // Nobody is left to read an answer; the access log still records the outcome.
    logger.info({ method: req.method, url: loggedUrl(req.originalUrl ?? req.url) }, "client aborted the request body");
    res.statusCode = 400;
    res.end();
    return;
  }
  const bodyError = bodyErrorAnswer(error.type);
  if (bodyError) return sendJson(res, bodyError.status, { error: bodyError.error });
  const status = typeof error.status === "number" && error.status >= 400 && error.status < 500 ? error.status : 500;
  if (status === 500) logger.error({ err: error }, "unhandled error");
  const message = status === 500 ? "Something went wrong on our side. Please try again." : (error.expose && error.message) || "The request could not be processed.";
  sendJson(res, status, { error: message });
}
