import { LegalDocument, legalMeta } from "~/features/legal/legal-page";
import { staticPage } from "~/features/layout/static-page";
import type { Route } from "./+types/terms";

/** No framework JavaScript on this page (decision 0042). */
export const handle = staticPage;

export const meta: Route.MetaFunction = () => legalMeta("termsOfService");

export default function Page() {
  return <LegalDocument name="termsOfService" />;
}
