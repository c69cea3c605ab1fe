/**
 * The team workspace's contract between its pages and the server: the limits, the shape of a row
 * id, the texts both sides use, and the refusals as codes with their texts. No zod and no React
 * here: pages import this module (the schemas built from it are in team-schemas.ts).
 */

export const PAGE_SIZE_DEFAULT = 50;
export const PAGE_SIZE_MAX = 200;
export const SEARCH_MAX = 200;
/** A saved filter's name, and how many filters a member keeps. */
export const SAVED_FILTER_NAME_MAX = 60;
export const SAVED_FILTERS_MAX = 30;
/** Longest source or campaign a filter takes (a stored UTM value is at most 100 characters). */
export const UTM_FILTER_MAX = 100;
export const NOTE_MAX = 5_000;

/** A row id in a URL or a form (ours are UUIDs; anything else is refused before a query). */
const ROW_ID = /^[A-Za-z0-9-]{1,64}$/;
export const isRowId = (value: string | null | undefined): value is string => typeof value === "string" && ROW_ID.test(value);

/** A sign-in link works once, within this time; a session lasts this long (the cookie too). */
export const LINK_TTL_MINUTES = 15;
export const SESSION_TTL_HOURS = 12;

export const SIGN_IN_SENT = `If this address belongs to the team, a sign-in link is on its way. It works once, within ${LINK_TTL_MINUTES} minutes.`;
export const LINK_MAIL_NOTE = `The link works once, within ${LINK_TTL_MINUTES} minutes. If you did not ask for it, ignore this mail: nobody can sign in without it.`;
export const SIGN_IN_LIMITED = "Too many sign-in requests. Please wait an hour and try again.";
export const LINK_INVALID = "This sign-in link has expired or was already used. Ask for a new one.";
export const FORM_UNREADABLE = "The form could not be read. Please try again.";
export const UNKNOWN_ACTION = "Unknown action.";

export const TEAM_SESSION_COOKIE = "team_session";

/**
 * The actor stored for what a start of the server does because of TEAM_MEMBERS (removing an
 * address no longer in it), and for the operator's command line. Pages name them in words
 * (`actorName`, audit-sentence.ts), never by these codes.
 */
export const BOOTSTRAP_ACTOR = "TEAM_MEMBERS";
export const CLI_ACTOR = "cli";

/** An erased person where the workspace still mentions them (the audit log, the webhook log): never by their address. */
export const ERASED_PERSON = "an erased person";

/**
 * A refusal of the team's server code, which a page shows as it is. Pages tell refusals apart by
 * their code (teamErrorCode), not by class: the Express bundle and React Router's server build
 * each hold their own copy of this module, so `instanceof` fails between them.
 */
export class TeamError<Code extends string = string> extends Error {
  override name = "TeamError";
  constructor(
    readonly code: Code,
    texts: Readonly<Record<Code, string>>,
  ) {
    super(texts[code]);
  }
}

/** The code of a refusal from `texts` (a contract's map), or undefined for any other error. */
export function teamErrorCode<Code extends string>(error: unknown, texts: Readonly<Record<Code, string>>): Code | undefined {
  if (!(error instanceof Error) || !("code" in error) || typeof error.code !== "string") return undefined;
  return Object.hasOwn(texts, error.code) ? (error.code as Code) : undefined;
}

/** The workspace's refusals outside campaigns (those are in campaigns-contract.ts). */
export const TEAM_ERRORS = {
  "invalid-cursor": "This page link is not valid any more. Start again from the first page.",
} as const;
export type TeamErrorCode = keyof typeof TEAM_ERRORS;

/** The people list counts its matches up to this many; a count above it reads "more than" it. */
export const PEOPLE_COUNT_CAP = 10_000;
