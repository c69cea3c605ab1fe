/**
 * What /team/members and /team/settings accept (loaders and actions only: zod stays on the
 * server). Every refusal is a sentence.
 */
import { z } from "zod";
import { PLAN_TYPES } from "~/content/plans";
import { isValidEmail } from "~/shared/forms/email-rule";
import { ALERT_CHOICES, TEAM_ROLES, timeZoneChoices } from "./members-contract";
import { LEAD_KINDS } from "./team-lines";
import { parseQuery } from "./team-schemas";

const address = z
  .string()
  .trim()
  .min(1, "Enter the member's email address.")
  .transform((value) => value.toLowerCase())
  .refine(isValidEmail, "Enter an email address like name@example.com.");
const role = z.enum(TEAM_ROLES, { error: "Choose a role: Admin or Member." });

export const inviteSchema = z.object({ email: address, role });
export const roleSchema = z.object({ email: address, role });
export const removeSchema = z.object({ email: address });

/** The members page's query: `?remove=<address>` is the step that confirms removing that member. */
export const membersQuerySchema = z.object({ remove: address.optional() });
export const parseMembersQuery = (params: URLSearchParams) => parseQuery(membersQuerySchema, params);

const zones = new Set(timeZoneChoices());

/** The settings form: its fields as posted (the kinds and plans are repeated checkboxes). */
export const settingsSchema = z.object({
  // "": the team's zone (TEAM_TIMEZONE).
  timeZone: z.string().refine((zone) => zone === "" || zones.has(zone), "Choose a time zone from the list."),
  alerts: z.enum(ALERT_CHOICES, { error: "Choose when you get new-lead alerts: at once, a daily digest, or none." }),
  kinds: z.array(z.enum(LEAD_KINDS, { error: "Choose lead kinds from the list." })),
  plans: z.array(z.enum(PLAN_TYPES, { error: "Choose plan types from the list." })),
});
