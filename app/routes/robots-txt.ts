import { siteOriginContext } from "~/context.server";
import { robotsTxt } from "~/shared/seo/sitemap.server";
import type { Route } from "./+types/robots-txt";

export function loader({ context }: Route.LoaderArgs) {
  return new Response(robotsTxt(context.get(siteOriginContext)), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
