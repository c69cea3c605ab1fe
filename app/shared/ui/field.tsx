import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";
import * as m from "~/paraglide/messages.js";
import { HONEYPOT_FIELD } from "~/shared/forms/form-result";

/** A control's look; inputs and text areas add the placeholder, disabled and invalid states. */
const selectControl = "mt-1 block w-full rounded-lg border border-line bg-canvas px-3 py-2 text-base text-ink";
const control = `${selectControl} placeholder:text-muted disabled:cursor-not-allowed disabled:opacity-70 aria-[invalid=true]:border-brand aria-[invalid=true]:ring-1 aria-[invalid=true]:ring-brand`;

interface FieldProps {
  /** Unique id of the control; its error message is `${id}-error`. */
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
}

/** A field's error message, `${id}-error`: what the field's aria-describedby points to. */
export function FieldError({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p id={`${id}-error`} className="mt-1 text-sm font-medium text-brand">
      {error}
    </p>
  ) : null;
}

const describedBy = (id: string, error?: string, hint?: ReactNode) =>
  [hint ? `${id}-hint` : undefined, error ? `${id}-error` : undefined].filter(Boolean).join(" ") || undefined;

interface ControlAria {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

type LabelledProps = FieldProps & { className?: string };

/** Splits a field's props into the label and messages' part and the control's own attributes. */
function splitField<P extends LabelledProps>({ id, label, error, hint, className, ...control }: P) {
  return [{ id, label, error, hint, className }, control] as const;
}

/** The label above a control, the control (given its id and aria attributes), then its hint and error. */
function LabelledField({ field: { id, label, error, hint, className }, children }: { field: LabelledProps; children: (aria: ControlAria) => ReactNode }) {
  return (
    <div className={className}>
      <label htmlFor={id} className="block font-medium">
        {label}
      </label>
      {children({ id, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy(id, error, hint) })}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-muted">
          {hint}
        </p>
      ) : null}
      <FieldError id={id} error={error} />
    </div>
  );
}

/** A labelled input with its error message (aria-invalid, aria-describedby). */
export function TextField(props: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  const [field, input] = splitField(props);
  return <LabelledField field={field}>{(aria) => <input {...aria} className={control} {...input} />}</LabelledField>;
}

export function TextArea(props: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const [field, textarea] = splitField(props);
  return <LabelledField field={field}>{(aria) => <textarea {...aria} className={`${control} min-h-32`} {...textarea} />}</LabelledField>;
}

/** A labelled select with its error message; `children` are its options. */
export function SelectField(props: FieldProps & SelectHTMLAttributes<HTMLSelectElement>) {
  const [field, select] = splitField(props);
  return <LabelledField field={field}>{(aria) => <select {...aria} className={selectControl} {...select} />}</LabelledField>;
}

/** The honeypot field: invisible, unreachable by keyboard, ignored by autofill. */
export function Honeypot() {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
      <label>
        {m.forms_honeypot()}
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
