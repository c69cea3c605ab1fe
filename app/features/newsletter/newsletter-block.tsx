import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { clientErrors, focusFirstError, formValues, postForm } from "../../shared/forms/client";
import { type FieldErrors, type FormResult, LIMITS } from "../../shared/forms/form-result";
import { FormMessage, Honeypot } from "../../shared/ui/field";
import { NEWSLETTER_MESSAGES, NEWSLETTER_SUCCESS_MS } from "./messages";

type State =
  | { status: "idle" }
  | { status: "submitting" }
  | { status: "success"; message: string }
  | { status: "error"; message?: string; fieldErrors?: FieldErrors };

const loadSchema = () => import("./schema").then((module) => module.newsletterSchema);

const fromResult = (result: FormResult | undefined): State =>
  !result ? { status: "idle" } : result.ok ? { status: "success", message: result.message } : { status: "error", ...result };

/**
 * Newsletter sign-up (spec §4): idle → submitting ("Joining...") → success (clears after 5 s) or
 * error. A plain form posting to /newsletter; with JavaScript it posts JSON and answers inline.
 * `initialResult` is the answer of a plain (no-JavaScript) post, rendered by the /newsletter page.
 */
export function NewsletterBlock({ initialResult }: { initialResult?: FormResult }) {
  const [state, setState] = useState<State>(() => fromResult(initialResult));
  const id = useId();
  const inputId = `${id}-email`;
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (state.status !== "success") return;
    const timer = setTimeout(() => setState({ status: "idle" }), NEWSLETTER_SUCCESS_MS);
    return () => clearTimeout(timer);
  }, [state]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (state.status === "submitting") return;
    const form = event.currentTarget;
    const values = formValues(form);
    const invalid = await clientErrors(loadSchema, values);
    if (invalid) {
      setState({ status: "error", fieldErrors: invalid });
      focusFirstError(form, invalid);
      return;
    }
    setState({ status: "submitting" });
    const outcome = await postForm(form.action, values);
    if (outcome.kind === "result") {
      if (outcome.result.ok) form.reset();
      setState(fromResult(outcome.result));
      if (!outcome.result.ok && outcome.result.fieldErrors) focusFirstError(form, outcome.result.fieldErrors);
    } else if (outcome.kind === "refused") {
      setState({ status: "error", message: outcome.message });
    } else {
      setState({ status: "error", message: outcome.kind === "failed" ? NEWSLETTER_MESSAGES.failed : NEWSLETTER_MESSAGES.unexpected });
    }
  }

  const submitting = state.status === "submitting";
  const fieldError = state.status === "error" ? state.fieldErrors?.email : undefined;
  // A form-level message is shown unless it only repeats the field's message.
  const formError = state.status === "error" && state.message && state.message !== fieldError && !fieldError ? state.message : undefined;

  return (
    <div className="mx-auto max-w-2xl text-center">
      <h2 id={`${id}-title`} className="text-3xl font-bold">
        Stay informed about our launch
      </h2>
      <p className="mt-3 text-muted">Get launch news and early-access offers by email. No spam; unsubscribe at any time.</p>
      <form
        ref={formRef}
        method="post"
        action="/newsletter"
        noValidate
        aria-labelledby={`${id}-title`}
        onFocus={() => void loadSchema().catch(() => undefined)}
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
        <Honeypot />
        <button
          type="submit"
          disabled={submitting}
          className="rounded-lg bg-brand px-6 py-3 font-semibold text-white hover:bg-brand-strong disabled:cursor-wait disabled:opacity-80"
        >
          {submitting ? "Joining..." : "Subscribe"}
        </button>
      </form>
      <div role="status" className="mt-4 empty:hidden">
        {state.status === "success" ? <FormMessage tone="success">{state.message}</FormMessage> : null}
      </div>
      {formError ? (
        <div className="mt-4">
          <FormMessage tone="error">{formError}</FormMessage>
        </div>
      ) : null}
    </div>
  );
}
