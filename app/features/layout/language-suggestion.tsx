import { useState, useSyncExternalStore } from "react";
import { useLocation } from "react-router";
import * as m from "~/paraglide/messages.js";
import { LANGUAGE_TAG, getLocale, otherLocale, pathIn } from "~/shared/i18n/locale";
import { languageToSuggest, rememberLanguage } from "./language-choice";
import { CloseIcon } from "./close-icon";

const noSubscription = () => () => undefined;

/**
 * A visible offer of this page in the other language (language-choice.ts says when), written in
 * that language. Fixed at the bottom of the window, so showing it moves nothing on the page. The
 * frame script shows it, and handles its buttons, on pages served without React Router.
 */
export function LanguageSuggestion() {
  const { pathname } = useLocation();
  const locale = getLocale();
  const other = otherLocale(locale);
  const [dismissed, setDismissed] = useState(false);
  // Hidden in the server's HTML (the same for every visitor), decided in the browser.
  const suggested = useSyncExternalStore(noSubscription, () => languageToSuggest(locale) === other, () => false);
  const shown = suggested && !dismissed;
  return (
    <div
      data-language-suggestion={other}
      hidden={!shown}
      lang={LANGUAGE_TAG[other]}
      role="region"
      aria-label={m.language_suggestion_label({}, { locale: other })}
      className="fixed right-4 bottom-4 z-40 max-w-sm rounded-lg border border-line bg-canvas p-4 text-ink shadow-lg"
    >
      <div className="flex items-start gap-3">
        <p className="flex-1 text-sm">
          {m.language_suggestion({}, { locale: other })}{" "}
          <a
            href={pathIn(pathname, other)}
            hrefLang={LANGUAGE_TAG[other]}
            data-language-switch={other}
            className="font-semibold text-brand underline underline-offset-4"
            onClick={(event) => {
              event.currentTarget.hash = window.location.hash;
              rememberLanguage(other);
            }}
          >
            {m.language_suggestion_link({}, { locale: other })}
          </a>
        </p>
        <button
          type="button"
          data-language-stay={locale}
          aria-label={m.language_suggestion_dismiss({}, { locale: other })}
          onClick={() => {
            rememberLanguage(locale);
            setDismissed(true);
          }}
          className="-m-2 inline-flex size-11 shrink-0 items-center justify-center rounded-md hover:bg-surface"
        >
          <CloseIcon />
        </button>
      </div>
    </div>
  );
}
