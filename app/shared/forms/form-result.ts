/**
 * What every lead form's endpoint answers, as JSON (JavaScript clients) or as the action data of
 * its route (plain HTML form posts): a success text, or a form-level message and/or one message
 * per field. The same shape, the same texts, with or without JavaScript, in the language of the
 * page the form is on (LOCALE_FIELD in a JSON post, else the language of the URL posted to).
 */
export type FieldErrors = Partial<Record<string, string>>;

export type FormResult = { ok: true; message: string } | { ok: false; message?: string; fieldErrors?: FieldErrors };

/** What a lead form's route hands its page after a plain (no-JavaScript) post (route-action.server.ts). */
export interface FormActionData {
  result: FormResult;
  /** The submitted text, to refill the fields after an error (never after a success). */
  values?: Record<string, string>;
}

/**
 * The honeypot: a text field people never see (off-screen, aria-hidden, not focusable, autofill
 * off). A filled one is a bot: the answer looks like a success and nothing is stored.
 */
export const HONEYPOT_FIELD = "leave_this_empty";

/** The key in a lead's JSON body that says the page's language ("en" or "fr"). */
export const LOCALE_FIELD = "locale";

/** Field limits (characters), shared by the schemas, the inputs' maxLength, and the tests. */
export const LIMITS = { name: 100, email: 254, phone: 40, company: 200, message: 5_000 } as const;

/**
 * The field messages the schemas give, in English (the spec's texts). What a visitor reads is
 * `fieldMessageIn(message, locale)` (form-messages.ts): the same texts from messages/en/forms.json,
 * or the French ones.
 */
export const FIELD_MESSAGES = {
  email: "Please enter a valid email address.",
  emailTooLong: `Email must be ${LIMITS.email} characters or fewer.`,
  nameRequired: "Please enter your name.",
  nameTooLong: `Name must be ${LIMITS.name} characters or fewer.`,
  phoneRequired: "Please enter your phone number.",
  phoneInvalid: "Please enter a valid phone number (digits, spaces, + - ( ) allowed).",
  phoneTooLong: `Phone must be ${LIMITS.phone} characters or fewer.`,
  companyRequired: "Please enter your company or service name.",
  companyTooLong: `Company or service name must be ${LIMITS.company} characters or fewer.`,
  messageRequired: "Please enter your message.",
  questionsRequired: "Please enter your questions or comments.",
  messageTooLong: `Message must be ${LIMITS.message.toLocaleString("en-US")} characters or fewer.`,
  controlChars: "Please remove line breaks and special control characters.",
  category: "Please choose a category: question, suggestion, feature or other.",
  planType: "Please choose a plan type: Subscription, Government, Training or Token.",
} as const;
