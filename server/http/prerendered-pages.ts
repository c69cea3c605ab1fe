import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import type { RequestHandler } from "express";
import { ORIGIN_PLACEHOLDER } from "~/shared/seo/origin-placeholder.server";
import { eventLoopBusy } from "../event-loop-load";
import { labelRoute } from "../metrics";
import { type Encoding, preferredEncoding } from "./content-encoding";
import { requestOrigin } from "./public-origin";
import { contentSecurityPolicy } from "./security-headers";

/** What the build records of each pre-rendered page (scripts/build-server.ts writes it). */
export interface PrerenderedManifest {
  /** Each page's HTML file, relative to the pages directory, and the sha256 of its inline scripts. */
  pages: Record<string, { file: string; scriptHashes: string[] }>;
}

interface Encoded {
  body: Buffer;
  /** The answer's headers, made once (no per-request header work). */
  headers: Record<string, string>;
}

interface Variant {
  identity: Buffer;
  etag: string;
  /** Each encoding's body, compressed on first request (compressing every page at start would slow it). */
  encoded: Partial<Record<Encoding, Encoded>>;
  /** Brotli's best quality is queued, or made. */
  bestBrotliQueued: boolean;
}

/** Without PUBLIC_SITE_URL, pages for this many origins are kept; others are made per request. */
const MAX_CACHED_ORIGINS = 8;

/**
 * Brotli at its best quality makes a page smaller than at quality 5, but takes far longer: made on
 * the request path, the first visitor of each page after a start would wait for it, and so would
 * every request behind it on the event loop. A page is first answered at quality 5; its best is
 * made later, when the event loop is idle, one page at a time, and replaces it. (libuv's thread
 * pool would not block the event loop, but its threads' allocator keeps more memory resident than
 * the idle-memory budget allows; the figures are in docs/decisions/0058.)
 */
const QUICK_BROTLI = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } };
const bestBrotli = (input: Buffer): Buffer =>
  zlib.brotliCompressSync(input, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: input.length },
  });

/** How long the event loop must have been mostly idle before a page's best compression is made. */
const IDLE_WAIT_MS = 100;
const IDLE_BELOW = 0.25;

/** The path part of a request URL, without trailing slashes ("/privacy/?x" → "/privacy"). */
export function pagePath(url: string): string {
  const query = url.indexOf("?");
  const path = query === -1 ? url : url.slice(0, query);
  return (path.length > 1 ? path.replace(/\/+$/, "") : path) || "/";
}

function variant(template: string, origin: string): Variant {
  const identity = Buffer.from(template.replaceAll(ORIGIN_PLACEHOLDER, origin));
  return { identity, etag: `"${crypto.createHash("sha1").update(identity).digest("base64url")}"`, encoded: {}, bestBrotliQueued: false };
}

/**
 * Serves the pre-rendered HTML from memory, with the public origin written in and each encoding
 * compressed once: `/privacy` and `/privacy/` are the same page, with no redirect. The pages live
 * outside the static directory, so no other path can serve them without these headers.
 */
export function prerenderedPages(pagesDir: string, manifest: PrerenderedManifest, configuredOrigin: string | undefined): RequestHandler {
  const pages = new Map<string, { template: string; csp: string; variants: Map<string, Variant> }>();

  const encode = (served: Variant, csp: string, encoding: Encoding, body: Buffer): Encoded =>
    (served.encoded[encoding] = {
      body,
      headers: {
        "Content-Type": "text/html; charset=utf-8",
        "Cache-Control": "no-cache",
        ETag: served.etag,
        Vary: "Accept-Encoding",
        "Content-Security-Policy": csp,
        ...(encoding === "identity" ? {} : { "Content-Encoding": encoding }),
        "Content-Length": String(body.length),
      },
    });

  // Pages waiting for their best compression, made one per idle moment of the event loop.
  const waiting: { served: Variant; csp: string }[] = [];
  const busy = eventLoopBusy(IDLE_BELOW);
  let timer: NodeJS.Timeout | undefined;
  const whenIdle = (): void => {
    busy(); // measures from now
    timer = setTimeout(() => {
      if (busy()) return whenIdle();
      const next = waiting.shift();
      if (next) encode(next.served, next.csp, "br", bestBrotli(next.served.identity));
      if (waiting.length > 0) whenIdle();
      else timer = undefined;
    }, IDLE_WAIT_MS).unref();
  };
  const queueBestBrotli = (served: Variant, csp: string): void => {
    if (served.bestBrotliQueued) return;
    served.bestBrotliQueued = true;
    waiting.push({ served, csp });
    if (!timer) whenIdle();
  };

  for (const [urlPath, entry] of Object.entries(manifest.pages)) {
    const template = fs.readFileSync(path.join(pagesDir, entry.file), "utf8");
    const csp = contentSecurityPolicy({ hashes: entry.scriptHashes });
    const variants = new Map<string, Variant>();
    if (configuredOrigin) variants.set(configuredOrigin, variant(template, configuredOrigin));
    pages.set(urlPath, { template, csp, variants });
  }

  // The public origin's pages are queued for their best compression at the first request, when
  // the server has started (queued during its start, they would slow it).
  let queuedAll = configuredOrigin === undefined;

  return (req, res, next) => {
    if (!queuedAll) {
      queuedAll = true;
      for (const page of pages.values()) for (const served of page.variants.values()) queueBestBrotli(served, page.csp);
    }
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const route = pagePath(req.url);
    const page = pages.get(route);
    if (!page) return next();
    labelRoute(res, route);
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
    const encoding = preferredEncoding(req.headers["accept-encoding"]);
    let answer = served.encoded[encoding];
    if (!answer) {
      const body =
        encoding === "br" ? zlib.brotliCompressSync(served.identity, QUICK_BROTLI) : encoding === "gzip" ? zlib.gzipSync(served.identity, { level: 9 }) : served.identity;
      answer = encode(served, page.csp, encoding, body);
    }
    if (encoding === "br" && cached) queueBestBrotli(served, page.csp);
    res.writeHead(200, answer.headers);
    if (req.method === "HEAD") res.end();
    else res.end(answer.body);
  };
}
