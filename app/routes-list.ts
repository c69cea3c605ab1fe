/** The public pages of spec §2, pre-rendered at build time and listed in the sitemap. */
const PUBLIC_PATHS = ["/", "/platform", "/privacy", "/terms", "/cookies", "/accessibility", "/ai-ml-policy"] as const;

export type PublicPath = (typeof PUBLIC_PATHS)[number];

/** A mutable array, as React Router's `prerender` option wants one. */
export const prerenderedPaths: PublicPath[] = [...PUBLIC_PATHS];
