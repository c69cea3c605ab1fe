import { useActionData } from "react-router";
import { PLAN_TYPES, type PlanType } from "~/content/plans";
import { RequestInfoForm } from "~/features/info-request/request-info-form";
import * as m from "~/paraglide/messages.js";
import type { FormActionData } from "~/shared/forms/form-result";
import { leadFormAction } from "~/shared/forms/route-action.server";
import { formPageMeta } from "~/shared/seo/meta";
import { LeadFormPage } from "~/shared/ui/lead-form-page";
import type { Route } from "./+types/request-information";

/** The Request More Information form as a page: where the plan buttons lead without JavaScript. */
export function loader({ request }: Route.LoaderArgs) {
  const plan = new URL(request.url).searchParams.get("plan");
  return { planType: (PLAN_TYPES as readonly string[]).includes(plan ?? "") ? (plan as PlanType) : undefined };
}

export const action = leadFormAction("request-information");

export const meta: Route.MetaFunction = () => formPageMeta(m.forms_info_request_title());

export default function RequestInformationPage({ loaderData }: Route.ComponentProps) {
  const answer = useActionData<FormActionData>();
  return (
    <LeadFormPage width="max-w-2xl" back={{ to: "/platform", label: m.forms_info_request_back(), centered: false }}>
      <h1 className="text-3xl font-bold">{m.forms_info_request_title()}</h1>
      <p className="mt-3 text-muted">{m.forms_info_request_page_text()}</p>
      <div className="mt-8">
        <RequestInfoForm planType={loaderData.planType} choosePlan initialResult={answer?.result} initialValues={answer?.values} />
      </div>
    </LeadFormPage>
  );
}
