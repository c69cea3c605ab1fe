/**
 * The workspace's lead kinds and the leads list's filter, shared by its pages and the server. No
 * zod here: this module ships to the browser (the validation schemas are in team-schemas.ts, used
 * by loaders only; limits, texts and refusals are in team-contract.ts).
 */
import type { PlanType } from "~/content/plans";
import type { Locale } from "~/shared/i18n/locale";
import { PAGE_SIZE_DEFAULT } from "./team-contract";

export const LEAD_KINDS = ["newsletter", "contact", "information-request", "chat"] as const;
export type LeadKindName = (typeof LEAD_KINDS)[number];
export const LEAD_KIND_LABELS: Record<LeadKindName, string> = {
  newsletter: "Newsletter",
  contact: "Contact message",
  "information-request": "Information request",
  chat: "Chat lead",
};
/** A lead's language as the team reads it (the workspace and the team's mail are in English). */
export const LEAD_LANGUAGES = ["en", "fr"] as const satisfies readonly Locale[];
export const LEAD_LANGUAGE_LABELS: Record<Locale, string> = { en: "English", fr: "French" };
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
  language?: Locale | undefined;
  size?: number | undefined;
  after?: string | undefined;
}

/** The leads list's filters, in the order of its URLs. */
export const LEAD_FILTER_KEYS = ["kind", "plan", "status", "from", "to", "q", "source", "campaign", "language"] as const;

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

/** A person's stages in the order the team works them (the `people` table's `stage`; no row: New). */
export const PERSON_STAGES = ["new", "contacted", "qualified", "won", "lost"] as const;
export type PersonStageName = (typeof PERSON_STAGES)[number];
export const PERSON_STAGE_LABELS: Record<PersonStageName, string> = { new: "New", contacted: "Contacted", qualified: "Qualified", won: "Won", lost: "Lost" };

/** The people list's orders: latest lead first (the default), oldest first, by name. */
export const PEOPLE_SORTS = ["newest", "oldest", "name"] as const;
export type PeopleSort = (typeof PEOPLE_SORTS)[number];
export const PEOPLE_SORT_LABELS: Record<PeopleSort, string> = { newest: "Latest lead first", oldest: "Oldest lead first", name: "Name, A to Z" };

/** The people list's filter (/team): the leads' filter, and the team's work on the person. */
export interface PeopleFilterValues extends LeadFilterValues {
  /** "me", "unowned" or a member's address. */
  owner?: string | undefined;
  stage?: PersonStageName | undefined;
  /** "1": only people whose follow-up date is today or past, in the member's time zone. */
  due?: "1" | undefined;
  sort?: PeopleSort | undefined;
}

/** The people list's filters beyond the leads', in the order of its URLs. */
export const PEOPLE_FILTER_KEYS = [...LEAD_FILTER_KEYS, "owner", "stage", "due"] as const;

/** The people list's query string (the order only when not the default; the page cursor only when given). */
export function peopleQuery(filter: PeopleFilterValues, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  for (const key of PEOPLE_FILTER_KEYS) {
    const value = filter[key];
    if (value) params.set(key, value);
  }
  if (filter.sort && filter.sort !== "newest") params.set("sort", filter.sort);
  if (filter.size && filter.size !== PAGE_SIZE_DEFAULT) params.set("size", String(filter.size));
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  const query = params.toString();
  return query ? `?${query}` : "";
}
