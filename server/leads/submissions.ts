import { CONTACT_MESSAGES } from "~/features/contact/messages";
import { contactSchema } from "~/features/contact/schema";
import { INFO_REQUEST_MESSAGES } from "~/features/info-request/messages";
import { infoRequestSchema } from "~/features/info-request/schema";
import type { LeadForm } from "~/shared/forms/lead-forms";
import { takeAttribution } from "../analytics/lead-attribution";
import { type FormAnswer, type Submission, type SubmissionRequest, formEndpoint, takeLocale } from "../http/form-submission";
import type { Logger } from "../logger";
import type { NewsletterSignUp } from "../newsletter/sign-up";
import { newsletterForm } from "../newsletter/sign-up-form";
import type { LeadCapture } from "./lead-capture";

/** What route actions reach through the services context (app/ may not import server code). */
export interface LeadForms {
  /**
   * `input` is the form's fields and, from its JavaScript client, the page's language
   * (LOCALE_FIELD; without it, the language of the URL, `request.locale`, else English) and the
   * lead's attribution (ATTRIBUTION_FIELD); without it, the attribution is the Referer's. The
   * answer's texts are in that language, and the lead is stored with it. `request` is absent only
   * for calls from inside the server (tests, tools).
   */
  submit(form: LeadForm, input: unknown, request?: SubmissionRequest): Promise<Submission>;
}

/** The three public lead forms by path: the newsletter's (server/newsletter/), the contact form and the information request. */
export function leadForms(deps: { signUp: NewsletterSignUp; leads: LeadCapture; logger: Logger; teamEmail: string }): LeadForms {
  const { signUp, leads, logger, teamEmail } = deps;
  const endpoints: Record<LeadForm, FormAnswer> = {
    newsletter: newsletterForm(signUp, logger),
    contact: formEndpoint(
      {
        schema: contactSchema,
        success: CONTACT_MESSAGES.success,
        failed: (locale) => CONTACT_MESSAGES.failed(teamEmail, locale),
        failure: "contact message failed",
        store: (data, _request, attribution, locale) => leads.contact(data, attribution, locale),
      },
      logger,
    ),
    "request-information": formEndpoint(
      {
        schema: infoRequestSchema,
        success: INFO_REQUEST_MESSAGES.success,
        failed: INFO_REQUEST_MESSAGES.failed,
        failure: "information request failed",
        store: (data, _request, attribution, locale) => leads.requestInformation(data, attribution, locale),
      },
      logger,
    ),
  };
  const internal: SubmissionRequest = { clientKey: "internal" };
  return {
    submit: async (form, input, request = internal) => {
      const { fields, attribution } = takeAttribution(input, request);
      const language = takeLocale(fields, request.locale ?? "en");
      if (!language.ok) return language.refused;
      return endpoints[form](language.fields, request, attribution, language.locale);
    },
  };
}
