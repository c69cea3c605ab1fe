import { LEAD_FORM_SENT_PATHS } from "./shared/forms/lead-forms";
import { LOCALES, pathIn } from "./shared/i18n/locale";

/** The public pages of spec §2, at their English paths. */
const PUBLIC_PAGES = ["/", "/platform", "/privacy", "/terms", "/cookies", "/accessibility", "/ai-ml-policy"] as const;

export type PublicPage = (typeof PUBLIC_PAGES)[number];

/**
 * Every public page in every language (English first, then French under /fr), pre-rendered at
 * build time and listed in the sitemap with its alternates. A mutable array, as React Router's
 * `prerender` option wants one.
 */
export const prerenderedPaths: string[] = LOCALES.flatMap((locale) => PUBLIC_PAGES.map((page) => pathIn(page, locale)));

/**
 * Pre-rendered too, but not public (never in the sitemap, no canonical URL): the pages a lead
 * form's plain post is sent on to once it succeeded (LEAD_FORM_SENT_PATHS), in every language.
 */
export const prerenderedAnswerPaths: string[] = LOCALES.flatMap((locale) => Object.values(LEAD_FORM_SENT_PATHS).map((path) => pathIn(path, locale)));
