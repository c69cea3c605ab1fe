import { PRODUCT_NAME } from "~/content/brand";
import * as m from "~/paraglide/messages.js";
import type { Locale } from "~/shared/i18n/locale";

/**
 * The newsletter's texts (spec §5 and §8, messages/<locale>/forms.json) in `locale`; without it,
 * in the language of the page being rendered (server code not rendering a page must give it).
 */
export const NEWSLETTER_MESSAGES = {
  success: (locale?: Locale) => m.forms_newsletter_success({ product: PRODUCT_NAME }, { locale }),
  alreadySubscribed: (locale?: Locale) => m.forms_newsletter_already({}, { locale }),
  failed: (locale?: Locale) => m.forms_newsletter_failed({}, { locale }),
  unexpected: (locale?: Locale) => m.forms_newsletter_unexpected({}, { locale }),
} as const;

/** The success message disappears after this long (spec §9). */
export const NEWSLETTER_SUCCESS_MS = 5_000;

/**
 * The text shown next to the Subscribe button, in the page's language: what the visitor consents
 * to. Stored, word for word and in the language shown, in each subscription's consent record (with
 * NEWSLETTER_FORM_ID): change the text, and later records say so.
 */
export const newsletterConsentText = (locale?: Locale): string => m.forms_newsletter_consent({}, { locale });

/** Which form a consent record comes from (the block is on Home and on /newsletter; the page is recorded too). */
export const NEWSLETTER_FORM_ID = "newsletter-block";

/** The hidden field carrying the path of the page the form is on. */
export const NEWSLETTER_PAGE_FIELD = "page";
