import type { Locale } from "~/shared/i18n/locale";
import { REQUEST_MESSAGES } from "./form-messages";
import { formDataToObject } from "./validate";

export type RequestInput = { ok: true; value: unknown } | { ok: false; status: 400 | 415; message: string };

/**
 * Reads a lead form's request body in a route action: form posts (urlencoded, multipart) and
 * JSON. Anything unreadable is a 4xx with a clear message (in `locale`), never an exception.
 */
export async function readFormRequest(request: Request, locale: Locale): Promise<RequestInput> {
  const type = (request.headers.get("content-type") ?? "").toLowerCase();
  if (type.startsWith("application/json")) {
    try {
      return { ok: true, value: (await request.json()) as unknown };
    } catch {
      return { ok: false, status: 400, message: REQUEST_MESSAGES.malformed(locale) };
    }
  }
  if (type.startsWith("application/x-www-form-urlencoded") || type.startsWith("multipart/form-data")) {
    let formData: FormData;
    try {
      formData = await request.formData();
    } catch {
      return { ok: false, status: 400, message: REQUEST_MESSAGES.malformed(locale) };
    }
    const object = formDataToObject(formData, locale);
    return object.ok ? { ok: true, value: object.value } : { ok: false, status: 400, message: object.message };
  }
  return { ok: false, status: 415, message: REQUEST_MESSAGES.unsupportedType(locale) };
}
