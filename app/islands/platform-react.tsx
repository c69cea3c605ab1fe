/**
 * React for /platform's islands (decision 0044), imported by ./platform.ts: the four "Request More
 * Information" buttons, each hydrated with its tree from ./platform-islands.tsx; the modal and its
 * form load when a button is used.
 */
import { PLAN_TYPES, type PlanType } from "~/content/plans";
import { hydrateIsland } from "./hydrate";
import { requestInfoIsland } from "./platform-islands";

const isPlanType = (value: string | undefined): value is PlanType => (PLAN_TYPES as readonly string[]).includes(value ?? "");

/** Resolves once the island is hydrated; rejects for an element that is not one of these islands. */
export function hydratePlatformIsland(element: HTMLElement): Promise<void> {
  const plan = element.dataset.plan;
  if (element.dataset.island === "request-info" && isPlanType(plan)) return hydrateIsland(element, requestInfoIsland(plan));
  return Promise.reject(new Error(`not a /platform island: ${element.dataset.island ?? "?"}`));
}
