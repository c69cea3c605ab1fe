import { TEAM_EMAIL } from "~/content/brand";
import * as m from "~/paraglide/messages.js";
import type { FormResult } from "~/shared/forms/form-result";
import { ContactForm } from "./contact-form";
import { CONTACT_HEADING_ID } from "./ids";

/**
 * The content of Home's contact section (anchor `contact`): heading, how to reach the team, and
 * the contact form in place, where the header's Contact link lands (no extra click, no modal to
 * dismiss). The Thank you modal opens after a successful send.
 */
export function ContactSection({ initialResult, initialValues }: { initialResult?: FormResult; initialValues?: Record<string, string> }) {
  return (
    <div className="mx-auto grid max-w-5xl gap-10 lg:grid-cols-[1fr_1.4fr]">
      <div>
        <h2 id={CONTACT_HEADING_ID} className="text-3xl font-bold">
          {m.forms_contact_heading()}
        </h2>
        <p className="mt-4 text-muted">{m.forms_contact_intro()}</p>
        <p className="mt-4">
          {m.forms_contact_prefer_email()}{" "}
          <a className="font-medium text-brand underline" href={`mailto:${TEAM_EMAIL}`}>
            {TEAM_EMAIL}
          </a>
          .
        </p>
      </div>
      <ContactForm initialResult={initialResult} initialValues={initialValues} />
    </div>
  );
}
