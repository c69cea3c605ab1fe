/**
 * Home's island loader (issue 12, decision 0044). Home is served without React Router's scripts;
 * the build bundles this module (scripts/build-server.ts) and the page loads it after its `load`
 * event. It holds no React: it mounts the hero video (a plain iframe, after an idle period) and,
 * for each `data-island` element of the page, imports ./home-react.tsx (React and the island's
 * components) only when the element comes near the viewport, or is focused or touched, then
 * hydrates it in place. The frame (menu, banner, accessibility controls) is the static pages'
 * inline script (decision 0042).
 */

import type * as HomeReact from "./home-react";

/** The element a URL hash points to; a malformed percent-encoding falls back to the raw text. */
function hashTarget(): HTMLElement | null {
  const raw = location.hash.slice(1);
  if (!raw) return null;
  let id = raw;
  try {
    id = decodeURIComponent(raw);
  } catch {
    // keep the raw text
  }
  return document.getElementById(id);
}

// Spec §2: the page opens at its top, or at the hash target (as useScrollManagement does when the
// page is rendered by React, and after a reload too).
if ("scrollRestoration" in history) history.scrollRestoration = "manual";
const target = hashTarget();
if (target) target.scrollIntoView({ behavior: "instant", block: "start" });
else scrollTo({ top: 0, left: 0, behavior: "instant" });

function whenIdle(run: () => void): void {
  if ("requestIdleCallback" in window) window.requestIdleCallback(run, { timeout: 4000 });
  else setTimeout(run, 1500);
}

// The hero video: the player module (no React) once the browser is idle; errors are only logged.
const video = document.querySelector<HTMLElement>('[data-testid="hero-video"]');
if (video) {
  whenIdle(() => {
    import("./home-video").then(({ mountHeroVideo }) => mountHeroVideo(video)).catch((error: unknown) => console.warn("Hero video unavailable:", error));
  });
}

type Islands = typeof HomeReact;
let islands: Promise<Islands> | undefined;
const loadIslands = (): Promise<Islands> => (islands ??= import("./home-react"));

/**
 * Runs once the element is within 400 px of the viewport, or focused or touched, or at once when
 * the URL's hash points into it (Home opened at #chat loads the chat at once, as before).
 */
function whenNeeded(element: HTMLElement, run: () => void): void {
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
}

for (const element of document.querySelectorAll<HTMLElement>("[data-island]")) {
  const name = element.dataset.island ?? "";
  // The toasts' live regions are hydrated with the first island (app/islands/home-react.tsx).
  if (name === "toaster") continue;
  whenNeeded(element, () => {
    loadIslands()
      .then(({ hydrateIsland }) => hydrateIsland(name, element))
      .catch((error: unknown) => console.warn(`The ${name} section could not be loaded`, error));
  });
}
