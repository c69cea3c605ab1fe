import { siteOriginContext } from "~/server-context";
import { robotsTxt } from "~/shared/seo/sitemap";
import type { Route } from "./+types/robots-txt";

export function loader({ context }: Route.LoaderArgs) {
  return new Response(robotsTxt(context.get(siteOriginContext)), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
