import { type ReactNode, useEffect } from "react";
import { hydrateRoot } from "react-dom/client";

/** Runs `onHydrated` once React has committed the island. */
function Hydrated({ onHydrated, children }: { onHydrated: () => void; children: ReactNode }) {
  useEffect(onHydrated, [onHydrated]);
  return children;
}

const started = new WeakMap<HTMLElement, Promise<void>>();

const FOCUSABLE = "a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex='-1'])";

/**
 * Hydrates one island (decision 0044): `tree` must be what the route renders inside `element`, so
 * React adopts the pre-rendered markup as it is. Once per element; resolves when hydrated, and
 * marks it `data-hydrated` (for tests and for anyone inspecting the page).
 *
 * An island may render another element once hydrated (a link to the form page becomes the
 * button that opens the modal): if the one replaced had the focus (a keyboard user tabbed to it,
 * which is what started the hydration), the focus moves to its replacement instead of the page.
 */
export function hydrateIsland(element: HTMLElement, tree: ReactNode): Promise<void> {
  const existing = started.get(element);
  if (existing) return existing;
  let focused = document.activeElement instanceof HTMLElement && element.contains(document.activeElement) ? document.activeElement : null;
  const onFocusIn = (event: FocusEvent) => {
    if (event.target instanceof HTMLElement) focused = event.target;
  };
  element.addEventListener("focusin", onFocusIn);
  // React replaces the element in a render right after the hydrating one: watch the DOM a moment.
  const keepFocus = new MutationObserver(() => {
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (focused && !focused.isConnected && lost) element.querySelector<HTMLElement>(FOCUSABLE)?.focus();
  });
  keepFocus.observe(element, { childList: true, subtree: true });
  const hydrated = new Promise<void>((resolve) => {
    const onHydrated = () => {
      element.setAttribute("data-hydrated", "");
      setTimeout(() => {
        keepFocus.disconnect();
        element.removeEventListener("focusin", onFocusIn);
      }, 1_000);
      resolve();
    };
    hydrateRoot(element, <Hydrated onHydrated={onHydrated}>{tree}</Hydrated>);
  });
  started.set(element, hydrated);
  return hydrated;
}
