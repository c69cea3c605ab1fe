/**
 * React for /platform's islands (decision 0044), imported by ./platform.ts: the four "Request More
 * Information" buttons (app/features/platform/platform-sections.tsx renders each inside a
 * `data-island="request-info"` element); the modal and its form load when a button is used.
 */
import { RequestInfoButton } from "~/features/info-request/request-info-button";
import { PLAN_TYPES, type PlanType } from "~/features/info-request/messages";
import { hydrateIsland } from "./hydrate";

const isPlanType = (value: string | undefined): value is PlanType => (PLAN_TYPES as readonly string[]).includes(value ?? "");

export function hydratePlatformIsland(element: HTMLElement): void {
  const plan = element.dataset.plan;
  if (element.dataset.island === "request-info" && isPlanType(plan)) hydrateIsland(element, <RequestInfoButton planType={plan} />);
}
