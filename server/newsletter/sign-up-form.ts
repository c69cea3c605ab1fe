import { NEWSLETTER_MESSAGES } from "~/features/newsletter/messages";
import { newsletterSchema } from "~/features/newsletter/schema";
import type { Locale } from "~/shared/i18n/locale";
import { type FormAnswer, type Submission, formEndpoint } from "../http/form-submission";
import type { Logger } from "../logger";
import type { NewsletterSignUp } from "./sign-up";

/** A page path for the consent record: "/…", one line, or null. */
const PAGE_PATH = /^\/[^\s\p{Cc}]{0,299}$/u;
const pagePath = (page: string | undefined): string | null => (page !== undefined && PAGE_PATH.test(page) ? page : null);

/** An address already on the list: the spec's "This email is already subscribed." on the field, in the visitor's language. */
function alreadySubscribed(locale: Locale): Submission {
  const message = NEWSLETTER_MESSAGES.alreadySubscribed(locale);
  return { status: 409, result: { ok: false, message, fieldErrors: { email: message } } };
}

/** The newsletter form's answer (`POST /newsletter` or `/fr/newsletter`, JSON or a plain form post). */
export function newsletterForm(signUp: NewsletterSignUp, logger: Logger): FormAnswer {
  return formEndpoint(
    {
      schema: newsletterSchema,
      success: NEWSLETTER_MESSAGES.success,
      failed: NEWSLETTER_MESSAGES.failed,
      failure: "newsletter subscription failed",
      store: async ({ email, page }, { clientKey }, attribution, locale) =>
        (await signUp.subscribe(email, { page: pagePath(page), clientKey, attribution, locale })) === "subscribed" ? undefined : alreadySubscribed(locale),
    },
    logger,
  );
}
