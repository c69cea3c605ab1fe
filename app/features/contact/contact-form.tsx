import { lazy, Suspense, useRef, useState } from "react";
import { TEAM_EMAIL } from "~/content/brand";
import * as m from "~/paraglide/messages.js";
import type { FormResult } from "~/shared/forms/form-result";
import { useLeadForm } from "~/shared/forms/use-lead-form";
import { FieldError } from "~/shared/ui/field";
import { LeadFormFrame, LeadMessageField, LeadTextFields } from "~/shared/ui/lead-form";
import { categoryLabel, CONTACT_CATEGORIES, CONTACT_MESSAGES, type ContactCategory } from "./messages";

const ThankYouModal = lazy(() => import("~/shared/ui/thank-you-modal"));
const loadSchema = () => import("./schema").then((module) => module.contactSchema);

/**
 * The contact form (spec §3–§5, §8): name, email, category (buttons; default question), message.
 * Sending: "Sending..." and the fields disabled; success: the Thank you modal and the form reset,
 * the modal being the one confirmation; errors inline; every text in the page's language. Posts to
 * /contact (/fr/contact), so it works without JavaScript too: the page it renders then shows THANK
 * YOU and the success text (routes/contact.tsx).
 */
export function ContactForm({ initialResult, initialValues }: { initialResult?: FormResult; initialValues?: Record<string, string> }) {
  const [thanksOpen, setThanksOpen] = useState(false);
  const [thanksLoaded, setThanksLoaded] = useState(false);
  // Keeps what was typed after a failed no-JavaScript post (the page re-renders with the values).
  const [formKey, setFormKey] = useState(0);
  const lead = useLeadForm({
    initialResult,
    loadSchema,
    failureMessage: (kind) => (kind === "failed" ? CONTACT_MESSAGES.failed(TEAM_EMAIL) : CONTACT_MESSAGES.unexpected()),
    onSuccess: () => {
      setFormKey((key) => key + 1);
      setThanksLoaded(true);
      setThanksOpen(true);
    },
  });
  // One contact form per page: a fixed id prefix, the same in the page and in an island's hydration
  // (useId's ids depend on the position in the React tree, which differs there; decision 0044).
  const id = "contact-form";
  const submitRef = useRef<HTMLButtonElement>(null);
  const { state, fieldErrors: errors } = lead;
  const values = state.status === "error" ? initialValues : undefined;
  const fields = { idPrefix: id, values, errors };
  const defaultCategory = (CONTACT_CATEGORIES as readonly string[]).includes(values?.category ?? "") ? (values?.category as ContactCategory) : "question";

  return (
    <>
      <LeadFormFrame
        form="contact"
        label={m.forms_contact_form()}
        lead={lead}
        formKey={formKey}
        fieldsetClassName="grid gap-5"
        submitLabel={m.forms_contact_send()}
        submitRef={submitRef}
        // A send made here opened the modal; a plain post's page has no modal and shows the text.
        successBelow={!thanksLoaded}
      >
        <LeadTextFields names={["name", "email"]} className="grid gap-5 sm:grid-cols-2" {...fields} />
        <fieldset aria-describedby={errors.category ? `${id}-category-error` : undefined}>
          <legend className="font-medium">{m.forms_contact_about()}</legend>
          <div className="mt-2 flex flex-wrap gap-2">
            {CONTACT_CATEGORIES.map((category) => (
              <label key={category} className="cursor-pointer">
                <input type="radio" name="category" value={category} defaultChecked={category === defaultCategory} className="peer sr-only" />
                <span className="inline-block rounded-full border border-line px-4 py-2 text-sm font-medium peer-checked:border-brand peer-checked:bg-brand peer-checked:text-white peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand">
                  {categoryLabel(category)}
                </span>
              </label>
            ))}
          </div>
          <FieldError id={`${id}-category`} error={errors.category} />
        </fieldset>
        <LeadMessageField label={m.forms_contact_message()} rows={5} {...fields} />
      </LeadFormFrame>
      {thanksLoaded ? (
        <Suspense fallback={null}>
          <ThankYouModal open={thanksOpen} onClose={() => setThanksOpen(false)} returnFocusTo={submitRef} detail={state.status === "success" ? state.message : undefined} />
        </Suspense>
      ) : null}
    </>
  );
}
