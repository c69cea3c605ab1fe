import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger } from "../logger";

/**
 * One access log line per request, when its connection is done with it: method, URL, status and
 * milliseconds. "close" comes for every request, also when the client left before the answer was
 * complete: then the status is nginx's 499 (client closed request) unless an answer had begun.
 */
export function logRequest(logger: Logger, req: IncomingMessage, res: ServerResponse): void {
  const started = process.hrtime.bigint();
  const { method, url } = req;
  res.on("close", () => {
    const ms = Math.round((Number(process.hrtime.bigint() - started) / 1e6) * 10) / 10;
    if (res.writableFinished) logger.info({ method, url, status: res.statusCode, ms }, "request");
    else logger.info({ method, url, status: res.headersSent ? res.statusCode : 499, ms, aborted: true }, "request");
  });
}
