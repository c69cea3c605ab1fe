import { createContext } from "react-router";
import type { Services } from "../server/services";

/**
 * How route actions and loaders reach the server's services (database, mail outbox, AI client).
 * The Express server creates the services once and puts them here for every request; the
 * server build re-exports this key from entry.server so both sides use the same object.
 * Only a type crosses from server/ into app/; and as a `.server` module only route actions,
 * loaders and entry.server use it, which the bundler keeps out of the browser.
 */
export const servicesContext = createContext<Services>();

/**
 * The public origin of a request-time render: PUBLIC_SITE_URL, else the request's own origin.
 * Empty while pre-rendering: those pages carry ORIGIN_PLACEHOLDER, replaced when served. Pages
 * only: no link in a mail is made from it (mail uses the configured mail origin).
 */
export const siteOriginContext = createContext<string>("");

/** Per-request CSP nonce for responses rendered at request time (pre-rendered pages use hashes). */
export const nonceContext = createContext<string>("");

/** The client's key for per-client limits (IP, IPv6 /64; X-Forwarded-For only from TRUST_PROXY proxies); the newsletter's consent record hashes it. */
export const clientKeyContext = createContext<string>("");
