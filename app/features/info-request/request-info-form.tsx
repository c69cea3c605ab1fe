import { useEffect, useId } from "react";
import * as m from "~/paraglide/messages.js";
import type { FormResult } from "~/shared/forms/form-result";
import { useLeadForm } from "~/shared/forms/use-lead-form";
import { SelectField } from "~/shared/ui/field";
import { LeadFormFrame, LeadMessageField, LeadTextFields } from "~/shared/ui/lead-form";
import { PLAN_TYPES, type PlanType } from "~/content/plans";
import { INFO_REQUEST_CLOSE_MS, INFO_REQUEST_MESSAGES, planTypeLabel } from "./messages";

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
 * name, questions or comments, all required; the plan type travels with it (its English value;
 * the page's language only in what is shown).
 */
export function RequestInfoForm({ planType, choosePlan = false, initialResult, initialValues, onDone }: RequestInfoFormProps) {
  const lead = useLeadForm({
    initialResult,
    loadSchema,
    failureMessage: () => INFO_REQUEST_MESSAGES.failed(),
    submitOnce: true,
  });
  const id = useId();
  const { state, fieldErrors: errors } = lead;
  const values = state.status === "error" ? initialValues : undefined;
  const fields = { idPrefix: id, values, errors };

  useEffect(() => {
    if (state.status !== "success" || !onDone) return;
    const timer = setTimeout(onDone, INFO_REQUEST_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [state, onDone]);

  const selectedPlan = values?.planType ?? planType;

  return (
    <LeadFormFrame
      form="request-information"
      label={m.forms_info_request_form()}
      lead={lead}
      locked={state.status === "success" && Boolean(onDone)}
      fieldsetClassName="grid gap-4"
      submitLabel={m.forms_info_request_send()}
      submitClassName="w-full sm:w-auto"
    >
      {choosePlan ? (
        <SelectField id={`${id}-plan`} name="planType" label={m.forms_info_request_plan()} defaultValue={selectedPlan ?? PLAN_TYPES[0]} error={errors.planType}>
          {PLAN_TYPES.map((plan) => (
            <option key={plan} value={plan}>
              {planTypeLabel(plan)}
            </option>
          ))}
        </SelectField>
      ) : (
        <input type="hidden" name="planType" value={planType ?? ""} />
      )}
      <LeadTextFields names={["name", "email", "phone", "company"]} className="grid gap-4 sm:grid-cols-2" autofocusFirst={Boolean(onDone)} {...fields} />
      <LeadMessageField label={m.forms_info_request_questions()} rows={4} {...fields} />
    </LeadFormFrame>
  );
}
