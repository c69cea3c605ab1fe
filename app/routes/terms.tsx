import { termsOfService } from "~/content/legal";
import { LegalDocument, legalMeta } from "~/features/legal/legal-page";
import type { Route } from "./+types/terms";

export const meta: Route.MetaFunction = () => legalMeta(termsOfService);

export default function Page() {
  return <LegalDocument page={termsOfService} />;
}
