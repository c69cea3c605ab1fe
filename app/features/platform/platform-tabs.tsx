import { useEffect, useRef } from "react";
import { platform } from "~/content/platform";
import * as m from "~/paraglide/messages.js";
import { getLocale } from "~/shared/i18n/locale";
import { revealTab } from "./active-section";
import { useActiveSection } from "./use-active-section";

const TAB_IDS = platform.en.platformTabs.map((tab) => tab.id);

/**
 * Sticky tab navigation of /platform (spec §2). The active tab, marked aria-current="true", is the
 * section whose box contains the point 100px from the top of the viewport.
 */
export function PlatformTabs() {
  const { platformTabs } = platform[getLocale()];
  const active = useActiveSection(TAB_IDS);
  const listRef = useRef<HTMLUListElement>(null);

  // Keep the active tab visible in the horizontally scrolling list on small screens.
  useEffect(() => revealTab(listRef.current, active), [active]);

  return (
    <nav aria-label={m.platform_sections_label()} className="sticky top-0 z-20 border-b border-line bg-canvas/95 backdrop-blur">
      <ul ref={listRef} data-tab-list="" className="scroll-cue mx-auto flex max-w-7xl gap-1 overflow-x-auto px-4 py-2 sm:px-6">
        {platformTabs.map((tab) => (
          <li key={tab.id} data-tab={tab.id} className="shrink-0">
            {/* A bare fragment: the page is served at /platform and /platform/, and a link naming
                either path would be another page's link at the other (the "Loading..." pill). */}
            <a
              href={`#${tab.id}`}
              data-testid={`tab-${tab.id}`}
              aria-current={active === tab.id ? "true" : undefined}
              className="inline-flex min-h-11 items-center rounded-full px-4 py-2 text-sm font-semibold whitespace-nowrap text-ink hover:bg-surface aria-[current=true]:bg-brand aria-[current=true]:text-white"
            >
              {tab.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
