import type { z } from "zod/mini";
import type { Locale } from "~/shared/i18n/locale";
import { fieldMessageIn, REQUEST_MESSAGES } from "./form-messages";
import type { FieldErrors } from "./form-result";

export type Validation<T> = { ok: true; data: T } | { ok: false; message: string; fieldErrors: FieldErrors };

/**
 * Runs a form schema (a zod strict object) and keeps the first message per field, in `locale`.
 * Unknown fields and a body that is not an object give a form-level message.
 */
export function validateForm<S extends z.ZodMiniType>(schema: S, input: unknown, locale: Locale): Validation<z.output<S>> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return { ok: true, data: parsed.data };
  const fieldErrors: FieldErrors = {};
  let message: string | undefined;
  for (const issue of parsed.error.issues) {
    if (issue.code === "unrecognized_keys") {
      message ??= REQUEST_MESSAGES.unknown(issue.keys.map((key) => key.slice(0, 40)), locale);
      continue;
    }
    const field = issue.path[0];
    if (field === undefined) {
      message ??= REQUEST_MESSAGES.notAnObject(locale);
      continue;
    }
    const key = String(field);
    fieldErrors[key] ??= fieldMessageIn(issue.message, locale);
  }
  return { ok: false, message: message ?? REQUEST_MESSAGES.invalid(locale), fieldErrors };
}

/**
 * FormData to a plain object of strings. Files and repeated fields are refused (in `locale`): none
 * of our forms sends them.
 */
export function formDataToObject(formData: FormData, locale: Locale): { ok: true; value: Record<string, string> } | { ok: false; message: string } {
  const value: Record<string, string> = {};
  for (const [key, entry] of formData.entries()) {
    const name = key.slice(0, 40);
    if (typeof entry !== "string") return { ok: false, message: REQUEST_MESSAGES.file(name, locale) };
    if (Object.hasOwn(value, key)) return { ok: false, message: REQUEST_MESSAGES.duplicate(name, locale) };
    value[key] = entry;
  }
  return { ok: true, value };
}
