import type { RequestHandler } from "express";

export const MAX_BODY_BYTES = 32 * 1024;
export const BODY_TOO_LARGE_MESSAGE = "The request is too large (32 KB at most).";

/**
 * Caps request bodies before React Router reads them. Node reads exactly Content-Length bytes,
 * so checking the header bounds the body; a body of unknown length is refused.
 */
export const limitBodySize: RequestHandler = (req, res, next) => {
  if (req.method === "GET" || req.method === "HEAD") return next();
  const length = req.get("content-length");
  if (length === undefined) {
    if (req.get("transfer-encoding")) {
      res.status(411).type("application/json").send(JSON.stringify({ error: "Content-Length is required." }));
      return;
    }
    return next();
  }
  if (!/^\d+$/.test(length) || Number(length) > MAX_BODY_BYTES) {
    res.status(413).type("application/json").send(JSON.stringify({ error: BODY_TOO_LARGE_MESSAGE }));
    return;
  }
  next();
};
