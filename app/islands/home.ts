/**
 * Home's island loader (decision 0044). Home is served without React Router's scripts;
 * the build bundles this module (scripts/build-server.ts) and the page loads it after its `load`
 * event. It holds no React: it mounts the hero video (a plain iframe, after an idle period) and,
 * for each `data-island` element of the page, imports ./home-react.tsx (React and the island's
 * components) only when the element comes near the viewport, or is focused or touched, or holds
 * the hash target (Home opened at #chat loads the chat at once), then hydrates it in place. The
 * frame (menu, banner, accessibility controls) is the static pages' inline script (decision 0042).
 */
// The frame script's second half: the page inlined only its first (decision 0136).
import "~/features/layout/frame-actions";
import type * as HomeReact from "./home-react";
import { holdSubmitsUntilHydrated } from "./held-submits";
import { layOutDeferredWhenIdle, openAtTarget, whenIdle, whenNeeded } from "./page";

const target = openAtTarget();

// The sections below the hero were left to be laid out when near, for the first paint
// (home-sections.tsx, routes/home.tsx): now one per idle moment.
whenIdle(layOutDeferredWhenIdle);

// The hero video: the player module (no React) once the browser is idle; errors are only logged.
const video = document.querySelector<HTMLElement>('[data-testid="hero-video"]');
if (video) {
  whenIdle(() => {
    import("./home-video").then(({ mountHeroVideo }) => mountHeroVideo(video)).catch((error: unknown) => console.warn("Hero video unavailable:", error));
  });
}

let islands: Promise<typeof HomeReact> | undefined;
const loadIslands = () => (islands ??= import("./home-react"));
const hydrate = (element: HTMLElement) => loadIslands().then(({ hydrateHomeIsland }) => hydrateHomeIsland(element));

for (const element of document.querySelectorAll<HTMLElement>("[data-island]")) {
  // The toasts' live regions are hydrated with the first island (./home-react.tsx).
  if (element.dataset.island === "toaster") continue;
  whenNeeded(element, () => void hydrate(element).catch((error: unknown) => console.warn(`The ${element.dataset.island} section could not be loaded`, error)), {
    target,
  });
}

// A form sent before its section is hydrated (the newsletter, the contact form) waits for it.
holdSubmitsUntilHydrated(hydrate);
