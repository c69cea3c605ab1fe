import { siteOriginContext } from "~/context.server";
import { sitemapXml } from "~/shared/seo/sitemap.server";
import type { Route } from "./+types/sitemap-xml";

export function loader({ context }: Route.LoaderArgs) {
  return new Response(sitemapXml(context.get(siteOriginContext)), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
