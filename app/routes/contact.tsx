import { useActionData } from "react-router";
import { ContactSection } from "~/features/contact/contact-section";
import { CONTACT_HEADING_ID } from "~/features/contact/ids";
import * as m from "~/paraglide/messages.js";
import type { FormActionData } from "~/shared/forms/form-result";
import { leadFormAction } from "~/shared/forms/route-action.server";
import { formPageMeta } from "~/shared/seo/meta";
import { LeadFormPage } from "~/shared/ui/lead-form-page";
import type { Route } from "./+types/contact";

/** Where the contact form posts without JavaScript (JavaScript clients get JSON on the same URL). */
export const action = leadFormAction("contact");

export const meta: Route.MetaFunction = () => formPageMeta(m.forms_contact_heading());

export default function ContactPage() {
  const answer = useActionData<FormActionData>();
  return (
    <LeadFormPage>
      <h1 className="sr-only">{m.forms_contact_page()}</h1>
      {answer?.result.ok ? (
        <div className="mx-auto mb-10 max-w-5xl rounded-xl border border-line bg-surface p-6 text-center">
          <p className="text-2xl font-bold">{m.forms_thank_you_title()}</p>
          <p className="mt-2">{m.forms_thank_you_text()}</p>
        </div>
      ) : null}
      <section id="contact" aria-labelledby={CONTACT_HEADING_ID}>
        <ContactSection initialResult={answer?.result} initialValues={answer?.values} />
      </section>
    </LeadFormPage>
  );
}
