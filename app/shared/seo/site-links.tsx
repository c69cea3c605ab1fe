import { useLocation } from "react-router";
import { prerenderedPaths } from "~/routes-list";
import { LANGUAGE_TAG, LOCALES, pathIn } from "~/shared/i18n/locale";
import * as m from "~/paraglide/messages.js";
import { OG_IMAGE } from "./meta";
import { absoluteUrl, useSiteOrigin } from "./site-origin";

const publicPaths: ReadonlySet<string> = new Set(prerenderedPaths);

/**
 * The canonical link and the absolute Open Graph URLs of a public page, on the public origin.
 * Rendered identically by the server and after hydration (same origin, same path), so a page
 * always carries exactly one canonical URL, and its alternates: the same page in each language,
 * and English as the default for other languages. Other pages (404, form answers) are not indexed.
 */
export function SiteLinks() {
  const origin = useSiteOrigin();
  const { pathname } = useLocation();
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  if (!origin || !publicPaths.has(path)) return null;
  const url = absoluteUrl(path, origin);
  return (
    <>
      <link rel="canonical" href={url} />
      {LOCALES.map((locale) => (
        <link key={locale} rel="alternate" hrefLang={LANGUAGE_TAG[locale]} href={absoluteUrl(pathIn(path, locale), origin)} />
      ))}
      <link rel="alternate" hrefLang="x-default" href={absoluteUrl(pathIn(path, "en"), origin)} />
      <meta property="og:url" content={url} />
      <meta property="og:image" content={absoluteUrl(OG_IMAGE.path, origin)} />
      <meta property="og:image:width" content={String(OG_IMAGE.width)} />
      <meta property="og:image:height" content={String(OG_IMAGE.height)} />
      <meta property="og:image:alt" content={m.seo_og_image_alt()} />
    </>
  );
}
