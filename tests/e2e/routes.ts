/**
 * The pages of spec §2 (the two hash anchors are tested as navigation), with what each must show.
 * Kept literal here, not read from app/routes-list.ts, so a missing route fails a test.
 */
export interface RouteExpectation {
  path: string;
  /** The page's one h1. */
  h1: RegExp;
  /** Text that must be in <main> without JavaScript. */
  mustContain: string[];
}

export const SPEC_ROUTES: readonly RouteExpectation[] = [
  {
    path: "/",
    h1: /^Professional Solutions for Heavy Transport Industry$/,
    mustContain: [
      "Advanced Mapping",
      "Transport Solutions",
      "Collaboration",
      "Industry Network",
      "Professional Tools",
      "Global Reach",
      "Privacy-first platform",
      "No ads",
      "Your data stays yours",
    ],
  },
  {
    path: "/platform",
    h1: /platform/i,
    mustContain: ["Pro Solo", "$20", "Pro Team", "$100", "Enterprise", "$299", "$799", "$49", "$199", "$349", "Vision 2026"],
  },
  { path: "/privacy", h1: /^Privacy Policy$/, mustContain: ["December 28, 2024"] },
  { path: "/terms", h1: /^Terms of Service$/, mustContain: ["December 28, 2024"] },
  { path: "/cookies", h1: /^Cookie Policy$/, mustContain: ["December 28, 2024"] },
  { path: "/accessibility", h1: /^Accessibility/, mustContain: ["December 28, 2024"] },
  { path: "/ai-ml-policy", h1: /^AI\/ML Policy$/, mustContain: ["December 28, 2024"] },
];

/** Footer legal links of spec §2. */
export const LEGAL_LINKS = [
  { name: "Privacy Policy", path: "/privacy" },
  { name: "Terms of Service", path: "/terms" },
  { name: "Cookie Policy", path: "/cookies" },
  { name: "Accessibility", path: "/accessibility" },
  { name: "AI/ML Policy", path: "/ai-ml-policy" },
] as const;
