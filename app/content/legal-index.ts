/** Paths and titles of the five legal pages, for links (kept apart from the long texts of legal.ts). */
import type { Locale } from "~/shared/i18n/locale";

export const legalLinks = [
  { path: "/privacy", title: { en: "Privacy Policy", fr: "Politique de confidentialité" } },
  { path: "/terms", title: { en: "Terms of Service", fr: "Conditions d'utilisation" } },
  { path: "/cookies", title: { en: "Cookie Policy", fr: "Politique relative aux témoins" } },
  { path: "/accessibility", title: { en: "Accessibility", fr: "Accessibilité" } },
  { path: "/ai-ml-policy", title: { en: "AI/ML Policy", fr: "Politique sur l'IA et l'apprentissage automatique" } },
] as const satisfies readonly { path: string; title: Readonly<Record<Locale, string>> }[];

export type LegalPath = (typeof legalLinks)[number]["path"];

/** A legal page's title in a language. */
export const legalTitle = (path: LegalPath, locale: Locale): string => legalLinks.find((link) => link.path === path)?.title[locale] ?? path;
