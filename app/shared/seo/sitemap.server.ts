import { prerenderedPaths } from "~/routes-list";
import { LANGUAGE_TAG, LOCALES, pathIn } from "~/shared/i18n/locale";
import { absoluteUrl } from "./site-origin";

/**
 * sitemap.xml of the public pages, on the public origin: each page in each language, with its
 * alternates (Google's hreflang in sitemaps: every language version, and x-default English).
 */
export function sitemapXml(origin: string, paths: readonly string[] = prerenderedPaths): string {
  const alternates = (path: string) =>
    [...LOCALES.map((locale) => [LANGUAGE_TAG[locale], pathIn(path, locale)]), ["x-default", pathIn(path, "en")]]
      .map(([tag, href]) => `<xhtml:link rel="alternate" hreflang="${tag}" href="${absoluteUrl(href!, origin)}"/>`)
      .join("");
  const urls = paths.map((path) => `  <url><loc>${absoluteUrl(path, origin)}</loc>${alternates(path)}</url>`).join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls}\n</urlset>\n`;
}

/** robots.txt: everything may be crawled; points at the sitemap. */
export function robotsTxt(origin: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${absoluteUrl("/sitemap.xml", origin)}\n`;
}
