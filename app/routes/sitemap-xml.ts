import { siteOriginContext } from "~/server-context";
import { sitemapXml } from "~/shared/seo/sitemap";
import type { Route } from "./+types/sitemap-xml";

export function loader({ context }: Route.LoaderArgs) {
  return new Response(sitemapXml(context.get(siteOriginContext)), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
