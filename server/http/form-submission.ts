import * as z from "zod/mini";
import { REQUEST_MESSAGES } from "~/shared/forms/form-messages";
import { type FormResult, HONEYPOT_FIELD, LOCALE_FIELD } from "~/shared/forms/form-result";
import { validateForm } from "~/shared/forms/validate";
import type { Locale } from "~/shared/i18n/locale";
import type { AttributionColumns } from "../db/schema";
import type { Logger } from "../logger";

/**
 * A public form's answer, independent of transport: the Express JSON route and the React Router
 * actions (plain form posts) both call the same endpoint, so validation and texts are the same
 * everywhere. Bad input is a 4xx with field messages; a failure of ours is a 503 with the spec's
 * text, in the visitor's language. Each form's endpoint lives with its domain
 * (server/newsletter/sign-up-form.ts, server/leads/submissions.ts).
 */
export interface Submission {
  status: number;
  result: FormResult;
}

/** Who sent a submission, as the HTTP layer sees it (the newsletter's consent record keeps it). */
export interface SubmissionRequest {
  /** The client key (IPv4, or IPv6 /64) per-IP limits use. */
  clientKey: string;
  /** The Referer header: a plain post's attribution is the page it was posted from. */
  referer?: string | undefined;
  /** The public origin the request came under (to tell this site's pages from others'). */
  origin?: string | undefined;
  /** The language of the URL posted to (/fr/… is French): the answer's, unless the body says another. */
  locale?: Locale | undefined;
}

const isBot = (input: unknown): boolean => {
  if (typeof input !== "object" || input === null || Array.isArray(input)) return false;
  const value = (input as Record<string, unknown>)[HONEYPOT_FIELD];
  return typeof value === "string" ? value.trim() !== "" : value !== undefined && value !== null;
};

export interface FormEndpoint<S extends z.ZodMiniType> {
  schema: S;
  /** The spec's texts in a language: after a success, after a failure of ours. */
  success: (locale: Locale) => string;
  failed: (locale: Locale) => string;
  /** What is logged when storing fails. */
  failure: string;
  /**
   * Stores the valid input with the lead's attribution and the language of the page it was sent
   * from; resolves to the answer when it is not the success.
   */
  store(data: z.output<S>, request: SubmissionRequest, attribution: AttributionColumns, locale: Locale): Promise<Submission | void>;
}

/** The languages a JSON body may name in LOCALE_FIELD. */
const localeField = z.enum(["en", "fr"] as const satisfies readonly Locale[]);

/**
 * Splits a lead's input into its fields and the language of its answer: the one the JSON body
 * names (LOCALE_FIELD, what the forms' script sends: the page's language), else `fallback` (the
 * language of the URL posted to: a plain form post's, or an API client's that names none). A
 * language we do not have is a 400, said in `fallback`.
 */
export function takeLocale(input: unknown, fallback: Locale): { ok: true; fields: unknown; locale: Locale } | { ok: false; refused: Submission } {
  if (typeof input !== "object" || input === null || Array.isArray(input) || !Object.hasOwn(input, LOCALE_FIELD)) return { ok: true, fields: input, locale: fallback };
  const { [LOCALE_FIELD]: sent, ...fields } = input as Record<string, unknown>;
  const parsed = localeField.safeParse(sent);
  if (!parsed.success) {
    const message = REQUEST_MESSAGES.locale(fallback);
    return { ok: false, refused: { status: 400, result: { ok: false, message, fieldErrors: { [LOCALE_FIELD]: message } } } };
  }
  return { ok: true, fields, locale: parsed.data };
}

/** `input` is the form's fields only; its attribution, already cleaned, and its language come beside it. */
export type FormAnswer = (input: unknown, request: SubmissionRequest, attribution: AttributionColumns, locale: Locale) => Promise<Submission>;

/** Honeypot (a bot gets the success and nothing is stored), validation, storage, answer. */
export function formEndpoint<S extends z.ZodMiniType>(spec: FormEndpoint<S>, logger: Logger): FormAnswer {
  return async (input: unknown, request: SubmissionRequest, attribution: AttributionColumns, locale: Locale): Promise<Submission> => {
    const success = (): Submission => ({ status: 200, result: { ok: true, message: spec.success(locale) } });
    if (isBot(input)) return success();
    const parsed = validateForm(spec.schema, input, locale);
    if (!parsed.ok) return { status: 400, result: { ok: false, message: parsed.message, fieldErrors: parsed.fieldErrors } };
    try {
      return (await spec.store(parsed.data, request, attribution, locale)) ?? success();
    } catch (error) {
      logger.error({ err: error }, spec.failure);
      return { status: 503, result: { ok: false, message: spec.failed(locale) } };
    }
  };
}
