import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import type { RequestHandler } from "express";
import { contentSecurityPolicy } from "./security-headers";

/** What the build records of each pre-rendered page (scripts/build-server.ts writes it). */
export interface PrerenderedManifest {
  /** The origin the pages were built with, replaced by PUBLIC_SITE_URL at start. */
  buildOrigin: string;
  pages: Record<string, { file: string; scriptHashes: string[] }>;
}

interface Page {
  identity: Buffer;
  /** Compressed on first request and kept: compressing every page at start would slow it. */
  gzip?: Buffer;
  brotli?: Buffer;
  etag: string;
  csp: string;
}

const normalizePath = (urlPath: string): string => (urlPath.length > 1 ? urlPath.replace(/\/+$/, "") : urlPath) || "/";

/**
 * Serves the pre-rendered HTML from memory, each encoding compressed once, before the request
 * handler: `/privacy` and `/privacy/` are the same page, with no redirect.
 */
export function prerenderedPages(clientDir: string, manifest: PrerenderedManifest, publicSiteUrl: string | undefined): RequestHandler {
  const pages = new Map<string, Page>();
  for (const [urlPath, entry] of Object.entries(manifest.pages)) {
    let html = fs.readFileSync(path.join(clientDir, entry.file), "utf8");
    if (publicSiteUrl && publicSiteUrl !== manifest.buildOrigin) html = html.split(manifest.buildOrigin).join(publicSiteUrl);
    const identity = Buffer.from(html);
    pages.set(urlPath, {
      identity,
      etag: `"${crypto.createHash("sha1").update(identity).digest("base64url")}"`,
      csp: contentSecurityPolicy({ hashes: entry.scriptHashes }),
    });
  }

  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const page = pages.get(normalizePath(req.path));
    if (!page) return next();
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    res.setHeader("Cache-Control", "no-cache");
    res.setHeader("ETag", page.etag);
    res.setHeader("Vary", "Accept-Encoding");
    res.setHeader("Content-Security-Policy", page.csp);
    if (req.get("if-none-match") === page.etag) {
      res.status(304).end();
      return;
    }
    const accepted = req.get("accept-encoding") ?? "";
    let body = page.identity;
    if (/\bbr\b/.test(accepted)) {
      res.setHeader("Content-Encoding", "br");
      body = page.brotli ??= zlib.brotliCompressSync(page.identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } });
    } else if (/\bgzip\b/.test(accepted)) {
      res.setHeader("Content-Encoding", "gzip");
      body = page.gzip ??= zlib.gzipSync(page.identity, { level: 9 });
    }
    res.setHeader("Content-Length", String(body.length));
    if (req.method === "HEAD") res.end();
    else res.end(body);
  };
}
