/**
 * What one request tells the page-view count, and whether it counts at all. Nothing here keeps the
 * client's address or User-Agent: they only feed the visitor hash (visitor.ts), and the
 * User-Agent a coarse device class.
 */
import type { IncomingHttpHeaders } from "node:http";
import { isbot } from "isbot";
import { UTM_PARAMETERS, type UtmParameter } from "~/shared/forms/attribution";
import { visibleText } from "~/shared/forms/text-rule";
import { newRowId } from "../db/row-id";
import type { DeviceClass } from "../db/schema";

// The UTM parameters kept, each as its own column: one list for the count and the leads' attribution.
export { UTM_PARAMETERS, type UtmParameter } from "~/shared/forms/attribution";

/** Longest UTM value kept (characters, after cleaning): enough for any campaign name, no essay. */
export const UTM_MAX_LENGTH = 100;

/** What is counted of one page view, before its visitor hash is made. */
export interface PageView {
  /** The row's id, made when the view was served: a visitor's views in the order they saw them. */
  id: string;
  /** UTC day, YYYY-MM-DD. */
  day: string;
  path: string;
  referrer: string | null;
  utm: Record<UtmParameter, string | null>;
  device: DeviceClass;
  /**
   * What the visitor hash is made of with the day's salt (public origin, client key, User-Agent),
   * held in memory until the batch is written; null when the browser sent Sec-GPC: 1.
   */
  visitorInput: readonly [origin: string, clientKey: string, userAgent: string] | null;
}

/** The request as the count sees it. */
export interface CountedRequest {
  /** The path the page was served for (already normalised: "/privacy/" is "/privacy"). */
  path: string;
  /** The request URL's query string, without "?" ("" when none). */
  query: string;
  headers: IncomingHttpHeaders;
  /** The client as every per-IP limit sees it: IPv4, or the IPv6 /64 (http/client-address.ts). */
  clientKey: string;
  /** The public origin the page was served under. */
  origin: string;
  now: Date;
}

const header = (headers: IncomingHttpHeaders, name: string): string | undefined => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/** A browser fetching a page the visitor may never see (link prefetch, speculation rules). */
const isPrefetch = (headers: IncomingHttpHeaders): boolean =>
  /\bprefetch\b/i.test(header(headers, "sec-purpose") ?? "") || /\bprefetch\b/i.test(header(headers, "purpose") ?? "");

/**
 * What a User-Agent is to the count: a bot, or a browser of a device class. Remembered for the
 * last MAX_REMEMBERED User-Agents (a site's visitors share a few hundred): isbot's pattern is the
 * larger part of what counting a view costs the request.
 */
const remembered = new Map<string, DeviceClass | "bot">();
const MAX_REMEMBERED = 1_000;

function agentClass(userAgent: string): DeviceClass | "bot" {
  let known = remembered.get(userAgent);
  if (known === undefined) {
    known = isbot(userAgent) ? "bot" : deviceClass(userAgent);
    if (remembered.size >= MAX_REMEMBERED) remembered.delete(remembered.keys().next().value!);
    remembered.set(userAgent, known);
  }
  return known;
}

/**
 * Whether a request may count at all, before it is answered: a GET (HEAD fetches no page),
 * neither a prefetch nor a bot, from a client that names itself (every browser sends a
 * User-Agent).
 */
export function mayCount(method: string, headers: IncomingHttpHeaders): boolean {
  if (method !== "GET") return false;
  const userAgent = header(headers, "user-agent");
  return userAgent !== undefined && userAgent !== "" && !isPrefetch(headers) && agentClass(userAgent) !== "bot";
}

/**
 * phone, tablet or desktop from the User-Agent. iPadOS 13+ asks for desktop pages with a Mac
 * User-Agent: it counts as desktop, as the page it gets.
 */
export function deviceClass(userAgent: string): DeviceClass {
  if (/iPad|Tablet|PlayBook|Silk|Kindle|Nexus (?:7|9|10)|Android(?!.*Mobile)/i.test(userAgent)) return "tablet";
  if (/Mobi|iPhone|iPod|Android|Windows Phone|BlackBerry|Opera Mini/i.test(userAgent)) return "phone";
  return "desktop";
}

/** The Referer's origin when it is another site's (http or https), else null: never a full URL. */
export function referrerOrigin(referer: string | undefined, ownOrigin: string): string | null {
  if (!referer || !URL.canParse(referer)) return null;
  const url = new URL(referer);
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  return url.origin === ownOrigin || url.origin === "null" ? null : url.origin;
}

/** A UTM value as kept: visible text on one line, at most UTM_MAX_LENGTH characters; null when empty. */
export function utmValue(value: string | null): string | null {
  if (value === null) return null;
  const kept = [...visibleText(value).replace(/[\t\n\r]+/g, " ").trim()].slice(0, UTM_MAX_LENGTH).join("").trim();
  return kept === "" ? null : kept;
}

/** The allow-listed UTM parameters of a query string (the first of each; others are ignored). */
export function utmParameters(query: string): Record<UtmParameter, string | null> {
  const utm = { utm_source: null, utm_medium: null, utm_campaign: null, utm_content: null, utm_term: null } as Record<UtmParameter, string | null>;
  if (!query.includes("utm_")) return utm;
  const params = new URLSearchParams(query);
  for (const name of UTM_PARAMETERS) utm[name] = utmValue(params.get(name));
  return utm;
}

export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

/** The page view a counted request makes (mayCount was true, the page was answered). */
export function pageView(request: CountedRequest): PageView {
  const { headers } = request;
  const userAgent = header(headers, "user-agent") ?? "";
  const agent = agentClass(userAgent);
  return {
    id: newRowId(request.now.getTime()),
    day: utcDay(request.now),
    path: request.path,
    referrer: referrerOrigin(header(headers, "referer"), request.origin),
    utm: utmParameters(request.query),
    device: agent === "bot" ? deviceClass(userAgent) : agent,
    visitorInput: header(headers, "sec-gpc") === "1" ? null : [request.origin, request.clientKey, userAgent],
  };
}
