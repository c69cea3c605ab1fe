import { useEffect } from "react";
import * as m from "~/paraglide/messages.js";
import { type FormResult, LIMITS } from "~/shared/forms/form-result";
import { leadFormPath } from "~/shared/forms/lead-forms";
import { useLeadForm } from "~/shared/forms/use-lead-form";
import { getLocale, pathIn } from "~/shared/i18n/locale";
import { Honeypot, FormOutcome, SUBMIT_BUTTON_CLASS } from "~/shared/ui/field";
import { NEWSLETTER_MESSAGES, NEWSLETTER_PAGE_FIELD, NEWSLETTER_SUCCESS_MS, newsletterConsentText } from "./messages";

const loadSchema = () => import("./schema").then((module) => module.newsletterSchema);

/**
 * Newsletter sign-up (spec §4): idle → submitting ("Joining...") → success (clears after 5 s) or
 * error. A plain form posting to /newsletter (/fr/newsletter on a French page); with JavaScript it
 * posts JSON and answers inline, in the page's language. `initialResult` is the answer of a plain
 * (no-JavaScript) post, rendered by the /newsletter page; `page` is the English path of the page
 * it is on, recorded with the consent in the page's language ("/" on /fr is "/fr"). No router
 * hook, so Home can hydrate it as an island without React Router (decision 0044).
 */
export function NewsletterBlock({ initialResult, page }: { initialResult?: FormResult; page: string }) {
  const { state, setState, sending: submitting, fieldErrors, formError, onSubmit, preloadSchema } = useLeadForm({
    initialResult,
    loadSchema,
    failureMessage: (kind) => (kind === "failed" ? NEWSLETTER_MESSAGES.failed() : NEWSLETTER_MESSAGES.unexpected()),
  });
  // One newsletter form per page: a fixed id prefix, the same in the page and in an island's
  // hydration (useId's ids depend on the position in the React tree, which differs there).
  const id = "newsletter-form";
  const inputId = `${id}-email`;

  useEffect(() => {
    if (state.status !== "success") return;
    const timer = setTimeout(() => setState({ status: "idle" }), NEWSLETTER_SUCCESS_MS);
    return () => clearTimeout(timer);
  }, [state, setState]);

  const fieldError = fieldErrors.email;
  const locale = getLocale();

  return (
    <div className="mx-auto max-w-2xl text-center">
      <h2 id={`${id}-title`} className="text-3xl font-bold">
        {m.forms_newsletter_title()}
      </h2>
      <p className="mt-3 text-muted">{newsletterConsentText()}</p>
      <form
        method="post"
        action={leadFormPath("newsletter", locale)}
        noValidate
        aria-labelledby={`${id}-title`}
        onFocus={preloadSchema}
        onSubmit={(event) => void onSubmit(event)}
        className="relative mt-6 flex flex-col gap-3 text-left sm:flex-row sm:items-start"
      >
        <div className="flex-1">
          <label htmlFor={inputId} className="sr-only">
            {m.forms_newsletter_email_label()}
          </label>
          <input
            id={inputId}
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            placeholder={m.forms_newsletter_placeholder()}
            required
            maxLength={LIMITS.email}
            readOnly={submitting}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? `${inputId}-error` : undefined}
            className="block w-full rounded-lg border border-line bg-canvas px-4 py-3 text-base text-ink placeholder:text-muted aria-[invalid=true]:border-brand aria-[invalid=true]:ring-1 aria-[invalid=true]:ring-brand"
          />
          {fieldError ? (
            <p id={`${inputId}-error`} role="alert" className="mt-1 text-sm font-medium text-brand">
              {fieldError}
            </p>
          ) : null}
        </div>
        <input type="hidden" name={NEWSLETTER_PAGE_FIELD} value={pathIn(page, locale)} />
        <Honeypot />
        <button
          type="submit"
          disabled={submitting}
          className={SUBMIT_BUTTON_CLASS}
        >
          {submitting ? m.forms_newsletter_joining() : m.forms_newsletter_subscribe()}
        </button>
      </form>
      <FormOutcome success={state.status === "success" ? state.message : undefined} error={formError} />
    </div>
  );
}
