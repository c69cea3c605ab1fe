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

interface Variant {
  identity: Buffer;
  /** Compressed on first request and kept: compressing every page at start would slow it. */
  gzip?: Buffer;
  brotli?: Buffer;
  etag: string;
}

/** Without PUBLIC_SITE_URL, pages for this many origins are kept; others are made per request. */
const MAX_CACHED_ORIGINS = 8;

const normalizePath = (urlPath: string): string => (urlPath.length > 1 ? urlPath.replace(/\/+$/, "") : urlPath) || "/";

function variant(template: string, origin: string): Variant {
  const identity = Buffer.from(template.replaceAll(ORIGIN_PLACEHOLDER, origin));
  return { identity, etag: `"${crypto.createHash("sha1").update(identity).digest("base64url")}"` };
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
    const page = pages.get(normalizePath(req.path));
    if (!page) return next();
    const origin = requestOrigin(res);
    let served = page.variants.get(origin);
    const cached = served !== undefined || page.variants.size < MAX_CACHED_ORIGINS;
    if (!served) {
      served = variant(page.template, origin);
      if (cached) page.variants.set(origin, served);
    }
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    res.setHeader("Cache-Control", "no-cache");
    res.setHeader("ETag", served.etag);
    res.setHeader("Vary", "Accept-Encoding");
    res.setHeader("Content-Security-Policy", page.csp);
    if (req.get("if-none-match") === served.etag) {
      res.status(304).end();
      return;
    }
    const accepted = req.get("accept-encoding") ?? "";
    let body = served.identity;
    // A page kept in memory is compressed once, as well as it can be; one made for this request only, quickly.
    if (/\bbr\b/.test(accepted)) {
      res.setHeader("Content-Encoding", "br");
      body = served.brotli ??= zlib.brotliCompressSync(served.identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: cached ? 11 : 4 } });
    } else if (/\bgzip\b/.test(accepted)) {
      res.setHeader("Content-Encoding", "gzip");
      body = served.gzip ??= zlib.gzipSync(served.identity, { level: cached ? 9 : 4 });
    }
    res.setHeader("Content-Length", String(body.length));
    if (req.method === "HEAD") res.end();
    else res.end(body);
  };
}
