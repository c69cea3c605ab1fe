/**
 * The workspace's words and lists, shared by its pages and the server. No zod here: this module
 * ships to the browser (the validation schemas are in team-schemas.ts, used by loaders only).
 */
import { PLAN_TYPES } from "~/features/info-request/messages";

export const LEAD_KINDS = ["newsletter", "contact", "information-request", "chat"] as const;
export type LeadKindName = (typeof LEAD_KINDS)[number];
export const LEAD_KIND_LABELS: Record<LeadKindName, string> = {
  newsletter: "Newsletter",
  contact: "Contact message",
  "information-request": "Information request",
  chat: "Chat lead",
};
export const LEAD_STATUSES = ["open", "handled"] as const;
export { PLAN_TYPES };

export const PAGE_SIZE_DEFAULT = 50;
export const PAGE_SIZE_MAX = 200;
export const SEARCH_MAX = 200;
export const NOTE_MAX = 5_000;

/** The filter of the leads list, as the server validated it (team-schemas.ts). */
export interface LeadFilterValues {
  kind?: LeadKindName | undefined;
  plan?: (typeof PLAN_TYPES)[number] | undefined;
  status?: (typeof LEAD_STATUSES)[number] | undefined;
  from?: string | undefined;
  to?: string | undefined;
  q?: string | undefined;
  size?: number | undefined;
  after?: string | undefined;
}

/** The query string of a filter (without the page cursor unless given). */
export function filterQuery(filter: LeadFilterValues, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  for (const key of ["kind", "plan", "status", "from", "to", "q"] as const) {
    const value = filter[key];
    if (value) params.set(key, value);
  }
  if (filter.size && filter.size !== PAGE_SIZE_DEFAULT) params.set("size", String(filter.size));
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  const query = params.toString();
  return query ? `?${query}` : "";
}

export const SIGN_IN_SENT =
  "If this address belongs to the team, a sign-in link is on its way. It works once, within 15 minutes.";
export const SIGN_IN_LIMITED = "Too many sign-in requests. Please wait an hour and try again.";
export const LINK_INVALID = "This sign-in link has expired or was already used. Ask for a new one.";

export const TEAM_SESSION_COOKIE = "team_session";
