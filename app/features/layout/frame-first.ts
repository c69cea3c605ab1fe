/**
 * The half of the frame script a static page runs before its first paint (./frame-script.ts has
 * both halves; an island page inlines this one and its island module brings ./frame-actions.ts,
 * decision 0136): the toggles' state, the glide to a hash target a link of another page opened,
 * whether to show the language suggestion, and the controls at the top of the page that a visitor
 * may use at once: the mobile menu (the button toggles it, Escape closes it) and the banner's
 * dismiss button, on the same markup, storage keys and <html> attributes as the React code
 * (site-header.tsx, announcement-banner.tsx).
 */
import { dismissBanner } from "~/features/accessibility/preferences";
import { hashTargetId } from "./hash-target";
import { languageToSuggest } from "./language-choice";
import { GLIDING_ATTRIBUTE, HASH_ARRIVAL_KEY, MENU_ICONS, layOutDeferredSections } from "./frame-markers";
import { glideTo, reducedMotion, root, syncToggles, takeSessionItem } from "./frame-dom";

const menuButton = document.getElementById("menu-button");
const menuList = document.getElementById("site-nav-list");
const suggestion = document.querySelector<HTMLElement>("[data-language-suggestion]");

function setMenuOpen(open: boolean) {
  if (!menuButton || !menuList) return;
  menuButton.setAttribute("aria-expanded", String(open));
  menuList.classList.toggle("hidden", !open);
  menuList.classList.toggle("flex", open);
  menuButton.querySelector("path")?.setAttribute("d", open ? MENU_ICONS.open : MENU_ICONS.closed);
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
  const button = event.target instanceof Element ? event.target.closest("button") : null;
  if (button && button === menuButton) setMenuOpen(menuButton.getAttribute("aria-expanded") !== "true");
  else if (button?.getAttribute("data-testid") === "banner-close") dismissBanner();
});

document.addEventListener("keydown", (event) => {
  if (event.key === "Escape" && menuButton?.getAttribute("aria-expanded") === "true") {
    setMenuOpen(false);
    menuButton.focus();
  }
});

syncToggles();
arrive();
if (suggestion) suggestion.hidden = languageToSuggest(root.lang.startsWith("fr") ? "fr" : "en") !== suggestion.dataset.languageSuggestion;
