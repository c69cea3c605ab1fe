import { platform } from "~/content/platform";
import { PlatformTabs } from "~/features/platform/platform-tabs";
import { FeaturesSection, PlanGroupSection, PlatformIntro, VisionSection } from "~/features/platform/platform-sections";
import { islandPage } from "~/features/layout/static-page";
import * as m from "~/paraglide/messages.js";
import { getLocale } from "~/shared/i18n/locale";
import { pageMeta } from "~/shared/seo/meta";
import type { Route } from "./+types/platform";

/**
 * Served as islands (decision 0044): no React Router scripts; app/islands/platform.ts runs the tabs
 * and hydrates the "Request More Information" buttons (app/islands/platform-react.tsx).
 */
export const handle = islandPage("platform");

export const meta: Route.MetaFunction = () => {
  const { overview } = platform[getLocale()];
  return pageMeta({ title: m.platform_meta_title(), description: overview.description.split(". ").slice(0, 2).join(". ") + "." });
};

export default function Platform() {
  const { subscriptionPlans, governmentSolutions, trainingPrograms, tokenSystem } = platform[getLocale()];
  return (
    <>
      <PlatformIntro />
      <PlatformTabs />
      <FeaturesSection />
      <PlanGroupSection group={subscriptionPlans} tone="surface" />
      <PlanGroupSection group={governmentSolutions} />
      <PlanGroupSection group={trainingPrograms} tone="surface" />
      <PlanGroupSection group={tokenSystem} />
      <VisionSection />
    </>
  );
}
