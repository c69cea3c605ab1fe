import * as z from "zod/mini";
import { FIELD_MESSAGES } from "~/shared/forms/form-result";
import { emailField, honeypotField, messageField, nameField } from "~/shared/forms/fields";
import { CONTACT_CATEGORIES } from "./messages";

/** The contact form (spec §3, §5): name, email, category (default question), message. */
export const contactSchema = z.strictObject({
  name: nameField,
  email: emailField,
  category: z._default(z.enum(CONTACT_CATEGORIES, { error: FIELD_MESSAGES.category }), "question"),
  message: messageField(),
  ...honeypotField,
});

export type ContactInput = z.output<typeof contactSchema>;
