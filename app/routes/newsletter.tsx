import { Link, useActionData } from "react-router";
import { PRODUCT_NAME } from "~/content/brand";
import { NewsletterBlock } from "~/features/newsletter/newsletter-block";
import { servicesContext } from "~/context.server";
import type { FormActionData } from "~/shared/forms/form-result";
import { formAction } from "~/shared/forms/route-action.server";
import type { Route } from "./+types/newsletter";

/** Where the newsletter form posts without JavaScript (JavaScript clients get JSON on the same URL). */
export function action({ request, context }: Route.ActionArgs) {
  const { forms } = context.get(servicesContext);
  return formAction(request, (input) => forms.submit("newsletter", input));
}

export const meta: Route.MetaFunction = () => [
  { title: `Newsletter | ${PRODUCT_NAME}` },
  { name: "robots", content: "noindex" },
];

export default function NewsletterPage() {
  const answer = useActionData<FormActionData>();
  return (
    <div className="mx-auto max-w-3xl px-4 py-16 sm:py-24">
      <h1 className="sr-only">Newsletter</h1>
      <NewsletterBlock initialResult={answer?.result} />
      <p className="mt-10 text-center">
        <Link to="/" className="font-medium text-brand underline">
          Back to the home page
        </Link>
      </p>
    </div>
  );
}
