import crypto from "node:crypto";
import type { ServerResponse } from "node:http";
import type { RequestHandler, Response } from "express";

/**
 * The one third party: the hero video's privacy-enhanced YouTube player, as a frame. No third-party
 * script: script-src is 'self' plus the page's inline hashes or nonce and never a host, since a
 * host such as www.youtube.com serves JSONP (/oembed?callback=) that would run any script we allow.
 * The player is driven by postMessage (app/features/home/youtube-player.ts).
 */
const YOUTUBE_FRAMES = "https://www.youtube-nocookie.com";

export interface CspOptions {
  /**
   * `npm run dev` only: Vite's HMR client talks to the dev server over a websocket. Set only for a
   * DevelopmentSite (server/dev.ts); production's ProductionSite cannot ask for it.
   */
  development?: boolean;
}

/** The Content-Security-Policy for one page, given what may run inline on it. */
export function contentSecurityPolicy(inlineScripts: { nonce: string } | { hashes: readonly string[] }, options: CspOptions = {}): string {
  const inline = "nonce" in inlineScripts ? [`'nonce-${inlineScripts.nonce}'`] : inlineScripts.hashes.map((hash) => `'${hash}'`);
  // Fonts, fetches and media fall back to default-src 'self': a directive only where it differs
  // (every byte of a page's headers counts against its first round trip, decision 0115).
  return [
    "default-src 'self'",
    ["script-src 'self'", ...inline].join(" "),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    ...(options.development ? ["connect-src 'self' ws: wss:"] : []),
    `frame-src ${YOUTUBE_FRAMES}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** sha256 source expression of an inline script's exact text, as CSP wants it. */
export const scriptHash = (text: string): string => `sha256-${crypto.createHash("sha256").update(text, "utf8").digest("base64")}`;

export const newNonce = (): string => crypto.randomBytes(16).toString("base64");

/** Sets the headers every response carries (HSTS when the request came over HTTPS). */
export function setSecurityHeaders(res: ServerResponse, secure: boolean): void {
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
  res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(), usb=()");
  res.setHeader("X-Frame-Options", "DENY");
  res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
  if (secure) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
}

/** Headers every response carries; the CSP is set per response (hashes or nonce). */
export const securityHeaders: RequestHandler = (req, res, next) => {
  setSecurityHeaders(res, req.secure);
  next();
};

/** Gives the response a fresh nonce and its CSP; React Router renders inline scripts with it. */
export function useNonceCsp(res: Response, options: CspOptions = {}): string {
  const nonce = newNonce();
  res.setHeader("Content-Security-Policy", contentSecurityPolicy({ nonce }, options));
  return nonce;
}
