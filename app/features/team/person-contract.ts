/**
 * Working a person, between the person page and the server: the stages and their names, the
 * limits, the canned replies' keys, and the refusals as codes with their texts. No zod and no
 * React here (the schemas are in person-schemas.ts).
 */
import { PLAN_TYPES } from "~/content/plans";
import type { Locale } from "~/shared/i18n/locale";

export const PERSON_STAGES = ["new", "contacted", "qualified", "won", "lost"] as const;
export type PersonStageName = (typeof PERSON_STAGES)[number];
export const PERSON_STAGE_LABELS: Record<PersonStageName, string> = { new: "New", contacted: "Contacted", qualified: "Qualified", won: "Won", lost: "Lost" };

export const LOST_REASON_MAX = 500;
export const REPLY_SUBJECT_MAX = 200;
export const REPLY_BODY_MAX = 20_000;
export const CANNED_REPLY_MAX = 5_000;

/** The canned replies: a general one, then one per plan type. */
export const CANNED_REPLY_KEYS = ["general", ...PLAN_TYPES] as const;
export type CannedReplyKey = (typeof CANNED_REPLY_KEYS)[number];
export const cannedReplyLabel = (key: CannedReplyKey) => (key === "general" ? "General" : `${key} plans`);
/** Written in a canned reply, replaced by the person's name when a member starts from it (withName). */
export const NAME_PLACEHOLDER = "{name}";
/** The placeholder and the spaces before it. */
const PLACEHOLDER_AND_SPACE = new RegExp(`[ \u00a0]*${NAME_PLACEHOLDER.replace(/[{}]/g, "\\$&")}`, "g");

/**
 * A canned reply with the person's name in it. Without a name, English reads "Hello there,";
 * French has no such word and leaves the placeholder out: "Bonjour,".
 */
export function withName(text: string, name: string | null, language: Locale): string {
  if (name) return text.replaceAll(NAME_PLACEHOLDER, name);
  return language === "fr" ? text.replace(PLACEHOLDER_AND_SPACE, "") : text.replaceAll(NAME_PLACEHOLDER, "there");
}

export const PERSON_ERRORS = {
  "not-a-member": "The owner must be a member of the team.",
  "lost-needs-reason": "Give a reason when the stage is Lost (for example: chose another provider).",
  "nothing-changed": "Nothing changed: owner, stage and follow-up date are as they were.",
  "no-such-person": "The site holds nothing about this address any more: it may have been erased.",
} as const;
export type PersonErrorCode = keyof typeof PERSON_ERRORS;
