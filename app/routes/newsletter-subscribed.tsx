import { staticPage } from "~/features/layout/static-page";
import { NEWSLETTER_MESSAGES } from "~/features/newsletter/messages";
import { NewsletterBlock } from "~/features/newsletter/newsletter-block";
import * as m from "~/paraglide/messages.js";
import { LEAD_FORM_PATHS } from "~/shared/forms/lead-forms";
import { formPageMeta } from "~/shared/seo/meta";
import { LeadFormPage } from "~/shared/ui/lead-form-page";
import type { Route } from "./+types/newsletter-subscribed";

/**
 * Where a plain (no-JavaScript) sign-up lands once it succeeded (LEAD_FORM_SENT_PATHS, decision
 * 0079): the success text, the form for another address, a link back. Pre-rendered and served
 * without framework JavaScript, like the legal pages (decision 0042).
 */
export const handle = staticPage;

export const meta: Route.MetaFunction = () => formPageMeta(m.forms_newsletter_page());

export default function NewsletterSubscribedPage() {
  return (
    <LeadFormPage width="max-w-3xl">
      <h1 className="sr-only">{m.forms_newsletter_page()}</h1>
      <NewsletterBlock initialResult={{ ok: true, message: NEWSLETTER_MESSAGES.success() }} page={LEAD_FORM_PATHS.newsletter} />
    </LeadFormPage>
  );
}
