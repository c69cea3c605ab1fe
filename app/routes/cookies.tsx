import { cookiePolicy } from "~/content/legal";
import { LegalDocument, legalMeta } from "~/features/legal/legal-page";
import type { Route } from "./+types/cookies";

export const meta: Route.MetaFunction = () => legalMeta(cookiePolicy);

export default function Page() {
  return <LegalDocument page={cookiePolicy} />;
}
