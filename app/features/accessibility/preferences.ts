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

function store(key: string, value: string) {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Storage can be unavailable (private mode, disabled); the choice then lasts for this page only.
  }
}

/** Reads the preferences as applied to <html> by ./preferences-script.ts (browser only). */
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
