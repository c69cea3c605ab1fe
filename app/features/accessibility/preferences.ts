/** Accessibility preferences of spec §3, kept in local storage and applied to <html>. */
export type FontSize = "normal" | "large";
export type Contrast = "normal" | "high";
export interface AccessibilityPreferences {
  fontSize: FontSize;
  contrast: Contrast;
}

export const FONT_SIZE_KEY = "fontSize";
export const CONTRAST_KEY = "contrast";
/** Remembers that the visitor closed the launch announcement ("1" when dismissed). */
export const BANNER_KEY = "bannerDismissed";

/** Root font sizes of spec §9. */
export const FONT_SIZES: Record<FontSize, string> = { normal: "100%", large: "120%" };

/**
 * Runs inline in <head> before first paint: applies the saved text size and contrast, and hides a
 * dismissed announcement banner (`data-banner="dismissed"` on <html>, see app.css) so nothing shifts,
 * and marks that scripts run (`data-js`), so the mobile menu is only collapsed when it can open.
 * Its text is hashed at build time for the CSP, so keep it a constant string.
 */
export const PREFERENCES_SCRIPT = `try{var d=document.documentElement,s=localStorage;d.setAttribute("data-js","");if(s.getItem("${FONT_SIZE_KEY}")==="large")d.style.fontSize="120%";if(s.getItem("${CONTRAST_KEY}")==="high")d.setAttribute("data-contrast","high");if(s.getItem("${BANNER_KEY}")==="1")d.setAttribute("data-banner","dismissed")}catch(e){}`;

function store(key: string, value: string) {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Storage can be unavailable (private mode, disabled); the choice then lasts for this page only.
  }
}

/** Reads the preferences as applied to <html> by PREFERENCES_SCRIPT (browser only). */
export function readAppliedPreferences(): AccessibilityPreferences {
  const root = document.documentElement;
  return {
    fontSize: root.style.fontSize === FONT_SIZES.large ? "large" : "normal",
    contrast: root.getAttribute("data-contrast") === "high" ? "high" : "normal",
  };
}

export function applyFontSize(fontSize: FontSize) {
  document.documentElement.style.fontSize = FONT_SIZES[fontSize];
  store(FONT_SIZE_KEY, fontSize);
}

export function applyContrast(contrast: Contrast) {
  const root = document.documentElement;
  if (contrast === "high") root.setAttribute("data-contrast", "high");
  else root.removeAttribute("data-contrast");
  store(CONTRAST_KEY, contrast);
}

export function dismissBanner() {
  document.documentElement.setAttribute("data-banner", "dismissed");
  store(BANNER_KEY, "1");
}
