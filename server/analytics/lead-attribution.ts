/**
 * A lead's attribution as stored on its row (AttributionColumns): from what the browser sent with
 * the lead (~/shared/forms/attribution.ts), or, when it sent none (a form posted without
 * JavaScript), from the page it was posted from: the Referer of a same-origin post is that page's
 * full URL (the site's Referrer-Policy is strict-origin-when-cross-origin). Every value is cleaned
 * by the page views' own rules (page-view.ts); one that does not pass is dropped (null), never a
 * reason to refuse the lead.
 */
import { ATTRIBUTION_FIELD, UTM_PARAMETERS } from "~/shared/forms/attribution";
import type { AttributionColumns } from "../db/schema";
import { referrerOrigin, utmParameters, utmValue } from "./page-view";

/** A lead that tells nothing of where it came from. */
export const NO_ATTRIBUTION: AttributionColumns = {
  landing_path: null,
  referrer: null,
  utm_source: null,
  utm_medium: null,
  utm_campaign: null,
  utm_content: null,
  utm_term: null,
  converted_path: null,
};

/** Longest path kept (characters). */
export const PATH_MAX_LENGTH = 300;

/** A path as kept: "/" then no second "/" (that would name a host), no query or fragment, no space, control or format character. */
const PATH = new RegExp(`^/(?!/)[^?#\\s\\p{Cc}\\p{Cf}]{0,${PATH_MAX_LENGTH - 1}}$`, "u");

/** A page path as kept, or null. */
export const attributionPath = (value: unknown): string | null => (typeof value === "string" && PATH.test(value) ? value : null);

const text = (value: unknown): string | null => (typeof value === "string" ? value : null);

/** What the browser sent, cleaned: each field kept, or null when it is not what it should be. */
export function cleanAttribution(sent: unknown, ownOrigin: string): AttributionColumns {
  if (typeof sent !== "object" || sent === null || Array.isArray(sent)) return NO_ATTRIBUTION;
  const field = (name: string): unknown => (Object.hasOwn(sent, name) ? (sent as Record<string, unknown>)[name] : undefined);
  const cleaned: AttributionColumns = {
    ...NO_ATTRIBUTION,
    landing_path: attributionPath(field("landing_path")),
    referrer: referrerOrigin(text(field("referrer")) ?? undefined, ownOrigin),
    converted_path: attributionPath(field("converted_path")),
  };
  for (const name of UTM_PARAMETERS) cleaned[name] = utmValue(text(field(name)));
  return cleaned;
}

/**
 * A plain form post's attribution, from its Referer when that is a page of this site: the page it
 * was posted from is both where it converted and, with no session to tell, where the visit began.
 */
export function attributionFromReferer(referer: string | undefined, ownOrigin: string): AttributionColumns {
  if (!referer || !ownOrigin || !URL.canParse(referer)) return NO_ATTRIBUTION;
  const url = new URL(referer);
  if (url.origin !== ownOrigin) return NO_ATTRIBUTION;
  const path = attributionPath(url.pathname);
  return { ...NO_ATTRIBUTION, landing_path: path, ...utmParameters(url.search.slice(1)), converted_path: path };
}

/** Where a lead request came from, as the HTTP layer sees it. */
export interface LeadOrigin {
  /** The request's Referer header. */
  referer?: string | undefined;
  /** The public origin the request was served under ("" when unknown). */
  origin?: string | undefined;
}

/**
 * Splits a lead's input into its fields (what the form or chat validates, without the
 * attribution) and its attribution: the one sent (an object under ATTRIBUTION_FIELD), else the
 * Referer's.
 */
export function takeAttribution(input: unknown, from: LeadOrigin): { fields: unknown; attribution: AttributionColumns } {
  const origin = from.origin ?? "";
  if (typeof input !== "object" || input === null || Array.isArray(input) || !Object.hasOwn(input, ATTRIBUTION_FIELD)) {
    return { fields: input, attribution: attributionFromReferer(from.referer, origin) };
  }
  const { [ATTRIBUTION_FIELD]: sent, ...fields } = input as Record<string, unknown>;
  const sentObject = typeof sent === "object" && sent !== null && !Array.isArray(sent);
  return { fields, attribution: sentObject ? cleanAttribution(sent, origin) : attributionFromReferer(from.referer, origin) };
}
