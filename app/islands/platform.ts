/**
 * /platform's island loader (decision 0044), loaded by the page after its `load` event.
 * The sticky tabs need no React: this script marks the active tab (aria-current="true" on the
 * section whose box contains the point 100 px from the top, spec §2/§9), keeps it visible in the
 * scrolling list, and scrolls smoothly to a tab's section (instantly with reduced motion). The
 * "Request More Information" buttons are React islands (./platform-react.tsx), hydrated when near
 * (400 px), touched or focused — not when idle: React's evaluation on a page opened at its top is
 * main-thread time nobody needed yet. Before that they are links to the form page; one used
 * before it is hydrated opens the modal once it is. It also lays out the sections the first paint
 * left for later.
 */
// The frame script's second half: the page inlined only its first (decision 0136).
import "~/features/layout/frame-actions";
import { layOutDeferredSections } from "~/features/layout/frame-markers";
import { revealTab, sectionAtOffset } from "~/features/platform/active-section";
import type * as PlatformReact from "./platform-react";
import { layOutDeferredWhenIdle, openAtTarget, whenIdle, whenNeeded } from "./page";

const target = openAtTarget();

// The sections below the first screen were left to be laid out when near, for the first paint
// (platform-sections.tsx): now one per idle moment; all at once before a tab scrolls to one.
whenIdle(layOutDeferredWhenIdle);

const list = document.querySelector<HTMLElement>("[data-tab-list]");
const tabs = [...(list?.querySelectorAll<HTMLAnchorElement>("[data-tab] a") ?? [])];
const ids = tabs.map((tab) => tab.hash.slice(1));
let active: string | null | undefined;
let frame = 0;
const update = () => {
  frame = 0;
  const now = sectionAtOffset(ids);
  if (now === active) return;
  active = now;
  for (const tab of tabs) {
    if (tab.hash.slice(1) === now) tab.setAttribute("aria-current", "true");
    else tab.removeAttribute("aria-current");
  }
  revealTab(list, now);
};
const schedule = () => {
  if (!frame) frame = requestAnimationFrame(update);
};
update();
addEventListener("scroll", schedule, { passive: true });
addEventListener("resize", schedule);

/** A modifier key held: the browser's own action (new tab, window, download) is left to it. */
const modified = (event: MouseEvent | KeyboardEvent) => event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;

// A link to a section of this page scrolls there smoothly (spec §2), and the URL takes its hash.
document.addEventListener("click", (event) => {
  const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>("a[href*='#']") : null;
  if (!link || event.defaultPrevented || event.button !== 0 || modified(event)) return;
  // A link naming this page, with or without the trailing slash the page may be served at.
  const samePath = (a: string, b: string) => a.replace(/\/+$/, "") === b.replace(/\/+$/, "");
  if (link.origin !== location.origin || !samePath(link.pathname, location.pathname)) return;
  let id = link.hash.slice(1);
  try {
    id = decodeURIComponent(id);
  } catch {
    // the raw text
  }
  const section = id ? document.getElementById(id) : null;
  if (!section) return;
  event.preventDefault();
  layOutDeferredSections();
  history.pushState(null, "", link.hash);
  const reduceMotion = matchMedia("(prefers-reduced-motion: reduce)").matches;
  section.scrollIntoView({ behavior: reduceMotion ? "instant" : "smooth", block: "start" });
});

let islands: Promise<typeof PlatformReact> | undefined;
const loadIslands = () => (islands ??= import("./platform-react"));
const hydrate = (element: HTMLElement) => loadIslands().then(({ hydratePlatformIsland }) => hydratePlatformIsland(element));

for (const element of document.querySelectorAll<HTMLElement>("[data-island]")) {
  if (element.dataset.island === "toaster") continue;
  whenNeeded(element, () => void hydrate(element).catch((error: unknown) => console.warn("The information request could not be loaded", error)), { target });
}

// A button used before its island is hydrated (still the link to the form page): the modal opens
// once it is, as it would have; if React cannot be loaded, the link is followed.
const openOnceHydrated = ({ island, link }: PreHydrationLink) =>
  void hydrate(island)
    .then(() => hydratedButton(island))
    .then(
      (button) => button.click(),
      () => location.assign(link.href),
    );
document.addEventListener("click", (event) => {
  const used = preHydrationLink(event);
  if (!used || event.defaultPrevented || event.button !== 0 || modified(event)) return;
  event.preventDefault();
  openOnceHydrated(used);
});
// Enter on the link: React may hydrate the island while dispatching the keydown and replace the
// link, whose click would then be lost; the modal opens the same way as for a click.
addEventListener(
  "keydown",
  (event) => {
    const used = event.key === "Enter" && !event.defaultPrevented && !modified(event) ? preHydrationLink(event) : null;
    if (!used) return;
    event.preventDefault();
    openOnceHydrated(used);
  },
  { capture: true },
);
// A press that began on the link and ended after React replaced it by the button (React hydrates
// an island at once when a pointerdown or pointerup reaches it mid-hydration): the browser fires
// no click, since the element pressed is gone, so the press counts as one here. Checked in the
// next task, once the release's click (if any) has been dispatched.
let pressed: PreHydrationLink | null = null;
addEventListener(
  "pointerdown",
  (event) => {
    pressed = event.isPrimary && event.button === 0 && !modified(event) ? preHydrationLink(event) : null;
  },
  { capture: true },
);
addEventListener(
  "pointerup",
  (event) => {
    const press = pressed;
    if (!press || !event.composedPath().includes(press.island)) return;
    setTimeout(() => {
      if (pressed !== press) return;
      pressed = null;
      if (!press.link.isConnected) openOnceHydrated(press);
    });
  },
  { capture: true },
);
addEventListener("pointercancel", () => (pressed = null), { capture: true });
// A click on the link or the button settles the press (our handler or React's opens the modal). A
// click some browsers send to an ancestor instead (the island or above: no one acts on it) does not.
addEventListener(
  "click",
  (event) => {
    if (pressed && event.target !== pressed.island && event.composedPath().includes(pressed.island)) pressed = null;
  },
  { capture: true },
);

interface PreHydrationLink {
  island: HTMLElement;
  link: HTMLAnchorElement;
}

/**
 * The "Request More Information" link an event went through (the island's own child, not a link
 * inside its modal), with its island. Taken from the event's path, which still holds them when
 * React has replaced the link during this very event. Once hydrated, an island renders a button
 * there instead, so such a link means "not hydrated yet".
 */
function preHydrationLink(event: Event): PreHydrationLink | null {
  const path = event.composedPath();
  const linkAt = path.findIndex((node) => node instanceof HTMLAnchorElement);
  const link = path[linkAt];
  const island = path[linkAt + 1];
  if (!(link instanceof HTMLAnchorElement) || !link.hasAttribute("href") || !(island instanceof HTMLElement) || island.dataset.island !== "request-info") return null;
  return { island, link };
}

/**
 * The island's button: React renders it in the render after the hydrating one (hydrate.tsx), so
 * it may not be there yet when hydration has resolved.
 */
function hydratedButton(island: HTMLElement): Promise<HTMLButtonElement> {
  return new Promise((resolve, reject) => {
    const find = () => island.querySelector<HTMLButtonElement>("button");
    const now = find();
    if (now) return resolve(now);
    const watch = new MutationObserver(() => {
      const button = find();
      if (!button) return;
      watch.disconnect();
      clearTimeout(timer);
      resolve(button);
    });
    watch.observe(island, { childList: true, subtree: true });
    const timer = setTimeout(() => {
      watch.disconnect();
      reject(new Error("the information button did not appear"));
    }, 5_000);
  });
}
