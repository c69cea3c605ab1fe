import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from "react";
import { HONEYPOT_FIELD } from "~/shared/forms/form-result";

const control =
  "mt-1 block w-full rounded-lg border border-line bg-canvas px-3 py-2 text-base text-ink placeholder:text-muted disabled:cursor-not-allowed disabled:opacity-70 aria-[invalid=true]:border-brand aria-[invalid=true]:ring-1 aria-[invalid=true]:ring-brand";

interface FieldProps {
  /** Unique id of the control; its error message is `${id}-error`. */
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
}

function Described({ id, error, hint }: Pick<FieldProps, "id" | "error" | "hint">) {
  return (
    <>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-brand">
          {error}
        </p>
      ) : null}
    </>
  );
}

const describedBy = (id: string, error?: string, hint?: ReactNode) =>
  [hint ? `${id}-hint` : undefined, error ? `${id}-error` : undefined].filter(Boolean).join(" ") || undefined;

/** A labelled input with its error message (aria-invalid, aria-describedby). */
export function TextField({ id, label, error, hint, className, ...input }: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div className={className}>
      <label htmlFor={id} className="block font-medium">
        {label}
      </label>
      <input id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, error, hint)} className={control} {...input} />
      <Described id={id} error={error} hint={hint} />
    </div>
  );
}

export function TextArea({ id, label, error, hint, className, ...input }: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <div className={className}>
      <label htmlFor={id} className="block font-medium">
        {label}
      </label>
      <textarea id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, error, hint)} className={`${control} min-h-32`} {...input} />
      <Described id={id} error={error} hint={hint} />
    </div>
  );
}

/** The honeypot field: invisible, unreachable by keyboard, ignored by autofill. */
export function Honeypot() {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
      <label>
        Leave this field empty
        <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}

/** A form-level message: errors are alerts, successes are polite status messages. */
export function FormMessage({ id, tone, children }: { id?: string; tone: "success" | "error"; children: ReactNode }) {
  return tone === "error" ? (
    <p id={id} role="alert" className="rounded-lg border border-brand bg-brand-soft px-4 py-3 font-medium text-brand-strong">
      {children}
    </p>
  ) : (
    <p id={id} className="rounded-lg border border-emerald-700 bg-emerald-50 px-4 py-3 font-medium text-emerald-900">
      {children}
    </p>
  );
}

/** The primary button of a lead form. */
export const SUBMIT_BUTTON_CLASS =
  "rounded-lg bg-brand px-6 py-3 font-semibold text-white hover:bg-brand-strong disabled:cursor-wait disabled:opacity-80";

/** Below a lead form: the success text (announced politely) or a form-level error (an alert). */
export function FormOutcome({ success, error }: { success?: string; error?: string }) {
  return (
    <>
      <div role="status" className="mt-4 empty:hidden">
        {success ? <FormMessage tone="success">{success}</FormMessage> : null}
      </div>
      {error ? (
        <div className="mt-4">
          <FormMessage tone="error">{error}</FormMessage>
        </div>
      ) : null}
    </>
  );
}
