import { legal } from "~/content/legal";
import { LegalDocument, legalMeta } from "~/features/legal/legal-page";
import { staticPage } from "~/features/layout/static-page";
import { getLocale } from "~/shared/i18n/locale";
import type { Route } from "./+types/accessibility";

/** No framework JavaScript on this page (decision 0042). */
export const handle = staticPage;

export const meta: Route.MetaFunction = () => legalMeta(legal[getLocale()].accessibilityStatement);

export default function Page() {
  return <LegalDocument page={legal[getLocale()].accessibilityStatement} />;
}
