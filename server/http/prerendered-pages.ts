import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import type { RequestHandler } from "express";
import { ORIGIN_PLACEHOLDER } from "~/shared/seo/origin-placeholder.server";
import { requestOrigin } from "./public-origin";
import { contentSecurityPolicy } from "./security-headers";

/** What the build records of each pre-rendered page (scripts/build-server.ts writes it). */
export interface PrerenderedManifest {
  /** Each page's HTML file, relative to the pages directory, and the sha256 of its inline scripts. */
  pages: Record<string, { file: string; scriptHashes: string[] }>;
}

type Encoding = "br" | "gzip" | "identity";

interface Variant {
  identity: Buffer;
  /** Compressed on first request and kept: compressing every page at start would slow it. */
  gzip?: Buffer;
  br?: Buffer;
  etag: string;
  /** The answer's headers per encoding, made once (issue 12: no per-request header work). */
  headers: Partial<Record<Encoding, Record<string, string>>>;
}

/** Without PUBLIC_SITE_URL, pages for this many origins are kept; others are made per request. */
const MAX_CACHED_ORIGINS = 8;

/** The path part of a request URL, without trailing slashes ("/privacy/?x" → "/privacy"). */
function pagePath(url: string): string {
  const query = url.indexOf("?");
  const path = query === -1 ? url : url.slice(0, query);
  return (path.length > 1 ? path.replace(/\/+$/, "") : path) || "/";
}

function variant(template: string, origin: string): Variant {
  const identity = Buffer.from(template.replaceAll(ORIGIN_PLACEHOLDER, origin));
  return { identity, etag: `"${crypto.createHash("sha1").update(identity).digest("base64url")}"`, headers: {} };
}

/** br when the client takes it, else gzip, else none (a plain token match, as before). */
function pickEncoding(accepted: string | undefined): Encoding {
  if (!accepted) return "identity";
  if (/\bbr\b/.test(accepted)) return "br";
  if (/\bgzip\b/.test(accepted)) return "gzip";
  return "identity";
}

/**
 * Serves the pre-rendered HTML from memory, with the public origin written in and each encoding
 * compressed once: `/privacy` and `/privacy/` are the same page, with no redirect. The pages live
 * outside the static directory, so no other path can serve them without these headers.
 */
export function prerenderedPages(pagesDir: string, manifest: PrerenderedManifest, configuredOrigin: string | undefined): RequestHandler {
  const pages = new Map<string, { template: string; csp: string; variants: Map<string, Variant> }>();
  for (const [urlPath, entry] of Object.entries(manifest.pages)) {
    const template = fs.readFileSync(path.join(pagesDir, entry.file), "utf8");
    const variants = new Map<string, Variant>();
    if (configuredOrigin) variants.set(configuredOrigin, variant(template, configuredOrigin));
    pages.set(urlPath, { template, csp: contentSecurityPolicy({ hashes: entry.scriptHashes }), variants });
  }

  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const page = pages.get(pagePath(req.url));
    if (!page) return next();
    const origin = requestOrigin(res);
    let served = page.variants.get(origin);
    const cached = served !== undefined || page.variants.size < MAX_CACHED_ORIGINS;
    if (!served) {
      served = variant(page.template, origin);
      if (cached) page.variants.set(origin, served);
    }
    if (req.headers["if-none-match"] === served.etag) {
      res.writeHead(304, { "Cache-Control": "no-cache", ETag: served.etag, Vary: "Accept-Encoding", "Content-Security-Policy": page.csp });
      res.end();
      return;
    }
    const encoding = pickEncoding(req.headers["accept-encoding"]);
    // A page kept in memory is compressed once, as well as it can be; one made for this request only, quickly.
    let body = served.identity;
    if (encoding === "br") {
      body = served.br ??= zlib.brotliCompressSync(served.identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: cached ? 11 : 4 } });
    } else if (encoding === "gzip") {
      body = served.gzip ??= zlib.gzipSync(served.identity, { level: cached ? 9 : 4 });
    }
    const headers = (served.headers[encoding] ??= {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-cache",
      ETag: served.etag,
      Vary: "Accept-Encoding",
      "Content-Security-Policy": page.csp,
      ...(encoding === "identity" ? {} : { "Content-Encoding": encoding }),
      "Content-Length": String(body.length),
    });
    res.writeHead(200, headers);
    if (req.method === "HEAD") res.end();
    else res.end(body);
  };
}
