import fs from "node:fs";
import path from "node:path";
import type { RequestHandler, Response } from "express";
import { preferredEncoding } from "./content-encoding";

const SUFFIXES = { br: ".br", gzip: ".gz" } as const;
type Compressed = keyof typeof SUFFIXES;

/**
 * The client files the build compressed once, at brotli's and gzip's best (scripts/build-server.ts
 * writes `x.js.br` and `x.js.gz` beside `x.js`): `pick` points a request that accepts one of them
 * at it, and express.static serves it as usual (caching, conditional GETs, HEAD), with
 * `setHeaders` naming its encoding and the original file's type. The compression middleware then
 * leaves it alone; it still compresses whatever has no such twin.
 */
export function precompressedFiles(clientDir: string): { pick: RequestHandler; setHeaders: (res: Response, filePath: string) => void } {
  const twins = new Map<string, Set<Compressed>>();
  for (const name of fs.readdirSync(clientDir, { recursive: true, encoding: "utf8" })) {
    const match = /^(.+)\.(br|gz)$/.exec(name);
    if (!match?.[1] || !fs.existsSync(path.join(clientDir, match[1]))) continue;
    const urlPath = `/${match[1].split(path.sep).join("/")}`;
    const encodings = twins.get(urlPath) ?? new Set<Compressed>();
    encodings.add(match[2] === "br" ? "br" : "gzip");
    twins.set(urlPath, encodings);
  }

  const pick: RequestHandler = (req, res, next) => {
    const encodings = twins.get(req.path);
    if (!encodings) return next();
    res.vary("Accept-Encoding");
    const encoding = preferredEncoding(req.headers["accept-encoding"]);
    if (encoding !== "identity" && encodings.has(encoding)) {
      const query = req.url.indexOf("?");
      req.url = req.path + SUFFIXES[encoding] + (query === -1 ? "" : req.url.slice(query));
    }
    next();
  };

  const setHeaders = (res: Response, filePath: string): void => {
    const encoding = filePath.endsWith(".br") ? "br" : filePath.endsWith(".gz") ? "gzip" : undefined;
    if (!encoding) return;
    res.setHeader("Content-Encoding", encoding);
    // The original file's type, as express.static would have named it.
    res.type(path.extname(filePath.slice(0, -SUFFIXES[encoding].length)));
  };

  return { pick, setHeaders };
}
