/**
 * What the frame script (./frame-script.ts), the React frame and the island loaders agree on. No
 * imports: the frame script is bundled from it for pages without React.
 */

/** The mobile menu button's two icons (site-header.tsx, and ./frame-script.ts on static pages). */
export const MENU_ICONS = { open: "M5 5l10 10M15 5L5 15", closed: "M3 5h14M3 10h14M3 15h14" } as const;

/**
 * Set on <html> while ./frame-script.ts scrolls smoothly to a hash target, so an island loader
 * (app/islands/page.ts) does not jump there meanwhile.
 */
export const GLIDING_ATTRIBUTE = "data-gliding";

/**
 * Marks a section the first paint left to be laid out when near (content-visibility, a guessed
 * size): anything that scrolls over such sections lays them out first, so it aims at real sizes.
 */
export const DEFERRED_LAYOUT_ATTRIBUTE = "data-deferred-layout";

/** The classes a section marked with DEFERRED_LAYOUT_ATTRIBUTE wears: laid out when near while marked. */
export const DEFERRED_LAYOUT_CLASS = "data-deferred-layout:[content-visibility:auto] data-deferred-layout:[contain-intrinsic-size:auto_1200px]";

/** Lays out every section still waiting (see DEFERRED_LAYOUT_ATTRIBUTE), before a scroll over them. */
export function layOutDeferredSections(): void {
  for (const section of document.querySelectorAll(`[${DEFERRED_LAYOUT_ATTRIBUTE}]`)) section.removeAttribute(DEFERRED_LAYOUT_ATTRIBUTE);
}

/** Session storage: the URL a hash link of a static page opened, for the next page to glide to its target. */
export const HASH_ARRIVAL_KEY = "hashArrival";

/** On an island page's <body>: its island's stylesheet and module, for ./island-loader.ts to load after the first paint. */
export const ISLAND_STYLESHEET_ATTRIBUTE = "data-island-stylesheet";
export const ISLAND_MODULE_ATTRIBUTE = "data-island-module";
