import { useMatches } from "react-router";

/**
 * Pages that need no framework JavaScript (the five legal pages, decision 0042) export
 * `handle = staticPage`: their pre-rendered HTML gets no React Router scripts, no route modules and
 * no hydration; the build adds the frame script (./frame-script.ts, bundled) inline, hashed into
 * the page's CSP. Their links are ordinary page loads. Every other route hydrates as usual, and so
 * does every page in `npm run dev` (nothing is pre-rendered there).
 */
export const staticPage = { scripts: false } as const;

/**
 * A page served as islands (Home, decision 0044): like a static page (no React Router scripts, the
 * frame's inline script), plus one small module, app/islands/<name>.ts, that the build bundles and
 * the page loads after its `load` event; it hydrates the page's interactive parts (`data-island`
 * elements) with React only when each is needed. In the browser and in development the route
 * renders and hydrates as usual.
 */
export const islandPage = (name: string) => ({ scripts: false, islands: name }) as const;

type Handle = { scripts?: boolean; islands?: string } | undefined;

/**
 * While rendering, on the server, a route that exports `handle = staticPage` or `islandPage(…)`:
 * `{ islands }` (the island module's name, or undefined for a static page); otherwise null.
 */
export function useStaticPage(): { islands: string | undefined } | null {
  const matches = useMatches();
  // In the browser, the page was hydrated, so it is not a static one; a client-side navigation to a
  // static route keeps React Router's scripts (React renders the page and its controls there).
  if (typeof document !== "undefined" || import.meta.env.DEV) return null;
  const handle = matches.map((match) => match.handle as Handle).find((h) => h?.scripts === false);
  return handle ? { islands: handle.islands } : null;
}
