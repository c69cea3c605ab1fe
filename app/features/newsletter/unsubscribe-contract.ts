import * as m from "~/paraglide/messages.js";
import { type Locale, pathIn } from "~/shared/i18n/locale";

/**
 * The unsubscribe page's URL and texts, shared by the page (app/routes/unsubscribe.tsx) and the
 * server (the links in mails, the Origin-check exemption of the one-click POST).
 */
export const UNSUBSCRIBE_PATH = "/unsubscribe";

/** The unsubscribe page in a language ("/unsubscribe", "/fr/unsubscribe"): a mail links to its subscriber's. */
export const unsubscribePath = (locale: Locale): string => pathIn(UNSUBSCRIBE_PATH, locale);

/** The RFC 8058 one-click body: `List-Unsubscribe=One-Click`. */
export const ONE_CLICK_FIELD = "List-Unsubscribe";

export type UnsubscribeOutcome = "unsubscribed" | "already-unsubscribed" | "invalid" | "unknown";

/** The page's texts (messages/<locale>/forms.json) in `locale`, by default the page's. */
export const UNSUBSCRIBE_MESSAGES = {
  title: (locale?: Locale) => m.forms_unsubscribe_title({}, { locale }),
  confirm: (locale?: Locale) => m.forms_unsubscribe_confirm({}, { locale }),
  button: (locale?: Locale) => m.forms_unsubscribe_button({}, { locale }),
  unsubscribed: (locale?: Locale) => m.forms_unsubscribe_done({}, { locale }),
  alreadyUnsubscribed: (locale?: Locale) => m.forms_unsubscribe_already({}, { locale }),
  resubscribe: (locale?: Locale) => m.forms_unsubscribe_resubscribe({}, { locale }),
  invalid: (locale?: Locale) => m.forms_unsubscribe_invalid({}, { locale }),
  unknown: (locale?: Locale) => m.forms_unsubscribe_unknown({}, { locale }),
  missing: (locale?: Locale) => m.forms_unsubscribe_missing({}, { locale }),
} as const;
