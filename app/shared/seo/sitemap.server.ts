import { prerenderedPaths } from "~/routes-list";
import { absoluteUrl } from "./site-origin";

/** sitemap.xml of the public pages, on the public origin. */
export function sitemapXml(origin: string, paths: readonly string[] = prerenderedPaths): string {
  const urls = paths.map((path) => `  <url><loc>${absoluteUrl(path, origin)}</loc></url>`).join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

/** robots.txt: everything may be crawled; points at the sitemap. */
export function robotsTxt(origin: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${absoluteUrl("/sitemap.xml", origin)}\n`;
}
