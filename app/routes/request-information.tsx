import { Link, useActionData } from "react-router";
import { PRODUCT_NAME } from "~/content/brand";
import { PLAN_TYPES, type PlanType } from "~/features/info-request/messages";
import { RequestInfoForm } from "~/features/info-request/request-info-form";
import { servicesContext } from "~/context.server";
import type { FormActionData } from "~/shared/forms/form-result";
import { formAction } from "~/shared/forms/route-action.server";
import type { Route } from "./+types/request-information";

/** The Request More Information form as a page: where the plan buttons lead without JavaScript. */
export function loader({ request }: Route.LoaderArgs) {
  const plan = new URL(request.url).searchParams.get("plan");
  return { planType: (PLAN_TYPES as readonly string[]).includes(plan ?? "") ? (plan as PlanType) : undefined };
}

export function action({ request, context }: Route.ActionArgs) {
  const { forms } = context.get(servicesContext);
  return formAction(request, (input) => forms.submit("request-information", input));
}

export const meta: Route.MetaFunction = () => [
  { title: `Request More Information | ${PRODUCT_NAME}` },
  { name: "robots", content: "noindex" },
];

export default function RequestInformationPage({ loaderData }: Route.ComponentProps) {
  const answer = useActionData<FormActionData>();
  return (
    <div className="mx-auto max-w-2xl px-4 py-16 sm:py-24">
      <h1 className="text-3xl font-bold">Request More Information</h1>
      <p className="mt-3 text-muted">Tell us about your needs and we will contact you.</p>
      <div className="mt-8">
        <RequestInfoForm planType={loaderData.planType} choosePlan initialResult={answer?.result} initialValues={answer?.values} />
      </div>
      <p className="mt-10">
        <Link to="/platform" className="font-medium text-brand underline">
          Back to the platform overview
        </Link>
      </p>
    </div>
  );
}
