/**
 * The workspace's members and their settings, shared by the pages and the server: roles, the
 * new-lead alert choices, and the refusals in words. No zod and no React here (the schemas are in
 * team-schemas.ts).
 */

export const TEAM_ROLES = ["admin", "member"] as const;
export type TeamRoleName = (typeof TEAM_ROLES)[number];
export const ROLE_LABELS: Record<TeamRoleName, string> = { admin: "Admin", member: "Member" };

/** New-lead alerts: a mail per lead at once, one digest a day at 08:00 in the member's zone, or none (the default). */
export const ALERT_CHOICES = ["now", "daily", "none"] as const;
export type AlertChoice = (typeof ALERT_CHOICES)[number];
export const ALERT_LABELS: Record<AlertChoice, string> = {
  now: "At once: one mail per new lead",
  daily: "Daily digest: one mail at 08:00 with the day's leads",
  none: "None",
};
export const DIGEST_HOUR = 8;

export const MEMBER_ERRORS = {
  "already-member": "This address is already a member of the workspace.",
  "no-such-member": "There is no such member (they may have been removed already).",
  "last-admin": "The workspace needs at least one admin: make another member an admin first.",
} as const;
export type MemberErrorCode = keyof typeof MEMBER_ERRORS;

/** The path of a person's page in the workspace. */
export const personPath = (email: string) => `/team/people?${new URLSearchParams({ email }).toString()}`;

/** The zones a member may choose: IANA's, as this runtime knows them, and UTC. */
export const timeZoneChoices = (): string[] => ["UTC", ...Intl.supportedValuesOf("timeZone").filter((zone) => zone !== "UTC")];
