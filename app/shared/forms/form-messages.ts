import * as m from "~/paraglide/messages.js";
import { LANGUAGE_TAG, type Locale } from "~/shared/i18n/locale";
import { FIELD_MESSAGES, LIMITS } from "./form-result";

/**
 * The lead forms' validation texts in a language (messages/<locale>/forms.json). The schemas are
 * built once, in English (FIELD_MESSAGES, the spec's texts): a message a schema gives is looked up
 * here by that English text and said in the visitor's language. The chat's lead schema uses the
 * same fields, so it can call `fieldMessageIn` too.
 */
type FieldMessage = keyof typeof FIELD_MESSAGES;

const limit = (max: number, locale: Locale) => max.toLocaleString(LANGUAGE_TAG[locale]);

const FIELD_TEXT: Record<FieldMessage, (locale: Locale) => string> = {
  email: (locale) => m.forms_email_invalid({}, { locale }),
  emailTooLong: (locale) => m.forms_email_too_long({ max: limit(LIMITS.email, locale) }, { locale }),
  nameRequired: (locale) => m.forms_name_required({}, { locale }),
  nameTooLong: (locale) => m.forms_name_too_long({ max: limit(LIMITS.name, locale) }, { locale }),
  phoneRequired: (locale) => m.forms_phone_required({}, { locale }),
  phoneInvalid: (locale) => m.forms_phone_invalid({}, { locale }),
  phoneTooLong: (locale) => m.forms_phone_too_long({ max: limit(LIMITS.phone, locale) }, { locale }),
  companyRequired: (locale) => m.forms_company_required({}, { locale }),
  companyTooLong: (locale) => m.forms_company_too_long({ max: limit(LIMITS.company, locale) }, { locale }),
  messageRequired: (locale) => m.forms_message_required({}, { locale }),
  questionsRequired: (locale) => m.forms_questions_required({}, { locale }),
  messageTooLong: (locale) => m.forms_message_too_long({ max: limit(LIMITS.message, locale) }, { locale }),
  controlChars: (locale) => m.forms_control_chars({}, { locale }),
  category: (locale) => m.forms_category_invalid({}, { locale }),
  planType: (locale) => m.forms_plan_type_invalid({}, { locale }),
};

const byEnglishText = new Map<string, FieldMessage>(Object.entries(FIELD_MESSAGES).map(([key, text]) => [text, key as FieldMessage]));

/** A schema's message in `locale`; a message that is not one of ours (zod's own) is left as it is. */
export function fieldMessageIn(message: string, locale: Locale): string {
  const key = byEnglishText.get(message);
  return key ? FIELD_TEXT[key](locale) : message;
}

/** Form-level messages for requests no form of ours would send, in the visitor's language. */
export const REQUEST_MESSAGES = {
  notAnObject: (locale: Locale) => m.forms_request_not_object({}, { locale }),
  malformed: (locale: Locale) => m.forms_request_malformed({}, { locale }),
  unsupportedType: (locale: Locale) => m.forms_request_unsupported_type({}, { locale }),
  duplicate: (field: string, locale: Locale) => m.forms_request_duplicate({ field }, { locale }),
  file: (field: string, locale: Locale) => m.forms_request_file({ field }, { locale }),
  unknown: (fields: readonly string[], locale: Locale) =>
    (fields.length > 1 ? m.forms_request_unknown_fields : m.forms_request_unknown_field)({ fields: fields.join(", ") }, { locale }),
  invalid: (locale: Locale) => m.forms_request_invalid({}, { locale }),
  locale: (locale: Locale) => m.forms_request_locale({}, { locale }),
} as const;
