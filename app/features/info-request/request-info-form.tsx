import { useEffect, useId } from "react";
import { type FormResult, LIMITS } from "~/shared/forms/form-result";
import { LEAD_FORM_PATHS } from "~/shared/forms/lead-forms";
import { useLeadForm } from "~/shared/forms/use-lead-form";
import { Honeypot, TextArea, TextField, FormOutcome, SUBMIT_BUTTON_CLASS } from "~/shared/ui/field";
import { INFO_REQUEST_CLOSE_MS, INFO_REQUEST_MESSAGES, PLAN_TYPES, type PlanType } from "./messages";

const loadSchema = () => import("./schema").then((module) => module.infoRequestSchema);

export interface RequestInfoFormProps {
  /** The plan group; fixed (hidden field) in the modal, a choice on the stand-alone page. */
  planType?: PlanType;
  choosePlan?: boolean;
  initialResult?: FormResult;
  initialValues?: Record<string, string>;
  /** Called 2 s after a success (the modal closes then). */
  onDone?: () => void;
}

/**
 * The Request More Information form (spec §3–§5, §8): name, email, phone, company or service
 * name, questions or comments, all required; the plan type travels with it.
 */
export function RequestInfoForm({ planType, choosePlan = false, initialResult, initialValues, onDone }: RequestInfoFormProps) {
  const { state, sending, fieldErrors: errors, formError, onSubmit, preloadSchema } = useLeadForm({
    initialResult,
    loadSchema,
    failureMessage: () => INFO_REQUEST_MESSAGES.failed,
    submitOnce: true,
  });
  const id = useId();
  const values = state.status === "error" ? initialValues : undefined;

  useEffect(() => {
    if (state.status !== "success" || !onDone) return;
    const timer = setTimeout(onDone, INFO_REQUEST_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [state, onDone]);

  const selectedPlan = values?.planType ?? planType;

  return (
    <>
      <form
        method="post"
        action={LEAD_FORM_PATHS["request-information"]}
        noValidate
        aria-label="Request more information"
        aria-busy={sending || undefined}
        onFocus={preloadSchema}
        onSubmit={(event) => void onSubmit(event)}
        className="relative"
      >
        <fieldset disabled={sending || (state.status === "success" && Boolean(onDone))} className="grid gap-4">
          {choosePlan ? (
            <div>
              <label htmlFor={`${id}-plan`} className="block font-medium">
                Plan type
              </label>
              <select
                id={`${id}-plan`}
                name="planType"
                defaultValue={selectedPlan ?? PLAN_TYPES[0]}
                aria-invalid={errors.planType ? true : undefined}
                aria-describedby={errors.planType ? `${id}-plan-error` : undefined}
                className="mt-1 block w-full rounded-lg border border-line bg-canvas px-3 py-2 text-base text-ink"
              >
                {PLAN_TYPES.map((plan) => (
                  <option key={plan} value={plan}>
                    {plan}
                  </option>
                ))}
              </select>
              {errors.planType ? (
                <p id={`${id}-plan-error`} className="mt-1 text-sm font-medium text-brand">
                  {errors.planType}
                </p>
              ) : null}
            </div>
          ) : (
            <input type="hidden" name="planType" value={planType ?? ""} />
          )}
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              id={`${id}-name`}
              name="name"
              label="Name"
              autoComplete="name"
              required
              maxLength={LIMITS.name}
              defaultValue={values?.name}
              error={errors.name}
              data-autofocus={onDone ? true : undefined}
            />
            <TextField
              id={`${id}-email`}
              name="email"
              type="email"
              label="Email"
              autoComplete="email"
              inputMode="email"
              required
              maxLength={LIMITS.email}
              defaultValue={values?.email}
              error={errors.email}
            />
            <TextField
              id={`${id}-phone`}
              name="phone"
              type="tel"
              label="Phone"
              autoComplete="tel"
              required
              maxLength={LIMITS.phone}
              defaultValue={values?.phone}
              error={errors.phone}
            />
            <TextField
              id={`${id}-company`}
              name="company"
              label="Company or service name"
              autoComplete="organization"
              required
              maxLength={LIMITS.company}
              defaultValue={values?.company}
              error={errors.company}
            />
          </div>
          <TextArea
            id={`${id}-message`}
            name="message"
            label="Questions or comments"
            required
            maxLength={LIMITS.message}
            rows={4}
            defaultValue={values?.message}
            error={errors.message}
          />
          <Honeypot />
          <div>
            <button
              type="submit"
              className={`w-full sm:w-auto ${SUBMIT_BUTTON_CLASS}`}
            >
              {sending ? "Sending..." : "Send request"}
            </button>
          </div>
        </fieldset>
      </form>
      <FormOutcome success={state.status === "success" ? state.message : undefined} error={formError} />
    </>
  );
}
