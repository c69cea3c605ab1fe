import { useActionData } from "react-router";
import { NewsletterBlock } from "~/features/newsletter/newsletter-block";
import * as m from "~/paraglide/messages.js";
import type { FormActionData } from "~/shared/forms/form-result";
import { leadFormAction } from "~/shared/forms/route-action.server";
import { formPageMeta } from "~/shared/seo/meta";
import { LeadFormPage } from "~/shared/ui/lead-form-page";
import type { Route } from "./+types/newsletter";

/**
 * Where the newsletter form posts without JavaScript (JavaScript clients get JSON on the same URL):
 * a sign-up that succeeded is sent on to the pre-rendered /newsletter/subscribed (in the URL's
 * language: /fr/newsletter → /fr/newsletter/subscribed); an error is answered here, with the form
 * and what was typed.
 */
export const action = leadFormAction("newsletter");

export const meta: Route.MetaFunction = () => formPageMeta(m.forms_newsletter_page());

export default function NewsletterPage() {
  const answer = useActionData<FormActionData>();
  return (
    <LeadFormPage width="max-w-3xl">
      <h1 className="sr-only">{m.forms_newsletter_page()}</h1>
      <NewsletterBlock initialResult={answer?.result} page="/newsletter" />
    </LeadFormPage>
  );
}
