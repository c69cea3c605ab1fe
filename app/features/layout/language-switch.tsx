import { useLocation } from "react-router";
import { LANGUAGE_NAME, LANGUAGE_TAG, getLocale, otherLocale, pathIn } from "~/shared/i18n/locale";
import { rememberLanguage } from "./language-choice";

/**
 * The header's link to this page in the other language: an ordinary link (it works without
 * JavaScript and by keyboard, and the other page is pre-rendered), which keeps the page's hash when
 * followed and remembers the choice (language-choice.ts). On pages served without React Router the
 * frame script does the same on this markup (`data-language-switch`).
 */
export function LanguageSwitch({ className }: { className: string }) {
  const { pathname } = useLocation();
  const other = otherLocale(getLocale());
  return (
    <a
      href={pathIn(pathname, other)}
      hrefLang={LANGUAGE_TAG[other]}
      lang={LANGUAGE_TAG[other]}
      data-language-switch={other}
      aria-label={`${LANGUAGE_NAME[other]} (${other.toUpperCase()})`}
      className={className}
      onClick={(event) => {
        event.currentTarget.hash = window.location.hash;
        rememberLanguage(other);
      }}
    >
      {/* "FR" on a phone, where the header has no room for the word; the name says both. */}
      <span aria-hidden="true" className="md:hidden">
        {other.toUpperCase()}
      </span>
      <span aria-hidden="true" className="max-md:hidden">
        {LANGUAGE_NAME[other]}
      </span>
    </a>
  );
}
