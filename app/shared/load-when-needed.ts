import { type ComponentType, lazy } from "react";

/**
 * A component whose code stays out of the page's first load. The pre-rendered HTML already shows
 * it (and its plain forms work without JavaScript); in the browser its code is fetched, and that
 * part of the page hydrated, only when the visitor gets near it, focuses or touches it, or the
 * browser is idle. Render it inside <Suspense> whose boundary sits around the anchor element.
 *
 * After a client-side navigation (the anchor is not in the document yet) it loads at once.
 */
export function lazyWhenNeeded<Props extends object>(
  anchorId: string,
  load: () => Promise<ComponentType<Props>>,
): ComponentType<Props> {
  return lazy(async () => {
    if (typeof document !== "undefined") await needed(anchorId);
    return { default: await load() };
  });
}

function needed(anchorId: string): Promise<void> {
  const anchor = document.getElementById(anchorId);
  if (!anchor) return Promise.resolve();
  return new Promise((resolve) => {
    const cleanups: Array<() => void> = [];
    const done = () => {
      for (const cleanup of cleanups) cleanup();
      resolve();
    };
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && done(), {
      rootMargin: "400px 0px",
    });
    observer.observe(anchor);
    cleanups.push(() => observer.disconnect());
    for (const type of ["focusin", "pointerdown"] as const) {
      anchor.addEventListener(type, done, { once: true });
      cleanups.push(() => anchor.removeEventListener(type, done));
    }
    if ("requestIdleCallback" in window) {
      const idle = window.requestIdleCallback(done, { timeout: 4_000 });
      cleanups.push(() => window.cancelIdleCallback(idle));
    }
  });
}
