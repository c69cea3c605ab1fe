import type { z } from "zod/mini";
import { type FormResult, HONEYPOT_FIELD } from "~/shared/forms/form-result";
import { validateForm } from "~/shared/forms/validate";
import type { AttributionColumns } from "../db/schema";
import type { Logger } from "../logger";

/**
 * A public form's answer, independent of transport: the Express JSON route and the React Router
 * actions (plain form posts) both call the same endpoint, so validation and texts are the same
 * everywhere. Bad input is a 4xx with field messages; a failure of ours is a 503 with the spec's
 * text. Each form's endpoint lives with its domain (server/newsletter/sign-up-form.ts,
 * server/leads/submissions.ts).
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
}

const isBot = (input: unknown): boolean => {
  if (typeof input !== "object" || input === null || Array.isArray(input)) return false;
  const value = (input as Record<string, unknown>)[HONEYPOT_FIELD];
  return typeof value === "string" ? value.trim() !== "" : value !== undefined && value !== null;
};

export interface FormEndpoint<S extends z.ZodMiniType> {
  schema: S;
  /** The spec's texts: after a success, after a failure of ours. */
  success: string;
  failed: string;
  /** What is logged when storing fails. */
  failure: string;
  /** Stores the valid input with the lead's attribution; resolves to the answer when it is not the success. */
  store(data: z.output<S>, request: SubmissionRequest, attribution: AttributionColumns): Promise<Submission | void>;
}

/** `input` is the form's fields only; its attribution, already cleaned, comes beside it. */
export type FormAnswer = (input: unknown, request: SubmissionRequest, attribution: AttributionColumns) => Promise<Submission>;

/** Honeypot (a bot gets the success and nothing is stored), validation, storage, answer. */
export function formEndpoint<S extends z.ZodMiniType>(spec: FormEndpoint<S>, logger: Logger): FormAnswer {
  const success: Submission = { status: 200, result: { ok: true, message: spec.success } };
  return async (input: unknown, request: SubmissionRequest, attribution: AttributionColumns): Promise<Submission> => {
    if (isBot(input)) return success;
    const parsed = validateForm(spec.schema, input);
    if (!parsed.ok) return { status: 400, result: { ok: false, message: parsed.message, fieldErrors: parsed.fieldErrors } };
    try {
      return (await spec.store(parsed.data, request, attribution)) ?? success;
    } catch (error) {
      logger.error({ err: error }, spec.failure);
      return { status: 503, result: { ok: false, message: spec.failed } };
    }
  };
}
