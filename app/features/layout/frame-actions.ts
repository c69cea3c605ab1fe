/**
 * The half of the frame script that answers what a visitor does further on (./frame-script.ts has
 * both halves; on an island page the island module brings this one after the first paint,
 * decision 0136; before it, a link is an ordinary page load): the text size and contrast toggles
 * (app/features/accessibility), the language suggestion's "No thanks", and spec §2 for links,
 * which are page loads here: the "Loading..." pill of navigation-status.tsx while the next page
 * loads, the smooth scroll to a link's hash target (instant when the visitor prefers reduced
 * motion), on this page or, as in the app, on the page a link opens (./frame-first.ts glides
 * there), and the language switch, which keeps the hash and is remembered (language-choice.ts).
 */
import { applyContrast, applyFontSize, readAppliedPreferences } from "~/features/accessibility/preferences";
import { rememberLanguage } from "./language-choice";
import { HASH_ARRIVAL_KEY, layOutDeferredSections } from "./frame-markers";
import { glideTo, reducedMotion, syncToggles, takeSessionItem } from "./frame-dom";

const loadingPill = document.querySelector<HTMLElement>('[data-testid="loading"]');
const suggestion = document.querySelector<HTMLElement>("[data-language-suggestion]");

function onButton(button: Element) {
  const id = button.getAttribute("data-testid");
  const stay = button.getAttribute("data-language-stay");
  if (id === "toggle-font-size") {
    applyFontSize(readAppliedPreferences().fontSize === "large" ? "normal" : "large");
    syncToggles();
  } else if (id === "toggle-contrast") {
    applyContrast(readAppliedPreferences().contrast === "high" ? "normal" : "high");
    syncToggles();
  } else if (stay === "en" || stay === "fr") {
    rememberLanguage(stay);
    if (suggestion) suggestion.hidden = true;
  }
}

function showLoading(shown: boolean) {
  if (loadingPill) loadingPill.hidden = !shown;
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

document.addEventListener("click", (event) => {
  if (!(event.target instanceof Element)) return;
  const button = event.target.closest("button");
  if (button) onButton(button);
  // An <a> without href, or an SVG one, is no link to follow.
  const link = event.target.closest("a");
  if (link instanceof HTMLAnchorElement && link.href) onLink(event, link);
});

// A page restored from the back/forward cache is the one that was left: not loading anything.
addEventListener("pageshow", (event) => {
  if (event.persisted) showLoading(false);
});
