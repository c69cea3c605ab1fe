import { useMatches } from "react-router";

/**
 * Pages that need no framework JavaScript (the five legal pages, issue 12, decision 0042) export
 * `handle = staticPage`: their pre-rendered HTML gets no React Router scripts, no route modules and
 * no hydration; the build adds STATIC_PAGE_SCRIPT (./static-page-script.ts) inline, hashed into
 * the page's CSP. Their links are ordinary page loads. Every other route hydrates as usual, and so
 * does every page in `npm run dev` (nothing is pre-rendered there).
 */
export const staticPage = { scripts: false } as const;

/** True while rendering, on the server, a route that exports `handle = staticPage`. */
export function useIsStaticPage(): boolean {
  const matches = useMatches();
  // In the browser, the page was hydrated, so it is not a static one; a client-side navigation to a
  // static route keeps React Router's scripts (React renders the page and its controls there).
  if (typeof document !== "undefined" || import.meta.env.DEV) return false;
  return matches.some((match) => (match.handle as { scripts?: boolean } | undefined)?.scripts === false);
}

/** The mobile menu button's two icons (site-header.tsx, and STATIC_PAGE_SCRIPT on static pages). */
export const MENU_ICONS = { open: "M5 5l10 10M15 5L5 15", closed: "M3 5h14M3 10h14M3 15h14" } as const;
