import { type FormEvent, useState } from "react";
import type { z } from "zod/mini";
import { clientErrors, focusFirstError, formValues, postForm } from "./client";
import type { FieldErrors, FormResult } from "./form-result";

export type LeadFormState =
  | { status: "idle" }
  | { status: "sending" }
  | { status: "success"; message: string }
  | { status: "error"; message?: string; fieldErrors?: FieldErrors };

const stateFrom = (result: FormResult | undefined): LeadFormState =>
  !result ? { status: "idle" } : result.ok ? { status: "success", message: result.message } : { status: "error", ...result };

export interface LeadFormOptions {
  /** The answer of a plain (no-JavaScript) post, when the form's own page renders it. */
  initialResult?: FormResult;
  /** The shared schema, loaded on demand so zod stays out of the first page load. */
  loadSchema: () => Promise<z.ZodMiniType>;
  /** The spec's text when the server failed ("failed") or gave no readable answer ("unexpected"). */
  failureMessage: (kind: "failed" | "unexpected") => string;
  /** After a successful send (the form is already reset). */
  onSuccess?: () => void;
  /** A form that was sent stays sent (e.g. the modal about to close). */
  submitOnce?: boolean;
}

/**
 * What the three lead forms share: validate with the shared schema, post JSON to the form's own
 * URL, and turn the answer into the spec's states and texts, with focus on the first bad field.
 */
export function useLeadForm({ initialResult, loadSchema, failureMessage, onSuccess, submitOnce = false }: LeadFormOptions) {
  const [state, setState] = useState<LeadFormState>(() => stateFrom(initialResult));
  const sending = state.status === "sending";
  const fieldErrors = state.status === "error" ? (state.fieldErrors ?? {}) : {};
  // A form-level message, unless field messages already say what is wrong.
  const formError = state.status === "error" && state.message && Object.keys(fieldErrors).length === 0 ? state.message : undefined;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending || (submitOnce && state.status === "success")) return;
    const form = event.currentTarget;
    const values = formValues(form);
    const invalid = await clientErrors(loadSchema, values);
    if (invalid) {
      setState({ status: "error", fieldErrors: invalid });
      focusFirstError(form, invalid);
      return;
    }
    setState({ status: "sending" });
    const outcome = await postForm(form.action, values);
    if (outcome.kind === "result") {
      setState(stateFrom(outcome.result));
      if (outcome.result.ok) {
        form.reset();
        onSuccess?.();
      } else if (outcome.result.fieldErrors) {
        // Wait for the fields to be enabled again before moving focus.
        const errors = outcome.result.fieldErrors;
        requestAnimationFrame(() => focusFirstError(form, errors));
      }
    } else if (outcome.kind === "refused") {
      setState({ status: "error", message: outcome.message });
    } else {
      setState({ status: "error", message: failureMessage(outcome.kind) });
    }
  }

  return { state, setState, sending, fieldErrors, formError, onSubmit, preloadSchema: () => void loadSchema().catch(() => undefined) };
}

/** What a lead form's component gets from useLeadForm. */
export type LeadFormHandle = ReturnType<typeof useLeadForm>;
