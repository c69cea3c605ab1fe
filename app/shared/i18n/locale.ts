/**
 * The site's two languages and where each page lives (decision 0131): English at the spec's paths,
 * Canadian French under /fr (/fr, /fr/platform, /fr/privacy…, same slugs, same anchors). The rule
 * itself is Paraglide's URL strategy (scripts/i18n/paraglide-options.ts): getLocale() gives the
 * language of the page being rendered, on the server (the root route's middleware) and in the
 * browser (the page's address).
 */
import { getLocale, localizeHref, locales, type Locale } from "../../paraglide/runtime.js";

export type { Locale };
export { getLocale };
export const LOCALES: readonly Locale[] = locales;

/** BCP 47 tags: `<html lang>`, hreflang, `Intl` formats. */
export const LANGUAGE_TAG: Readonly<Record<Locale, string>> = { en: "en", fr: "fr-CA" };

/** Each language named in itself (the switch's link text). */
export const LANGUAGE_NAME: Readonly<Record<Locale, string>> = { en: "English", fr: "Français" };

export const isLocale = (value: unknown): value is Locale => typeof value === "string" && (LOCALES as readonly string[]).includes(value);

/**
 * A site path in a language: "/platform#tokens" → "/fr/platform#tokens", "/" → "/fr",
 * "/fr/privacy" → "/privacy" in English. Home in French is "/fr", without a trailing slash, like
 * every other page (one URL per page).
 */
export function pathIn(path: string, locale: Locale): string {
  // A page answers with and without a trailing slash ("/platform/" while pre-rendering): one URL.
  const localized = localizeHref(path.replace(/(.)\/+(?=$|[?#])/, "$1"), { locale });
  return localized.replace(/^\/fr\/(?=$|[?#])/, "/fr");
}

/**
 * The headers our fetch calls send with the page's language: the server says the refusals it makes
 * before reading a body (too large, not JSON…) in it (server/http/request-locale.ts).
 */
export const pageLanguageHeaders = (locale: Locale = getLocale()): { "Content-Language": string } => ({ "Content-Language": LANGUAGE_TAG[locale] });

/** The other language: what the language switch offers. */
export const otherLocale = (locale: Locale): Locale => (locale === "en" ? "fr" : "en");
