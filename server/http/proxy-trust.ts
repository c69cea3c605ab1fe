import type { IncomingMessage } from "node:http";
import type { TLSSocket } from "node:tls";
import proxyAddr from "proxy-addr";

/** Express's compiled TRUST_PROXY (`app.get("trust proxy fn")`): is the hop'th address a proxy of ours? */
export type TrustProxy = (address: string | undefined, hop: number) => boolean;

/**
 * `req.protocol` and `req.ip` for a request Express has not seen (server/leads/direct-posts.ts),
 * computed as Express computes them: X-Forwarded-Proto and X-Forwarded-For count only when they
 * come from a trusted proxy.
 */
export function requestProtocol(req: IncomingMessage, trust: TrustProxy): string {
  const own = (req.socket as Partial<TLSSocket>).encrypted ? "https" : "http";
  if (!trust(req.socket.remoteAddress, 0)) return own;
  const given = req.headers["x-forwarded-proto"];
  const header = (typeof given === "string" && given) || own;
  const comma = header.indexOf(",");
  return (comma === -1 ? header : header.slice(0, comma)).trim();
}

export const requestAddress = (req: IncomingMessage, trust: TrustProxy): string => proxyAddr(req, trust);
