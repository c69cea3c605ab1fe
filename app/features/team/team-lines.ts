/**
 * The workspace's lead kinds and the leads list's filter, shared by its pages and the server. No
 * zod here: this module ships to the browser (the validation schemas are in team-schemas.ts, used
 * by loaders only; limits, texts and refusals are in team-contract.ts).
 */
import type { PlanType } from "~/content/plans";
import { PAGE_SIZE_DEFAULT } from "./team-contract";

export const LEAD_KINDS = ["newsletter", "contact", "information-request", "chat"] as const;
export type LeadKindName = (typeof LEAD_KINDS)[number];
export const LEAD_KIND_LABELS: Record<LeadKindName, string> = {
  newsletter: "Newsletter",
  contact: "Contact message",
  "information-request": "Information request",
  chat: "Chat lead",
};
export const LEAD_STATUSES = ["open", "handled"] as const;
/** The mail page's statuses (`mail.status`) and what the page calls them. */
export const MAIL_STATUSES = ["pending", "sent", "failed"] as const;
export type MailStatusName = (typeof MAIL_STATUSES)[number];
export const MAIL_STATUS_LABELS: Record<MailStatusName, string> = { pending: "Queued", sent: "Sent", failed: "Failed" };

/** The filter of the leads list, as the server validated it (team-schemas.ts). */
export interface LeadFilterValues {
  kind?: LeadKindName | undefined;
  plan?: PlanType | undefined;
  status?: (typeof LEAD_STATUSES)[number] | undefined;
  from?: string | undefined;
  to?: string | undefined;
  q?: string | undefined;
  source?: string | undefined;
  campaign?: string | undefined;
  size?: number | undefined;
  after?: string | undefined;
}

/** The leads list's filters, in the order of its URLs. */
export const LEAD_FILTER_KEYS = ["kind", "plan", "status", "from", "to", "q", "source", "campaign"] as const;

/** The query string of a filter (without the page cursor unless given). */
export function filterQuery(filter: LeadFilterValues, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  for (const key of LEAD_FILTER_KEYS) {
    const value = filter[key];
    if (value) params.set(key, value);
  }
  if (filter.size && filter.size !== PAGE_SIZE_DEFAULT) params.set("size", String(filter.size));
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  const query = params.toString();
  return query ? `?${query}` : "";
}
