/**
 * What every island loader (./home.ts, ./platform.ts; decision 0044) does on a page served
 * without React Router: open at the top or at the hash target, and run work when the browser is
 * idle or when an element is needed. No React here.
 */
import { hashTargetId } from "~/features/layout/hash-target";
import { DEFERRED_LAYOUT_ATTRIBUTE, GLIDING_ATTRIBUTE, layOutDeferredSections } from "~/features/layout/frame-markers";

/** The element a URL hash points to; a malformed percent-encoding falls back to the raw text. */
export function hashTarget(): HTMLElement | null {
  return location.hash.length > 1 ? document.getElementById(hashTargetId(location.hash)) : null;
}

/**
 * Spec §2: the page opens at its top, or at the hash target (as useScrollManagement does on a page
 * React renders, after a reload too). Returns the target.
 */
export function openAtTarget(): HTMLElement | null {
  if ("scrollRestoration" in history) history.scrollRestoration = "manual";
  const target = hashTarget();
  // The frame script is already gliding there (a hash link from another page).
  if (target && document.documentElement.hasAttribute(GLIDING_ATTRIBUTE)) return target;
  if (target) {
    // Over sections still at their guessed sizes the jump would land off its target.
    layOutDeferredSections();
    target.scrollIntoView({ behavior: "instant", block: "start" });
  }
  else scrollTo({ top: 0, left: 0, behavior: "instant" });
  return target;
}

/**
 * The sections the first paint left to be laid out when near (DEFERRED_LAYOUT_ATTRIBUTE): laid out
 * one per idle moment, each a short task, so the page takes its real length before the visitor
 * moves through it.
 */
export function layOutDeferredWhenIdle(): void {
  const next = document.querySelector(`[${DEFERRED_LAYOUT_ATTRIBUTE}]`);
  if (!next) return;
  next.removeAttribute(DEFERRED_LAYOUT_ATTRIBUTE);
  whenIdle(layOutDeferredWhenIdle);
}

export function whenIdle(run: () => void): void {
  if ("requestIdleCallback" in window) window.requestIdleCallback(run, { timeout: 4000 });
  else setTimeout(run, 1500);
}

/**
 * Runs `run` once: when the element is within 400 px of the viewport, focused or touched, when
 * `target` (the hash target) is inside it, or, with `idle`, when the browser is idle.
 */
export function whenNeeded(element: HTMLElement, run: () => void, { target, idle = false }: { target?: HTMLElement | null; idle?: boolean } = {}): void {
  if (target && (element.contains(target) || target.contains(element))) {
    run();
    return;
  }
  let done = false;
  const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && go(), { rootMargin: "400px 0px" });
  function go() {
    if (done) return;
    done = true;
    observer.disconnect();
    element.removeEventListener("focusin", go);
    element.removeEventListener("pointerdown", go);
    run();
  }
  observer.observe(element);
  element.addEventListener("focusin", go);
  element.addEventListener("pointerdown", go);
  if (idle) whenIdle(go);
}
