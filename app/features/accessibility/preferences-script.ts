/**
 * Runs inline in <head> before first paint (app/root.tsx imports it bundled, `?inline-script`):
 * applies the saved text size and contrast, hides a dismissed announcement banner
 * (`data-banner="dismissed"` on <html>, see app.css) so nothing shifts, and marks that scripts run
 * (`data-js`), so the mobile menu is only collapsed when it can open. Being the one script every
 * page runs first, it also records where the tab's visit began, for a lead's attribution
 * (~/shared/forms/attribution.ts).
 */
import { recordLanding } from "~/shared/forms/attribution";
import { BANNER_KEY, CONTRAST_KEY, FONT_SIZE_KEY, FONT_SIZES } from "./preferences";

const root = document.documentElement;
root.setAttribute("data-js", "");
try {
  if (localStorage.getItem(FONT_SIZE_KEY) === "large") root.style.fontSize = FONT_SIZES.large;
  if (localStorage.getItem(CONTRAST_KEY) === "high") root.setAttribute("data-contrast", "high");
  if (localStorage.getItem(BANNER_KEY) === "1") root.setAttribute("data-banner", "dismissed");
} catch {
  // Storage can be unavailable (private mode, disabled): the page opens with the defaults.
}
recordLanding();
