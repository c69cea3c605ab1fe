import type { InputHTMLAttributes, ReactNode, RefObject } from "react";
import * as m from "~/paraglide/messages.js";
import { type FieldErrors, LIMITS } from "~/shared/forms/form-result";
import { type LeadForm, leadFormPath } from "~/shared/forms/lead-forms";
import type { LeadFormHandle } from "~/shared/forms/use-lead-form";
import { getLocale } from "~/shared/i18n/locale";
import { FormOutcome, Honeypot, SUBMIT_BUTTON_CLASS, TextArea, TextField } from "./field";

/**
 * The one-line fields of the contact and information-request forms: all required, limits from
 * LIMITS; each label a message, said in the page's language when the field is rendered.
 */
const TEXT_FIELDS = {
  name: { label: () => m.forms_field_name(), autoComplete: "name" },
  email: { label: () => m.forms_field_email(), type: "email", autoComplete: "email", inputMode: "email" },
  phone: { label: () => m.forms_field_phone(), type: "tel", autoComplete: "tel" },
  company: { label: () => m.forms_field_company(), autoComplete: "organization" },
} as const satisfies Record<string, { label: () => string } & Pick<InputHTMLAttributes<HTMLInputElement>, "type" | "autoComplete" | "inputMode">>;

export type LeadTextFieldName = keyof typeof TEXT_FIELDS;

/** What every field of a lead form needs: its ids, the values to refill, the errors to show. */
export interface LeadFieldsState {
  /** The form's useId(): a field's id is `${idPrefix}-${name}`. */
  idPrefix: string;
  /** What was typed before a failed plain (no-JavaScript) post. */
  values?: Record<string, string>;
  errors: FieldErrors;
}

/**
 * Required one-line fields (name, email, phone, company) in a grid. In a dialog, the first one
 * takes the focus when it opens (`autofocusFirst`).
 */
export function LeadTextFields({ names, className, autofocusFirst = false, idPrefix, values, errors }: LeadFieldsState & { names: readonly LeadTextFieldName[]; className: string; autofocusFirst?: boolean }) {
  return (
    <div className={className}>
      {names.map((name, index) => {
        const { label, ...input } = TEXT_FIELDS[name];
        return (
          <TextField
            key={name}
            id={`${idPrefix}-${name}`}
            name={name}
            label={label()}
            {...input}
            required
            maxLength={LIMITS[name]}
            defaultValue={values?.[name]}
            error={errors[name]}
            data-autofocus={autofocusFirst && index === 0 ? true : undefined}
          />
        );
      })}
    </div>
  );
}

/** The required message field ("Message", "Questions or comments"…). */
export function LeadMessageField({ label, rows, idPrefix, values, errors }: LeadFieldsState & { label: string; rows: number }) {
  return (
    <TextArea
      id={`${idPrefix}-message`}
      name="message"
      label={label}
      required
      maxLength={LIMITS.message}
      rows={rows}
      defaultValue={values?.message}
      error={errors.message}
    />
  );
}

interface LeadFormFrameProps {
  form: LeadForm;
  /** The form's accessible name. */
  label: string;
  lead: LeadFormHandle;
  /** Changing it renders a fresh form (the outcome below it stays). */
  formKey?: number;
  /** Keeps the fields disabled after sending too. */
  locked?: boolean;
  fieldsetClassName: string;
  submitLabel: string;
  submitClassName?: string;
  submitRef?: RefObject<HTMLButtonElement | null>;
  /** False when something else (the Thank you modal) confirms the send: no second text below. */
  successBelow?: boolean;
  children: ReactNode;
}

/**
 * A lead form (spec §3–§5, §8): a plain form posting to the form's URL in the page's language,
 * so it works without JavaScript; with it, useLeadForm sends JSON. While sending: "Sending..."
 * and the fields disabled. Below it, the success text (unless `successBelow` is false) or the form-level error.
 */
export function LeadFormFrame({ form, label, lead, formKey, locked = false, fieldsetClassName, submitLabel, submitClassName, submitRef, successBelow = true, children }: LeadFormFrameProps) {
  const { state, sending, formError, onSubmit, preloadSchema } = lead;
  return (
    <>
      <form
        key={formKey}
        method="post"
        action={leadFormPath(form, getLocale())}
        noValidate
        aria-label={label}
        aria-busy={sending || undefined}
        onFocus={preloadSchema}
        onSubmit={(event) => void onSubmit(event)}
        className="relative"
      >
        <fieldset disabled={sending || locked} className={fieldsetClassName}>
          {children}
          <Honeypot />
          <div>
            <button ref={submitRef} type="submit" className={submitClassName ? `${submitClassName} ${SUBMIT_BUTTON_CLASS}` : SUBMIT_BUTTON_CLASS}>
              {sending ? m.forms_sending() : submitLabel}
            </button>
          </div>
        </fieldset>
      </form>
      <FormOutcome success={successBelow && state.status === "success" ? state.message : undefined} error={formError} />
    </>
  );
}
