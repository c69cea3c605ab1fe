/**
 * The visitor's language choice, kept in this browser (localStorage `language`, no cookie): set
 * when they follow the language switch or decline the suggestion, read on later visits to offer
 * the page in the language they chose. Never a redirect: a URL always shows its own language.
 * No Paraglide runtime here: the frame script, inlined into every static page, imports this.
 */
import type { Locale } from "~/shared/i18n/locale";

export const LANGUAGE_KEY = "language";

export function rememberLanguage(locale: Locale): void {
  try {
    localStorage.setItem(LANGUAGE_KEY, locale);
  } catch {
    // Storage unavailable (private mode, disabled): the links still work.
  }
}

function rememberedLanguage(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_KEY);
  } catch {
    return null;
  }
}

/**
 * The language to offer on a page in `page`'s language, if any: the other one when the visitor
 * chose it before; on an English page, French when the browser asks for French first (what
 * Accept-Language says, read here so the pre-rendered page stays the same for everyone).
 */
export function languageToSuggest(page: Locale): Locale | undefined {
  const other: Locale = page === "en" ? "fr" : "en";
  const chosen = rememberedLanguage();
  if (chosen) return chosen === other ? other : undefined;
  return page === "en" && navigator.language.toLowerCase().startsWith("fr") ? "fr" : undefined;
}
