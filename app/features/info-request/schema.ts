import * as z from "zod/mini";
import { FIELD_MESSAGES } from "~/shared/forms/form-result";
import { companyField, emailField, honeypotField, messageField, nameField, phoneField } from "~/shared/forms/fields";
import { PLAN_TYPES } from "~/content/plans";

/** The Request More Information form (spec §3, §5): every field required. */
export const infoRequestSchema = z.strictObject({
  name: nameField,
  email: emailField,
  phone: phoneField,
  company: companyField,
  message: messageField(FIELD_MESSAGES.questionsRequired),
  planType: z.enum(PLAN_TYPES, { error: FIELD_MESSAGES.planType }),
  ...honeypotField,
});

export type InfoRequestInput = z.output<typeof infoRequestSchema>;
