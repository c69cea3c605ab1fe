import type { ReactNode } from "react";
import * as m from "~/paraglide/messages.js";
import { AnnouncementBanner } from "./announcement-banner";
import { LanguageSuggestion } from "./language-suggestion";
import { NavigationStatus } from "./navigation-status";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";
import { useScrollManagement } from "./use-scroll-management";

/**
 * The frame of every page: skip link, launch banner, header, the page inside <main id="main">,
 * footer, the "Loading..." status and scroll management. Pages render their sections only.
 */
export function SiteLayout({ children }: { children: ReactNode }) {
  useScrollManagement();
  return (
    <div className="flex min-h-svh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-night px-4 py-3 font-semibold text-on-dark focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {m.site_skip_to_main()}
      </a>
      <AnnouncementBanner />
      <SiteHeader />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      <SiteFooter />
      <NavigationStatus />
      <LanguageSuggestion />
    </div>
  );
}
