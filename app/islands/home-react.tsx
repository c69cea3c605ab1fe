/**
 * React for Home's islands (decision 0044), imported by ./home.ts when the first island is needed:
 * hydrates each `data-island` element with its tree from ./home-islands.tsx (the toaster's is the
 * one app/root.tsx renders).
 */
import { ContactSection } from "~/features/contact/contact-section";
import { NewsletterBlock } from "~/features/newsletter/newsletter-block";
import { Toaster } from "~/shared/ui/toast";
import { type HomeIsland, homeIslands } from "./home-islands";
import { hydrateIsland } from "./hydrate";

const TREES = homeIslands({ ContactSection, NewsletterBlock });

const isHomeIsland = (name: string | undefined): name is HomeIsland => name !== undefined && Object.hasOwn(TREES, name);

/**
 * Hydrates the island `element` (named by its data-island), and the toasts' live regions with the
 * first. Resolves once hydrated; rejects for an element that is not one of Home's islands.
 */
export function hydrateHomeIsland(element: HTMLElement): Promise<void> {
  const toaster = document.querySelector<HTMLElement>('[data-island="toaster"]');
  if (toaster) void hydrateIsland(toaster, <Toaster />);
  const name = element.dataset.island;
  if (isHomeIsland(name)) return hydrateIsland(element, TREES[name]);
  return Promise.reject(new Error(`not a Home island: ${name ?? "?"}`));
}
