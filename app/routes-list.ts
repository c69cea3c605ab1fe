import { LEAD_FORM_SENT_PATHS } from "./shared/forms/lead-forms";

/** The public pages of spec §2, pre-rendered at build time and listed in the sitemap. */
const PUBLIC_PATHS = ["/", "/platform", "/privacy", "/terms", "/cookies", "/accessibility", "/ai-ml-policy"] as const;

export type PublicPath = (typeof PUBLIC_PATHS)[number];

/** A mutable array, as React Router's `prerender` option wants one. */
export const prerenderedPaths: PublicPath[] = [...PUBLIC_PATHS];

/**
 * Pre-rendered too, but not public (never in the sitemap, no canonical URL): the pages a lead
 * form's plain post is sent on to once it succeeded (LEAD_FORM_SENT_PATHS).
 */
export const prerenderedAnswerPaths: string[] = Object.values(LEAD_FORM_SENT_PATHS);
