import { Link, useActionData } from "react-router";
import { PRODUCT_NAME } from "~/content/brand";
import { ContactSection } from "~/features/contact/contact-section";
import { CONTACT_HEADING_ID } from "~/features/contact/ids";
import { servicesContext } from "~/context.server";
import type { FormActionData } from "~/shared/forms/form-result";
import { formAction } from "~/shared/forms/route-action.server";
import type { Route } from "./+types/contact";

/** Where the contact form posts without JavaScript (JavaScript clients get JSON on the same URL). */
export function action({ request, context }: Route.ActionArgs) {
  const { forms } = context.get(servicesContext);
  return formAction(request, (input) => forms.submit("contact", input));
}

export const meta: Route.MetaFunction = () => [
  { title: `Contact us | ${PRODUCT_NAME}` },
  { name: "robots", content: "noindex" },
];

export default function ContactPage() {
  const answer = useActionData<FormActionData>();
  return (
    <div className="px-4 py-16 sm:py-24">
      <h1 className="sr-only">Contact</h1>
      {answer?.result.ok ? (
        <div className="mx-auto mb-10 max-w-5xl rounded-xl border border-line bg-surface p-6 text-center">
          <p className="text-2xl font-bold">THANK YOU</p>
          <p className="mt-2">Email has been successfully submitted</p>
        </div>
      ) : null}
      <section id="contact" aria-labelledby={CONTACT_HEADING_ID}>
        <ContactSection initialResult={answer?.result} initialValues={answer?.values} />
      </section>
      <p className="mt-10 text-center">
        <Link to="/" className="font-medium text-brand underline">
          Back to the home page
        </Link>
      </p>
    </div>
  );
}
