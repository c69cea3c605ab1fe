import { NEWSLETTER_MESSAGES } from "~/features/newsletter/messages";
import { newsletterSchema } from "~/features/newsletter/schema";
import { type FormAnswer, type Submission, formEndpoint } from "../http/form-submission";
import type { Logger } from "../logger";
import type { NewsletterSignUp } from "./sign-up";

/** A page path for the consent record: "/…", one line, or null. */
const PAGE_PATH = /^\/[^\s\p{Cc}]{0,299}$/u;
const pagePath = (page: string | undefined): string | null => (page !== undefined && PAGE_PATH.test(page) ? page : null);

/** An address already on the list: the spec's "This email is already subscribed." on the field. */
const alreadySubscribed: Submission = {
  status: 409,
  result: { ok: false, message: NEWSLETTER_MESSAGES.alreadySubscribed, fieldErrors: { email: NEWSLETTER_MESSAGES.alreadySubscribed } },
};

/** The newsletter form's answer (`POST /newsletter`, JSON or a plain form post). */
export function newsletterForm(signUp: NewsletterSignUp, logger: Logger): FormAnswer {
  return formEndpoint(
    {
      schema: newsletterSchema,
      success: NEWSLETTER_MESSAGES.success,
      failed: NEWSLETTER_MESSAGES.failed,
      failure: "newsletter subscription failed",
      store: async ({ email, page }, { clientKey }, attribution) =>
        (await signUp.subscribe(email, { page: pagePath(page), clientKey, attribution })) === "subscribed" ? undefined : alreadySubscribed,
    },
    logger,
  );
}
