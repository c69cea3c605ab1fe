/**
 * What the frame's React components do, for a page served without React Router (the legal pages,
 * and Home and /platform as islands: static-page.ts). scripts/build-server.ts bundles this module
 * and inlines it at the end of <body>; no React here. It handles:
 * - the text size and contrast toggles (app/features/accessibility), the banner's dismiss button
 *   (announcement-banner.tsx) and the mobile menu (site-header.tsx: the button toggles it, Escape
 *   closes it), on the same markup, storage keys and <html> attributes as the React code;
 * - the language switch and suggestion (language-switch.tsx, language-suggestion.tsx): the other
 *   language's page keeps the hash, and the choice is remembered (language-choice.ts);
 * - spec §2 for links, which are page loads here: the "Loading..." pill of navigation-status.tsx
 *   while the next page loads, and the smooth scroll to a link's hash target (instant when the
 *   visitor prefers reduced motion), on this page or, as in the app, on the page a link opens.
 */
import { applyContrast, applyFontSize, dismissBanner, readAppliedPreferences } from "~/features/accessibility/preferences";
import { hashTargetId } from "./hash-target";
import { languageToSuggest, rememberLanguage } from "./language-choice";
import { GLIDING_ATTRIBUTE, HASH_ARRIVAL_KEY, MENU_ICONS, layOutDeferredSections } from "./frame-markers";

const root = document.documentElement;
const menuButton = document.getElementById("menu-button");
const menuList = document.getElementById("site-nav-list");
const loadingPill = document.querySelector<HTMLElement>('[data-testid="loading"]');
const suggestion = document.querySelector<HTMLElement>("[data-language-suggestion]");

const byTestId = (id: string) => document.querySelector(`[data-testid="${id}"]`);
const reducedMotion = () => matchMedia("(prefers-reduced-motion: reduce)").matches;

function syncToggles() {
  const { fontSize, contrast } = readAppliedPreferences();
  byTestId("toggle-font-size")?.setAttribute("aria-pressed", String(fontSize === "large"));
  byTestId("toggle-contrast")?.setAttribute("aria-pressed", String(contrast === "high"));
}

function setMenuOpen(open: boolean) {
  if (!menuButton || !menuList) return;
  menuButton.setAttribute("aria-expanded", String(open));
  menuList.classList.toggle("hidden", !open);
  menuList.classList.toggle("flex", open);
  menuButton.querySelector("path")?.setAttribute("d", open ? MENU_ICONS.open : MENU_ICONS.closed);
}

function onButton(button: Element) {
  const id = button.getAttribute("data-testid");
  if (id === "toggle-font-size") {
    applyFontSize(readAppliedPreferences().fontSize === "large" ? "normal" : "large");
    syncToggles();
  } else if (id === "toggle-contrast") {
    applyContrast(readAppliedPreferences().contrast === "high" ? "normal" : "high");
    syncToggles();
  } else if (id === "banner-close") {
    dismissBanner();
  } else if (id === null && (button.getAttribute("data-language-stay") === "en" || button.getAttribute("data-language-stay") === "fr")) {
    rememberLanguage(button.getAttribute("data-language-stay") === "fr" ? "fr" : "en");
    if (suggestion) suggestion.hidden = true;
  } else if (button === menuButton) {
    setMenuOpen(menuButton.getAttribute("aria-expanded") !== "true");
  }
}

function showLoading(shown: boolean) {
  if (loadingPill) loadingPill.hidden = !shown;
}

/** Session storage, which can be unavailable (private mode, disabled): then nothing is remembered. */
function takeSessionItem(key: string, value?: string): string | null {
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
function glideTo(scroll: () => void) {
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

function onLink(event: MouseEvent, link: HTMLAnchorElement) {
  const modified = event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
  if (event.defaultPrevented || modified || (link.target && link.target !== "_self") || link.hasAttribute("download")) return;
  const url = new URL(link.href);
  if (url.origin !== location.origin) return;
  const language = link.dataset.languageSwitch;
  if (language === "en" || language === "fr") {
    // The same page in the other language, at the same place; remembered for the next visit.
    link.hash = location.hash;
    url.hash = location.hash;
    rememberLanguage(language);
  }
  const [page, hash] = link.href.split("#");
  if (hash !== undefined && page === location.href.split("#")[0]) {
    // A same-page hash link stays the browser's own (history entry, :target, the keyboard continues
    // from the target); a site link (one that names its page, as the header's do) scrolls smoothly,
    // as in the app. One written as a bare "#id" (a table of contents, the skip link) is a plain
    // jump in the app too. Either way it aims at real sizes, not the guesses of sections left for later.
    layOutDeferredSections();
    if (!link.getAttribute("href")?.startsWith("#") && !reducedMotion()) glideTo(() => undefined);
    return;
  }
  if (url.hash) takeSessionItem(HASH_ARRIVAL_KEY, url.href);
  showLoading(true);
}

/**
 * Arriving through a hash link of another page (HASH_ARRIVAL_KEY): like the app's in-page route
 * change, the page opens at its top and glides to the target. A reload, a shared link or a new tab
 * opens at the target at once, as the browser does.
 */
function arrive() {
  const expected = takeSessionItem(HASH_ARRIVAL_KEY);
  const [entry] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
  if (expected !== location.href || entry?.type !== "navigate" || reducedMotion()) return;
  const target = document.getElementById(hashTargetId(location.hash));
  if (!target) return;
  // The browser has scrolled to the target by the first frame: back to the top before it paints,
  // and glide from the next frame (after that jump's scrollend).
  root.setAttribute(GLIDING_ATTRIBUTE, "");
  requestAnimationFrame(() => {
    scrollTo({ top: 0, left: 0, behavior: "instant" });
    // The glide aims once: over sections still at their guessed sizes it would land off its target.
    layOutDeferredSections();
    requestAnimationFrame(() => glideTo(() => target.scrollIntoView({ block: "start" })));
  });
}

document.addEventListener("click", (event) => {
  if (!(event.target instanceof Element)) return;
  const button = event.target.closest("button");
  if (button) onButton(button);
  // An <a> without href, or an SVG one, is no link to follow.
  const link = event.target.closest("a");
  if (link instanceof HTMLAnchorElement && link.href) onLink(event, link);
});

document.addEventListener("keydown", (event) => {
  if (event.key === "Escape" && menuButton?.getAttribute("aria-expanded") === "true") {
    setMenuOpen(false);
    menuButton.focus();
  }
});

// A page restored from the back/forward cache is the one that was left: not loading anything.
addEventListener("pageshow", (event) => {
  if (event.persisted) showLoading(false);
});

syncToggles();
arrive();
if (suggestion) suggestion.hidden = languageToSuggest(root.lang.startsWith("fr") ? "fr" : "en") !== suggestion.dataset.languageSuggestion;
