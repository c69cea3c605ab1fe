import { privacyPolicy } from "~/content/legal";
import { LegalDocument, legalMeta } from "~/features/legal/legal-page";
import type { Route } from "./+types/privacy";

export const meta: Route.MetaFunction = () => legalMeta(privacyPolicy);

export default function Page() {
  return <LegalDocument page={privacyPolicy} />;
}
