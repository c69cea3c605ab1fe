import type { z } from "zod/mini";
import { getLocale, pageLanguageHeaders } from "~/shared/i18n/locale";
import { ATTRIBUTION_FIELD, leadAttribution } from "./attribution";
import { type FieldErrors, type FormResult, LOCALE_FIELD } from "./form-result";

/**
 * The browser side of the lead forms: validates with the shared schema (loaded lazily, so zod is
 * not part of the first page load), then posts JSON to the form's own URL (in the page's language),
 * with the page's language (LOCALE_FIELD: the answer's texts are in it; and Content-Language, for a
 * refusal made before the body is read) and the lead's attribution
 * (./attribution.ts).
 */

export type PostOutcome =
  /** The endpoint answered with a form result (success, field errors, already subscribed…). */
  | { kind: "result"; status: number; result: FormResult }
  /** The server refused with a readable message (rate limit, too large, cross-site…). */
  | { kind: "refused"; status: number; message: string }
  /** The server failed without a form result (5xx, proxy error page). */
  | { kind: "failed"; status: number }
  /** No answer at all (offline, aborted, unreadable). */
  | { kind: "unexpected" };

/** The form's fields as strings (the shape the endpoints take from JSON and from form posts). */
export function formValues(form: HTMLFormElement): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of new FormData(form).entries()) if (typeof value === "string") values[key] = value;
  return values;
}

export async function postForm(url: string, values: Record<string, string>): Promise<PostOutcome> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json", ...pageLanguageHeaders() },
      body: JSON.stringify({ ...values, [LOCALE_FIELD]: getLocale(), [ATTRIBUTION_FIELD]: leadAttribution() }),
      credentials: "same-origin",
    });
  } catch {
    return { kind: "unexpected" };
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    return response.status >= 500 ? { kind: "failed", status: response.status } : { kind: "unexpected" };
  }
  if (typeof body === "object" && body !== null) {
    if (typeof (body as { ok?: unknown }).ok === "boolean") return { kind: "result", status: response.status, result: body as FormResult };
    const error = (body as { error?: unknown }).error;
    if (typeof error === "string" && response.status < 500) return { kind: "refused", status: response.status, message: error };
  }
  return response.status >= 500 ? { kind: "failed", status: response.status } : { kind: "unexpected" };
}

/**
 * Client-side validation with the shared schema, its messages in the page's language. Resolves to
 * the field errors, or undefined when the values are valid or the schema could not be loaded (the
 * server validates anyway). The validation and its texts load with the schema, not with the page.
 */
export async function clientErrors(loadSchema: () => Promise<z.ZodMiniType>, values: Record<string, string>): Promise<FieldErrors | undefined> {
  const loaded = await Promise.all([loadSchema(), import("./validate")]).catch(() => undefined);
  if (!loaded) return undefined;
  const [schema, { validateForm }] = loaded;
  const checked = validateForm(schema, values, getLocale());
  return checked.ok ? undefined : checked.fieldErrors;
}

/** Moves focus to the first field with an error (in DOM order). */
export function focusFirstError(form: HTMLFormElement, errors: FieldErrors): void {
  for (const element of Array.from(form.elements)) {
    if (element instanceof HTMLElement && "name" in element && typeof element.name === "string" && errors[element.name]) {
      element.focus();
      return;
    }
  }
}
