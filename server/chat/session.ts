/**
 * The anonymous visitor session (docs/decisions/0010-chat-visitor-session-and-quota.md): a random id in
 * a signed, HttpOnly, SameSite=Lax cookie, `Secure` when the request came over HTTPS. The cookie
 * is all the state: the visitor row is written on the first POST that needs it.
 */
import crypto from "node:crypto";
import type { Request, Response } from "express";

export const SESSION_COOKIE = "maxload_session";
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export class SessionSigner {
  constructor(private readonly secret: string) {}

  private signature(id: string): string {
    return crypto.createHmac("sha256", this.secret).update(`visitor:${id}`).digest("base64url");
  }

  sign(id: string): string {
    return `${id}.${this.signature(id)}`;
  }

  /** The visitor id of a cookie value, or undefined when it is missing, malformed or forged. */
  verify(value: string | undefined): string | undefined {
    if (!value) return undefined;
    const dot = value.indexOf(".");
    if (dot < 0) return undefined;
    const id = value.slice(0, dot);
    if (!UUID.test(id)) return undefined;
    const given = Buffer.from(value.slice(dot + 1));
    const expected = Buffer.from(this.signature(id));
    return given.length === expected.length && crypto.timingSafeEqual(given, expected) ? id : undefined;
  }
}

export function readCookie(req: Request, name: string): string | undefined {
  const header = req.get("cookie");
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/** The visitor of this request, creating a session (and its cookie) when there is none. */
export function visitorOf(req: Request, res: Response, signer: SessionSigner, create: true): string;
export function visitorOf(req: Request, res: Response, signer: SessionSigner, create: false): string | undefined;
export function visitorOf(req: Request, res: Response, signer: SessionSigner, create: boolean): string | undefined {
  const existing = signer.verify(readCookie(req, SESSION_COOKIE));
  if (existing || !create) return existing;
  const id = crypto.randomUUID();
  res.cookie(SESSION_COOKIE, signer.sign(id), {
    httpOnly: true,
    sameSite: "lax",
    secure: req.secure,
    path: "/api/chat",
    maxAge: ONE_YEAR_SECONDS * 1000,
  });
  return id;
}
