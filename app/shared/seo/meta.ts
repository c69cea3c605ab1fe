import type { MetaDescriptor } from "react-router";
import { PRODUCT_NAME } from "~/content/brand";
import * as m from "~/paraglide/messages.js";

/** The Open Graph image (1200×630), made by scripts/make-hero-images.ts; its alt text is the message seo_og_image_alt. */
export const OG_IMAGE = {
  path: "/images/og-image.jpg",
  width: 1200,
  height: 630,
} as const;

export interface PageMetaInput {
  /** Page title without the product name, or undefined for Home. */
  title?: string;
  description: string;
  type?: "website" | "article";
  /** True for pages search engines should not index (404). */
  noIndex?: boolean;
}

/**
 * Title, description and the origin-free Open Graph tags for a route's `meta` export. The
 * absolute URLs (canonical, og:url, og:image) need the public origin, which only the server
 * knows at run time: `<SiteLinks>` in the root layout renders them.
 */
export function pageMeta({ title, description, type = "website", noIndex = false }: PageMetaInput): MetaDescriptor[] {
  const fullTitle = title ? `${title} | ${PRODUCT_NAME}` : `${PRODUCT_NAME} | ${m.seo_default_title()}`;
  const tags: MetaDescriptor[] = [
    { title: fullTitle },
    { name: "description", content: description },
    { property: "og:site_name", content: PRODUCT_NAME },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:type", content: type },
    { name: "twitter:card", content: "summary_large_image" },
  ];
  if (noIndex) tags.push({ name: "robots", content: "noindex" });
  return tags;
}

/** The `meta` of a lead form's own page (where its plain post lands): a title, kept out of search engines. */
export function formPageMeta(title: string): MetaDescriptor[] {
  return [
    { title: `${title} | ${PRODUCT_NAME}` },
    { name: "robots", content: "noindex" },
  ];
}
