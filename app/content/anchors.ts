/**
 * The ids of the pages' sections and items, one rule for the components that render them and for
 * the chat's sources that link to them (a source's href is a page path and one of these ids).
 */

/** "Max Load AI Assistant" → "max-load-ai-assistant", "Gestion des données" → "gestion-des-donnees". */
export function anchorId(text: string): string {
  // Accents dropped rather than the letters that carry them: French titles make readable ids.
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

/** The id of an item in a list of items, e.g. ("feature", "Permit Management") → "feature-permit-management". */
export const itemAnchor = (prefix: string, title: string): string => `${prefix}-${anchorId(title)}`;

/** Section ids that are not derived from a title. */
export const SECTION_IDS = {
  /** Home */
  homeHero: "hero-title",
  homeIntro: "intro-title",
  homeFeatures: "features",
  homeValue: "why-heavyroute",
  homeChat: "chat",
  /** /platform */
  overview: "overview",
  mission: "mission",
  coreFeatures: "features",
  mapSoftware: "map-software",
  additionalServices: "additional-services",
  vision: "vision",
} as const;

/** Prefixes of the items' ids on /platform (plans take their group's id as prefix). */
export const ITEM_PREFIXES = { feature: "feature", map: "map", service: "service", vision: "vision" } as const;
