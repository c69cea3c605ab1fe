import { type ReactNode, useId, useSyncExternalStore } from "react";
import * as m from "~/paraglide/messages.js";
import { applyContrast, applyFontSize, readAppliedPreferences } from "./preferences";

/** <html> is the source of truth (the pre-paint script set it); re-read it when it changes. */
function subscribeToRoot(onChange: () => void) {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ["style", "data-contrast"] });
  return () => observer.disconnect();
}
const appliedFontSize = () => readAppliedPreferences().fontSize;
const appliedContrast = () => readAppliedPreferences().contrast;
const beforeHydration = () => "normal" as const;

const buttonClass =
  "inline-flex min-h-11 items-center gap-2 rounded-md border-2 border-on-dark px-3 py-2 text-sm font-semibold text-on-dark hover:bg-white/10 aria-pressed:bg-on-dark aria-pressed:text-night";

/** A preference toggle: a pressed button while the preference is on. */
function Toggle({ pressed, testId, onToggle, icon, label }: { pressed: boolean; testId: string; onToggle: () => void; icon: ReactNode; label: string }) {
  return (
    <button type="button" className={buttonClass} aria-pressed={pressed} data-testid={testId} onClick={onToggle}>
      {icon}
      {label}
    </button>
  );
}

/** Text size and contrast toggles (spec §4 "Accessibility"), shown in the footer. */
export function AccessibilityControls() {
  const headingId = useId();
  const large = useSyncExternalStore(subscribeToRoot, appliedFontSize, beforeHydration) === "large";
  const high = useSyncExternalStore(subscribeToRoot, appliedContrast, beforeHydration) === "high";

  return (
    <div role="group" aria-labelledby={headingId}>
      <h2 id={headingId} className="text-base font-bold text-on-dark">
        {m.a11y_heading()}
      </h2>
      <div className="mt-3 flex flex-wrap gap-2">
        <Toggle
          pressed={large}
          testId="toggle-font-size"
          onToggle={() => applyFontSize(large ? "normal" : "large")}
          icon={
            <span aria-hidden="true" className="font-bold">
              A+
            </span>
          }
          label={m.a11y_large_text()}
        />
        <Toggle
          pressed={high}
          testId="toggle-contrast"
          onToggle={() => applyContrast(high ? "normal" : "high")}
          icon={<span aria-hidden="true" className="inline-block size-4 rounded-full border-2 border-current bg-[linear-gradient(90deg,currentColor_50%,transparent_50%)]" />}
          label={m.a11y_high_contrast()}
        />
      </div>
    </div>
  );
}
