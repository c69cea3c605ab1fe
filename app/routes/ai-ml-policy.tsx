import { aiMlPolicy } from "~/content/legal";
import { LegalDocument, legalMeta } from "~/features/legal/legal-page";
import type { Route } from "./+types/ai-ml-policy";

export const meta: Route.MetaFunction = () => legalMeta(aiMlPolicy);

export default function Page() {
  return <LegalDocument page={aiMlPolicy} />;
}
