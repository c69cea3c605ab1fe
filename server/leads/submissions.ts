import type { z } from "zod/mini";
import { CONTACT_MESSAGES } from "~/features/contact/messages";
import { contactSchema } from "~/features/contact/schema";
import { INFO_REQUEST_MESSAGES } from "~/features/info-request/messages";
import { infoRequestSchema } from "~/features/info-request/schema";
import { NEWSLETTER_MESSAGES } from "~/features/newsletter/messages";
import { newsletterSchema } from "~/features/newsletter/schema";
import { type FormResult, HONEYPOT_FIELD } from "~/shared/forms/form-result";
import type { LeadForm } from "~/shared/forms/lead-forms";
import { validateForm } from "~/shared/forms/validate";
import type { Logger } from "../logger";
import type { LeadsService } from "./leads-service";

/**
 * The three lead endpoints, independent of transport: the Express JSON route and the React Router
 * actions (plain form posts) both call these, so validation and texts are the same everywhere.
 * Bad input is a 4xx with field messages; a failure of ours is a 503 with the spec's text.
 */
export interface Submission {
  status: number;
  result: FormResult;
}

/** Who sent a submission, as the HTTP layer sees it (the newsletter's consent record keeps it). */
export interface SubmissionRequest {
  /** The client key (IPv4, or IPv6 /64) per-IP limits use. */
  clientKey: string;
  /** The request's public origin (PUBLIC_SITE_URL, else its own). */
  origin: string;
}

/** What route actions reach through the services context (app/ may not import server code). */
export interface LeadForms {
  /** `request` is absent only for calls from inside the server (tests, tools). */
  submit(form: LeadForm, input: unknown, request?: SubmissionRequest): Promise<Submission>;
}

/** A page path for the consent record: "/…", one line, or null. */
const PAGE_PATH = /^\/[^\s\p{Cc}]{0,299}$/u;
const pagePath = (page: string | undefined): string | null => (page !== undefined && PAGE_PATH.test(page) ? page : null);

const isBot = (input: unknown): boolean => {
  if (typeof input !== "object" || input === null || Array.isArray(input)) return false;
  const value = (input as Record<string, unknown>)[HONEYPOT_FIELD];
  return typeof value === "string" ? value.trim() !== "" : value !== undefined && value !== null;
};

interface FormEndpoint<S extends z.ZodMiniType> {
  schema: S;
  /** The spec's texts: after a success, after a failure of ours. */
  success: string;
  failed: string;
  /** What is logged when storing fails. */
  failure: string;
  /** Stores the valid input; resolves to the answer when it is not the success. */
  store(data: z.output<S>, request: SubmissionRequest): Promise<Submission | void>;
}

/** Honeypot (a bot gets the success and nothing is stored), validation, storage, answer. */
function endpoint<S extends z.ZodMiniType>(spec: FormEndpoint<S>, logger: Logger) {
  const success: Submission = { status: 200, result: { ok: true, message: spec.success } };
  return async (input: unknown, request: SubmissionRequest): Promise<Submission> => {
    if (isBot(input)) return success;
    const parsed = validateForm(spec.schema, input);
    if (!parsed.ok) return { status: 400, result: { ok: false, message: parsed.message, fieldErrors: parsed.fieldErrors } };
    try {
      return (await spec.store(parsed.data, request)) ?? success;
    } catch (error) {
      logger.error({ err: error }, spec.failure);
      return { status: 503, result: { ok: false, message: spec.failed } };
    }
  };
}

export function leadForms(deps: { leads: LeadsService; logger: Logger; teamEmail: string; fallbackOrigin: string }): LeadForms {
  const { leads, logger, teamEmail, fallbackOrigin } = deps;
  const alreadySubscribed: Submission = {
    status: 409,
    result: { ok: false, message: NEWSLETTER_MESSAGES.alreadySubscribed, fieldErrors: { email: NEWSLETTER_MESSAGES.alreadySubscribed } },
  };
  const endpoints: Record<LeadForm, (input: unknown, request: SubmissionRequest) => Promise<Submission>> = {
    newsletter: endpoint(
      {
        schema: newsletterSchema,
        success: NEWSLETTER_MESSAGES.success,
        failed: NEWSLETTER_MESSAGES.failed,
        failure: "newsletter subscription failed",
        store: async ({ email, page }, { clientKey, origin }) =>
          (await leads.subscribe(email, { page: pagePath(page), clientKey, origin })) === "subscribed" ? undefined : alreadySubscribed,
      },
      logger,
    ),
    contact: endpoint(
      {
        schema: contactSchema,
        success: CONTACT_MESSAGES.success,
        failed: CONTACT_MESSAGES.failed(teamEmail),
        failure: "contact message failed",
        store: (data) => leads.contact(data),
      },
      logger,
    ),
    "request-information": endpoint(
      {
        schema: infoRequestSchema,
        success: INFO_REQUEST_MESSAGES.success,
        failed: INFO_REQUEST_MESSAGES.failed,
        failure: "information request failed",
        store: (data) => leads.requestInformation(data),
      },
      logger,
    ),
  };
  const internal: SubmissionRequest = { clientKey: "internal", origin: fallbackOrigin };
  return { submit: (form, input, request = internal) => endpoints[form](input, request) };
}
