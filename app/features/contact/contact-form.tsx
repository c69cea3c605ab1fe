import { lazy, Suspense, useId, useRef, useState } from "react";
import { TEAM_EMAIL } from "~/content/brand";
import { type FormResult, LIMITS } from "~/shared/forms/form-result";
import { LEAD_FORM_PATHS } from "~/shared/forms/lead-forms";
import { useLeadForm } from "~/shared/forms/use-lead-form";
import { Honeypot, TextArea, TextField, FormOutcome, SUBMIT_BUTTON_CLASS } from "~/shared/ui/field";
import { CATEGORY_LABELS, CONTACT_CATEGORIES, CONTACT_MESSAGES, type ContactCategory } from "./messages";

const ThankYouModal = lazy(() => import("~/shared/ui/thank-you-modal"));
const loadSchema = () => import("./schema").then((module) => module.contactSchema);

/**
 * The contact form (spec §3–§5, §8): name, email, category (buttons; default question), message.
 * Sending: "Sending..." and the fields disabled; success: the Thank you modal, the form reset and
 * the success text; errors inline. Posts to /contact, so it works without JavaScript too.
 */
export function ContactForm({ initialResult, initialValues }: { initialResult?: FormResult; initialValues?: Record<string, string> }) {
  const [thanksOpen, setThanksOpen] = useState(false);
  const [thanksLoaded, setThanksLoaded] = useState(false);
  // Keeps what was typed after a failed no-JavaScript post (the page re-renders with the values).
  const [formKey, setFormKey] = useState(0);
  const { state, sending, fieldErrors: errors, formError, onSubmit, preloadSchema } = useLeadForm({
    initialResult,
    loadSchema,
    failureMessage: (kind) => (kind === "failed" ? CONTACT_MESSAGES.failed(TEAM_EMAIL) : CONTACT_MESSAGES.unexpected),
    onSuccess: () => {
      setFormKey((key) => key + 1);
      setThanksLoaded(true);
      setThanksOpen(true);
    },
  });
  const id = useId();
  const submitRef = useRef<HTMLButtonElement>(null);
  const values = state.status === "error" ? initialValues : undefined;
  const defaultCategory = (CONTACT_CATEGORIES as readonly string[]).includes(values?.category ?? "") ? (values?.category as ContactCategory) : "question";

  return (
    <>
      <form
        key={formKey}
        method="post"
        action={LEAD_FORM_PATHS.contact}
        noValidate
        aria-label="Contact form"
        aria-busy={sending || undefined}
        onFocus={preloadSchema}
        onSubmit={(event) => void onSubmit(event)}
        className="relative"
      >
        <fieldset disabled={sending} className="grid gap-5">
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField id={`${id}-name`} name="name" label="Name" autoComplete="name" required maxLength={LIMITS.name} defaultValue={values?.name} error={errors.name} />
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
          </div>
          <fieldset aria-describedby={errors.category ? `${id}-category-error` : undefined}>
            <legend className="font-medium">What is it about?</legend>
            <div className="mt-2 flex flex-wrap gap-2">
              {CONTACT_CATEGORIES.map((category) => (
                <label key={category} className="cursor-pointer">
                  <input type="radio" name="category" value={category} defaultChecked={category === defaultCategory} className="peer sr-only" />
                  <span className="inline-block rounded-full border border-line px-4 py-2 text-sm font-medium peer-checked:border-brand peer-checked:bg-brand peer-checked:text-white peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand">
                    {CATEGORY_LABELS[category]}
                  </span>
                </label>
              ))}
            </div>
            {errors.category ? (
              <p id={`${id}-category-error`} className="mt-1 text-sm font-medium text-brand">
                {errors.category}
              </p>
            ) : null}
          </fieldset>
          <TextArea
            id={`${id}-message`}
            name="message"
            label="Message"
            required
            maxLength={LIMITS.message}
            rows={5}
            defaultValue={values?.message}
            error={errors.message}
          />
          <Honeypot />
          <div>
            <button
              ref={submitRef}
              type="submit"
              className={SUBMIT_BUTTON_CLASS}
            >
              {sending ? "Sending..." : "Send message"}
            </button>
          </div>
        </fieldset>
      </form>
      <FormOutcome success={state.status === "success" ? state.message : undefined} error={formError} />
      {thanksLoaded ? (
        <Suspense fallback={null}>
          <ThankYouModal open={thanksOpen} onClose={() => setThanksOpen(false)} returnFocusTo={submitRef} />
        </Suspense>
      ) : null}
    </>
  );
}
