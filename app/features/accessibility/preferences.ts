/** Accessibility preferences of spec §3, kept in local storage and applied to <html>. */
export type FontSize = "normal" | "large";
export type Contrast = "normal" | "high";
export interface AccessibilityPreferences {
  fontSize: FontSize;
  contrast: Contrast;
}

export const FONT_SIZE_KEY = "fontSize";
export const CONTRAST_KEY = "contrast";

/**
 * Runs inline in <head> before first paint. Its text is hashed at build time for the CSP,
 * so keep it a constant string.
 */
export const PREFERENCES_SCRIPT = `try{var d=document.documentElement;if(localStorage.getItem("${FONT_SIZE_KEY}")==="large")d.style.fontSize="120%";if(localStorage.getItem("${CONTRAST_KEY}")==="high")d.setAttribute("data-contrast","high")}catch(e){}`;
