/**
 * What every lead form's endpoint answers, as JSON (JavaScript clients) or as the action data of
 * its route (plain HTML form posts): a success text, or a form-level message and/or one message
 * per field. The same shape, the same texts, with or without JavaScript.
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

/** Field limits (characters), shared by the schemas, the inputs' maxLength, and the tests. */
export const LIMITS = { name: 100, email: 254, phone: 40, company: 200, message: 5_000 } as const;

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

/** Form-level messages for requests no form of ours would send. */
export const REQUEST_MESSAGES = {
  notAnObject: "The request must be a set of form fields (a JSON object or form data).",
  malformed: "The request body could not be read. Please send form data or a JSON object.",
  unsupportedType: "Unsupported content type: send application/x-www-form-urlencoded, multipart/form-data or application/json.",
  duplicate: (field: string) => `The field "${field}" was sent more than once.`,
  file: (field: string) => `The field "${field}" must be text, not a file.`,
  unknown: (fields: readonly string[]) => `Unknown field${fields.length > 1 ? "s" : ""}: ${fields.join(", ")}.`,
  invalid: "Please correct the highlighted fields.",
} as const;
