import { data, redirect, type RouterContextProvider } from "react-router";
import { clientKeyContext, servicesContext, siteOriginContext } from "~/context.server";
import { getLocale, type Locale } from "~/shared/i18n/locale";
import { type FormActionData, type FormResult, HONEYPOT_FIELD } from "./form-result";
import { type LeadForm, leadFormSentPath } from "./lead-forms";
import { readFormRequest } from "./read-request.server";

type Submit = (input: unknown) => Promise<{ status: number; result: FormResult }>;

/**
 * The body of a lead form's route action: reads the post (form data or JSON; unreadable → 4xx in
 * `locale`), hands it to the form's endpoint, and answers with its status and result; a plain form
 * post that succeeded is sent on to `sentPath` when there is one (see LEAD_FORM_SENT_PATHS).
 */
export async function formAction(request: Request, submit: Submit, locale: Locale, sentPath?: string) {
  const input = await readFormRequest(request, locale);
  if (!input.ok) return data<FormActionData>({ result: { ok: false, message: input.message } }, { status: input.status });
  const { status, result } = await submit(input.value);
  const plainPost = !(request.headers.get("content-type") ?? "").toLowerCase().startsWith("application/json");
  if (result.ok && plainPost && sentPath) return redirect(sentPath, { status: 303, headers: { "Cache-Control": "no-store" } });
  let values: Record<string, string> | undefined;
  if (!result.ok && typeof input.value === "object" && input.value !== null) {
    values = {};
    for (const [key, value] of Object.entries(input.value as Record<string, unknown>)) {
      if (key !== HONEYPOT_FIELD && typeof value === "string") values[key] = value.slice(0, 5_000);
    }
  }
  return data<FormActionData>({ result, values }, { status, headers: { "Cache-Control": "no-store" } });
}

/**
 * The `action` of a lead form's route (/newsletter, /contact, /request-information and their
 * French twins under /fr): where the form posts without JavaScript; JavaScript clients get JSON on
 * the same URL. The answer is in the language of the URL (a JSON body may say another: LOCALE_FIELD).
 */
export function leadFormAction(form: LeadForm) {
  return ({ request, context }: { request: Request; context: Readonly<RouterContextProvider> }) => {
    const { forms } = context.get(servicesContext);
    const locale = getLocale();
    // Referer and origin: a plain post's attribution is the page it was posted from.
    const from = { clientKey: context.get(clientKeyContext), referer: request.headers.get("referer") ?? undefined, origin: context.get(siteOriginContext), locale };
    return formAction(request, (input) => forms.submit(form, input, from), locale, leadFormSentPath(form, locale));
  };
}
