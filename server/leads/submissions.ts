import { CONTACT_MESSAGES } from "../../app/features/contact/messages";
import { contactSchema } from "../../app/features/contact/schema";
import { INFO_REQUEST_MESSAGES } from "../../app/features/info-request/messages";
import { infoRequestSchema } from "../../app/features/info-request/schema";
import { NEWSLETTER_MESSAGES } from "../../app/features/newsletter/messages";
import { newsletterSchema } from "../../app/features/newsletter/schema";
import { type FormResult, HONEYPOT_FIELD } from "../../app/shared/forms/form-result";
import { validateForm } from "../../app/shared/forms/validate";
import type { Services } from "../services";

/**
 * The three lead endpoints, independent of transport: the Express JSON route and the React Router
 * actions (plain form posts) both call these, so validation and texts are the same everywhere.
 * Bad input is a 4xx with field messages; a failure of ours is a 503 with the spec's text.
 */
export interface Submission {
  status: number;
  result: FormResult;
}

export type LeadForm = "newsletter" | "contact" | "request-information";

const isBot = (input: unknown): boolean => {
  if (typeof input !== "object" || input === null || Array.isArray(input)) return false;
  const value = (input as Record<string, unknown>)[HONEYPOT_FIELD];
  return typeof value === "string" ? value.trim() !== "" : value !== undefined && value !== null;
};

export async function submitNewsletter(services: Pick<Services, "leads" | "logger">, input: unknown): Promise<Submission> {
  if (isBot(input)) return { status: 200, result: { ok: true, message: NEWSLETTER_MESSAGES.success } };
  const parsed = validateForm(newsletterSchema, input);
  if (!parsed.ok) return { status: 400, result: { ok: false, message: parsed.message, fieldErrors: parsed.fieldErrors } };
  try {
    const outcome = await services.leads.subscribe(parsed.data.email);
    return outcome === "subscribed"
      ? { status: 200, result: { ok: true, message: NEWSLETTER_MESSAGES.success } }
      : { status: 409, result: { ok: false, message: NEWSLETTER_MESSAGES.alreadySubscribed, fieldErrors: { email: NEWSLETTER_MESSAGES.alreadySubscribed } } };
  } catch (error) {
    services.logger.error({ err: error }, "newsletter subscription failed");
    return { status: 503, result: { ok: false, message: NEWSLETTER_MESSAGES.failed } };
  }
}

export async function submitContact(services: Pick<Services, "leads" | "logger" | "config">, input: unknown): Promise<Submission> {
  if (isBot(input)) return { status: 200, result: { ok: true, message: CONTACT_MESSAGES.success } };
  const parsed = validateForm(contactSchema, input);
  if (!parsed.ok) return { status: 400, result: { ok: false, message: parsed.message, fieldErrors: parsed.fieldErrors } };
  try {
    await services.leads.contact(parsed.data);
    return { status: 200, result: { ok: true, message: CONTACT_MESSAGES.success } };
  } catch (error) {
    services.logger.error({ err: error }, "contact message failed");
    return { status: 503, result: { ok: false, message: CONTACT_MESSAGES.failed(services.config.mail.teamEmail) } };
  }
}

export async function submitInfoRequest(services: Pick<Services, "leads" | "logger">, input: unknown): Promise<Submission> {
  if (isBot(input)) return { status: 200, result: { ok: true, message: INFO_REQUEST_MESSAGES.success } };
  const parsed = validateForm(infoRequestSchema, input);
  if (!parsed.ok) return { status: 400, result: { ok: false, message: parsed.message, fieldErrors: parsed.fieldErrors } };
  try {
    await services.leads.requestInformation(parsed.data);
    return { status: 200, result: { ok: true, message: INFO_REQUEST_MESSAGES.success } };
  } catch (error) {
    services.logger.error({ err: error }, "information request failed");
    return { status: 503, result: { ok: false, message: INFO_REQUEST_MESSAGES.failed } };
  }
}

export const submitters: Record<LeadForm, (services: Services, input: unknown) => Promise<Submission>> = {
  newsletter: submitNewsletter,
  contact: submitContact,
  "request-information": submitInfoRequest,
};

/** What route actions reach through the services context (app/ may not import server code). */
export interface LeadForms {
  submit(form: LeadForm, input: unknown): Promise<Submission>;
}

export function leadForms(services: () => Services): LeadForms {
  return { submit: (form, input) => submitters[form](services(), input) };
}
