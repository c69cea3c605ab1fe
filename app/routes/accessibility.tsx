import { accessibilityStatement } from "~/content/legal";
import { LegalDocument, legalMeta } from "~/features/legal/legal-page";
import type { Route } from "./+types/accessibility";

export const meta: Route.MetaFunction = () => legalMeta(accessibilityStatement);

export default function Page() {
  return <LegalDocument page={accessibilityStatement} />;
}
