import { home } from "~/content/home";
import * as m from "~/paraglide/messages.js";
import { getLocale } from "~/shared/i18n/locale";
import { dismissBanner } from "~/features/accessibility/preferences";
import { CloseIcon } from "./close-icon";

/**
 * The red launch announcement (spec §2). Always in the pre-rendered HTML; once dismissed it is
 * hidden by `data-banner="dismissed"` on <html>, which the pre-paint script restores on every load,
 * so a returning visitor never sees it flash or the page shift.
 */
export function AnnouncementBanner() {
  const { announcement } = home[getLocale()];
  return (
    <div id="announcement" role="region" aria-label={m.site_announcement_label()} className="bg-brand text-white">
      <div className="mx-auto flex max-w-7xl items-center gap-3 px-4 py-2 sm:px-6">
        <p className="flex-1 text-center text-sm font-semibold sm:text-base">{announcement.text}</p>
        <button
          type="button"
          aria-label={announcement.closeLabel}
          data-testid="banner-close"
          onClick={dismissBanner}
          className="inline-flex size-11 shrink-0 items-center justify-center rounded-md hover:bg-white/15 focus-visible:outline-white"
        >
          <CloseIcon />
        </button>
      </div>
    </div>
  );
}
