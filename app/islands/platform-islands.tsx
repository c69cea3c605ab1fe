/**
 * What /platform renders inside each `data-island="request-info"` element (decision 0044), declared
 * once: app/features/platform/platform-sections.tsx renders it in the page and ./platform-react.tsx
 * hydrates the same tree, so hydration adopts the pre-rendered markup as it is.
 */
import { RequestInfoButton } from "~/features/info-request/request-info-button";
import type { PlanType } from "~/content/plans";

export const requestInfoIsland = (plan: PlanType) => <RequestInfoButton planType={plan} />;
