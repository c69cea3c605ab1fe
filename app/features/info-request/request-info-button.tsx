import { lazy, Suspense, useState, useSyncExternalStore } from "react";
import * as m from "~/paraglide/messages.js";
import { leadFormPath } from "~/shared/forms/lead-forms";
import { getLocale } from "~/shared/i18n/locale";
import type { PlanType } from "~/content/plans";
import { planGroupLabel } from "./messages";

const RequestInfoModal = lazy(() => import("./request-info-modal"));

const noop = () => () => {};
/** False in the pre-rendered HTML and during hydration, true once React runs in the browser. */
const useHydrated = () =>
  useSyncExternalStore(
    noop,
    () => true,
    () => false,
  );

const buttonClass =
  "inline-flex items-center justify-center rounded-lg bg-brand px-5 py-3 font-semibold text-white no-underline hover:bg-brand-strong";

/**
 * "Request More Information" for one plan group (spec §2). Without JavaScript it is a link to the
 * /request-information page in the page's language (same form, same messages); once hydrated, a
 * button opening the modal.
 */
export function RequestInfoButton({ planType, className }: { planType: PlanType; className?: string }) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const label = (
    <>
      {m.forms_info_request_title()}
      <span className="sr-only">{m.forms_info_request_about({ plans: planGroupLabel(planType) })}</span>
    </>
  );

  if (!hydrated) {
    return (
      <a href={`${leadFormPath("request-information", getLocale())}?plan=${planType}`} className={`${buttonClass} ${className ?? ""}`}>
        {label}
      </a>
    );
  }
  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
        onPointerEnter={() => void import("./request-info-modal").catch(() => undefined)}
        className={`${buttonClass} ${className ?? ""}`}
      >
        {label}
      </button>
      {loaded ? (
        <Suspense fallback={null}>
          <RequestInfoModal open={open} planType={planType} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
