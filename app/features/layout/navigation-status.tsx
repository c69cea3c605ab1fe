import { useNavigation } from "react-router";
import * as m from "~/paraglide/messages.js";
import { useStaticPage } from "./static-page";

/**
 * The "Loading..." fallback of spec §2 while the next screen loads. A fixed pill, so it never
 * moves the page; the live region is always present so screen readers announce the change. On a
 * page served without React Router (./static-page.ts) the pill is rendered hidden, and the frame
 * script (./frame-script.ts) shows it while a link's page loads.
 */
export function NavigationStatus() {
  const loading = useNavigation().state === "loading";
  const framed = useStaticPage() !== null;
  return (
    <div role="status" aria-live="polite" className="pointer-events-none fixed inset-x-0 top-3 z-50 flex justify-center">
      {loading || framed ? (
        <span data-testid="loading" hidden={!loading} className="relative overflow-hidden rounded-full bg-night px-5 py-2 text-sm font-semibold text-on-dark shadow-lg">
          {m.site_loading()}
          <span aria-hidden="true" className="loading-bar absolute inset-x-0 bottom-0 h-0.5 w-2/5 bg-brand-light" />
        </span>
      ) : null}
    </div>
  );
}
