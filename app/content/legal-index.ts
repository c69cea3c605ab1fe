/** Paths and titles of the five legal pages, for links (kept apart from the long texts of legal.ts). */
export const legalLinks = [
  { path: "/privacy", title: "Privacy Policy" },
  { path: "/terms", title: "Terms of Service" },
  { path: "/cookies", title: "Cookie Policy" },
  { path: "/accessibility", title: "Accessibility" },
  { path: "/ai-ml-policy", title: "AI/ML Policy" },
] as const;

export type LegalPath = (typeof legalLinks)[number]["path"];
