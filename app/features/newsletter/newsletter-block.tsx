import { useEffect } from "react";
import { type FormResult, LIMITS } from "~/shared/forms/form-result";
import { LEAD_FORM_PATHS } from "~/shared/forms/lead-forms";
import { useLeadForm } from "~/shared/forms/use-lead-form";
import { Honeypot, FormOutcome, SUBMIT_BUTTON_CLASS } from "~/shared/ui/field";
import { NEWSLETTER_CONSENT_TEXT, NEWSLETTER_MESSAGES, NEWSLETTER_PAGE_FIELD, NEWSLETTER_SUCCESS_MS } from "./messages";

const loadSchema = () => import("./schema").then((module) => module.newsletterSchema);

/**
 * Newsletter sign-up (spec §4): idle → submitting ("Joining...") → success (clears after 5 s) or
 * error. A plain form posting to /newsletter; with JavaScript it posts JSON and answers inline.
 * `initialResult` is the answer of a plain (no-JavaScript) post, rendered by the /newsletter page;
 * `page` is the path of the page it is on (recorded with the consent). No router hook, so Home can
 * hydrate it as an island without React Router (decision 0044).
 */
export function NewsletterBlock({ initialResult, page }: { initialResult?: FormResult; page: string }) {
  const { state, setState, sending: submitting, fieldErrors, formError, onSubmit, preloadSchema } = useLeadForm({
    initialResult,
    loadSchema,
    failureMessage: (kind) => (kind === "failed" ? NEWSLETTER_MESSAGES.failed : NEWSLETTER_MESSAGES.unexpected),
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

  return (
    <div className="mx-auto max-w-2xl text-center">
      <h2 id={`${id}-title`} className="text-3xl font-bold">
        Stay informed about our launch
      </h2>
      <p className="mt-3 text-muted">{NEWSLETTER_CONSENT_TEXT}</p>
      <form
        method="post"
        action={LEAD_FORM_PATHS.newsletter}
        noValidate
        aria-labelledby={`${id}-title`}
        onFocus={preloadSchema}
        onSubmit={(event) => void onSubmit(event)}
        className="relative mt-6 flex flex-col gap-3 text-left sm:flex-row sm:items-start"
      >
        <div className="flex-1">
          <label htmlFor={inputId} className="sr-only">
            Email address
          </label>
          <input
            id={inputId}
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            placeholder="Your email address"
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
        <input type="hidden" name={NEWSLETTER_PAGE_FIELD} value={page} />
        <Honeypot />
        <button
          type="submit"
          disabled={submitting}
          className={SUBMIT_BUTTON_CLASS}
        >
          {submitting ? "Joining..." : "Subscribe"}
        </button>
      </form>
      <FormOutcome success={state.status === "success" ? state.message : undefined} error={formError} />
    </div>
  );
}
