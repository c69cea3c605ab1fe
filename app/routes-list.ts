/** The public pages of spec §2, pre-rendered at build time and listed in the sitemap. */
export const prerenderedPaths = [
  "/",
  "/platform",
  "/privacy",
  "/terms",
  "/cookies",
  "/accessibility",
  "/ai-ml-policy",
] as const;

export type PublicPath = (typeof prerenderedPaths)[number];
