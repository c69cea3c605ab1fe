/**
 * What both halves of the frame script (./frame-first.ts, ./frame-actions.ts) use: no effects of
 * its own, so each half can be bundled alone.
 */
import { readAppliedPreferences } from "~/features/accessibility/preferences";
import { GLIDING_ATTRIBUTE } from "./frame-markers";

export const root = document.documentElement;

export const byTestId = (id: string): Element | null => document.querySelector(`[data-testid="${id}"]`);

export const reducedMotion = (): boolean => matchMedia("(prefers-reduced-motion: reduce)").matches;

/** The toggles' aria-pressed, from the preferences <html> carries. */
export function syncToggles(): void {
  const { fontSize, contrast } = readAppliedPreferences();
  byTestId("toggle-font-size")?.setAttribute("aria-pressed", String(fontSize === "large"));
  byTestId("toggle-contrast")?.setAttribute("aria-pressed", String(contrast === "high"));
}

/** Session storage, which can be unavailable (private mode, disabled): then nothing is remembered. */
export function takeSessionItem(key: string, value?: string): string | null {
  try {
    const previous = sessionStorage.getItem(key);
    if (value === undefined) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, value);
    return previous;
  } catch {
    return null;
  }
}

/**
 * Scrolls to `target` smoothly (the browser's own smooth scroll), marking <html> with
 * GLIDING_ATTRIBUTE until the scroll ends so an island loader does not jump there meanwhile.
 */
export function glideTo(scroll: () => void): void {
  root.setAttribute(GLIDING_ATTRIBUTE, "");
  root.style.scrollBehavior = "smooth";
  const done = () => {
    root.removeAttribute(GLIDING_ATTRIBUTE);
    root.style.scrollBehavior = "";
    document.removeEventListener("scrollend", done);
  };
  document.addEventListener("scrollend", done);
  // No scrollend when there was nothing to scroll, or in a browser without the event.
  setTimeout(done, 3000);
  scroll();
}
