import { createContext, useContext } from "react";

/**
 * The public origin pages write into canonical and Open Graph URLs. Nothing in the client bundle
 * knows it: the server provides it to every render (PUBLIC_SITE_URL, else the request's own
 * origin), the page carries it on <html data-site-origin>, and the browser reads it back from
 * there when it hydrates, so both renders agree to the character.
 */
const SiteOriginContext = createContext<string | undefined>(undefined);

export const SiteOriginProvider = SiteOriginContext.Provider;

export function useSiteOrigin(): string | undefined {
  return useContext(SiteOriginContext);
}

/** The origin the server wrote into the page (entry.client reads it once, before hydrating). */
export function documentSiteOrigin(): string | undefined {
  return document.documentElement.dataset.siteOrigin || undefined;
}

export function absoluteUrl(path: string, origin: string): string {
  return new URL(path, `${origin}/`).href;
}
