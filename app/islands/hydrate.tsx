import { type ReactNode, useEffect } from "react";
import { hydrateRoot } from "react-dom/client";

/** Marks the island hydrated (`data-hydrated`), for tests and for anyone inspecting the page. */
function Hydrated({ onHydrated, children }: { onHydrated: () => void; children: ReactNode }) {
  useEffect(onHydrated, [onHydrated]);
  return children;
}

const started = new WeakSet<HTMLElement>();

/**
 * Hydrates one island (decision 0044): `tree` must be what the route renders inside `element`, so
 * React adopts the pre-rendered markup as it is. Once per element.
 */
export function hydrateIsland(element: HTMLElement, tree: ReactNode): void {
  if (started.has(element)) return;
  started.add(element);
  const onHydrated = () => element.setAttribute("data-hydrated", "");
  hydrateRoot(element, <Hydrated onHydrated={onHydrated}>{tree}</Hydrated>);
}
