import { useEffect, useId, useState } from "react";
import {
  type AccessibilityPreferences,
  applyContrast,
  applyFontSize,
  readAppliedPreferences,
} from "./preferences";

const buttonClass =
  "inline-flex min-h-11 items-center gap-2 rounded-md border-2 border-on-dark px-3 py-2 text-sm font-semibold text-on-dark hover:bg-white/10 aria-pressed:bg-on-dark aria-pressed:text-night";

/** Text size and contrast toggles (spec §4 "Accessibility"), shown in the footer. */
export function AccessibilityControls() {
  const headingId = useId();
  const [prefs, setPrefs] = useState<AccessibilityPreferences>({ fontSize: "normal", contrast: "normal" });

  // The pre-paint script has already applied the saved choices; mirror them after hydration.
  useEffect(() => setPrefs(readAppliedPreferences()), []);

  const large = prefs.fontSize === "large";
  const high = prefs.contrast === "high";

  return (
    <div role="group" aria-labelledby={headingId}>
      <h2 id={headingId} className="text-base font-bold text-on-dark">
        Accessibility
      </h2>
      <div className="mt-3 flex flex-wrap gap-2">
        <button
          type="button"
          className={buttonClass}
          aria-pressed={large}
          data-testid="toggle-font-size"
          onClick={() => {
            const fontSize = large ? "normal" : "large";
            applyFontSize(fontSize);
            setPrefs((p) => ({ ...p, fontSize }));
          }}
        >
          <span aria-hidden="true" className="font-bold">
            A+
          </span>
          Large text
        </button>
        <button
          type="button"
          className={buttonClass}
          aria-pressed={high}
          data-testid="toggle-contrast"
          onClick={() => {
            const contrast = high ? "normal" : "high";
            applyContrast(contrast);
            setPrefs((p) => ({ ...p, contrast }));
          }}
        >
          <span aria-hidden="true" className="inline-block size-4 rounded-full border-2 border-current bg-[linear-gradient(90deg,currentColor_50%,transparent_50%)]" />
          High contrast
        </button>
      </div>
    </div>
  );
}
