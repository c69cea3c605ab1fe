import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";

/** What an id from the proxy may look like: nginx's $request_id (32 hex digits), a UUID, and the like. */
const PROXY_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * The request's id, sent back as X-Request-Id and carried by its log lines. The proxy's own
 * X-Request-Id is taken only when the connection comes from a trusted proxy (TRUST_PROXY) and the
 * id is short and plain; otherwise (a client's own header, or no proxy) a new one is made, so no
 * client bytes reach the log.
 */
export function assignRequestId(req: IncomingMessage, res: ServerResponse, fromTrustedProxy: (address: string) => boolean): string {
  const offered = req.headers["x-request-id"];
  const address = req.socket.remoteAddress;
  const id = typeof offered === "string" && PROXY_ID.test(offered) && address !== undefined && fromTrustedProxy(address) ? offered : randomUUID();
  res.setHeader("X-Request-Id", id);
  return id;
}
