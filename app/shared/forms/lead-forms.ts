import { LOCALES, type Locale, pathIn } from "../i18n/locale";

/**
 * The lead forms and their one URL each per language (English here, French under /fr:
 * `leadFormPath`): the form's page (app/routes.ts), where it posts without JavaScript (that
 * route's action) and where its JavaScript client posts JSON (answered by server/leads/http.ts).
 * Plain data, for the browser, the routes and the server alike.
 */
export const LEAD_FORM_PATHS = {
  newsletter: "/newsletter",
  contact: "/contact",
  "request-information": "/request-information",
} as const;

export type LeadForm = keyof typeof LEAD_FORM_PATHS;

/**
 * Where a form's plain (no-JavaScript) post lands once it succeeded: a 303 to a page pre-rendered
 * at build (post/redirect/get), so the answer costs no page render and a reload sends nothing
 * again. A form without one here answers with its own page, rendered with the result.
 */
export const LEAD_FORM_SENT_PATHS = { newsletter: "/newsletter/subscribed" } as const satisfies Partial<Record<LeadForm, string>>;

const sentPaths: Partial<Record<LeadForm, string>> = LEAD_FORM_SENT_PATHS;

/** Where `form` posts on a page in `locale` ("/newsletter", "/fr/newsletter"). */
export const leadFormPath = (form: LeadForm, locale: Locale): string => pathIn(LEAD_FORM_PATHS[form], locale);

/** The page a successful plain post of `form` in `locale` is sent on to, if it has one. */
export function leadFormSentPath(form: LeadForm, locale: Locale): string | undefined {
  const path = sentPaths[form];
  return path === undefined ? undefined : pathIn(path, locale);
}

let formsByPath: Map<string, { form: LeadForm; locale: Locale }> | undefined;

/** The form whose URL is `path` (trailing slashes ignored), with the language of that URL, if any. */
export function leadFormAt(path: string): { form: LeadForm; locale: Locale } | undefined {
  formsByPath ??= new Map(LOCALES.flatMap((locale) => (Object.keys(LEAD_FORM_PATHS) as LeadForm[]).map((form) => [leadFormPath(form, locale), { form, locale }] as const)));
  return formsByPath.get(path.replace(/\/+$/, ""));
}
