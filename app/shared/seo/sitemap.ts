import { prerenderedPaths } from "~/routes-list";
import { absoluteUrl } from "./meta";

/** sitemap.xml of the pre-rendered pages. */
export function sitemapXml(paths: readonly string[] = prerenderedPaths): string {
  const urls = paths.map((path) => `  <url><loc>${absoluteUrl(path)}</loc></url>`).join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

/** robots.txt: everything may be crawled; points at the sitemap. */
export function robotsTxt(): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${absoluteUrl("/sitemap.xml")}\n`;
}
