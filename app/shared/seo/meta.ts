import type { MetaDescriptor } from "react-router";
import { PRODUCT_NAME } from "~/content/brand";
import { BUILD_ORIGIN } from "./site-origin";

/** The origin pages are built with; the server rewrites it to PUBLIC_SITE_URL when serving them. */
export const SITE_ORIGIN = BUILD_ORIGIN;

/** The Open Graph image (1200×630), made by scripts/make-hero-images.ts. */
export const OG_IMAGE = { path: "/images/og-image.jpg", width: 1200, height: 630 } as const;

export function absoluteUrl(path: string): string {
  return new URL(path, `${SITE_ORIGIN}/`).href;
}

export interface PageMetaInput {
  /** Page title without the product name, or undefined for Home. */
  title?: string;
  description: string;
  /** Canonical path, e.g. "/platform". */
  path: string;
  type?: "website" | "article";
  /** True for pages search engines should not index (404). */
  noIndex?: boolean;
}

/** Title, description, canonical link and Open Graph tags for a route's `meta` export. */
export function pageMeta({ title, description, path, type = "website", noIndex = false }: PageMetaInput): MetaDescriptor[] {
  const fullTitle = title ? `${title} | ${PRODUCT_NAME}` : `${PRODUCT_NAME} | Professional Solutions for Heavy Transport Industry`;
  const url = absoluteUrl(path);
  const tags: MetaDescriptor[] = [
    { title: fullTitle },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: PRODUCT_NAME },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:type", content: type },
    { property: "og:image", content: absoluteUrl(OG_IMAGE.path) },
    { property: "og:image:alt", content: "A heavy-haul truck with an oversized load on a highway at dusk" },
    { name: "twitter:card", content: "summary_large_image" },
  ];
  if (noIndex) tags.push({ name: "robots", content: "noindex" });
  return tags;
}
