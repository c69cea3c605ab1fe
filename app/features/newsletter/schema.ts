import * as z from "zod/mini";
import { emailField, honeypotField } from "~/shared/forms/fields";

/** The newsletter sign-up (spec §5): one email. Used by the server endpoint and the client. */
export const newsletterSchema = z.strictObject({
  email: emailField,
  /** The path of the page the form is on (hidden field, for the consent record); optional for API clients. */
  page: z.optional(z.string().check(z.maxLength(300))),
  ...honeypotField,
});

export type NewsletterInput = z.output<typeof newsletterSchema>;
