import type { ReactNode } from "react";
import { Link } from "react-router";
import * as m from "~/paraglide/messages.js";
import { getLocale, pathIn } from "~/shared/i18n/locale";

interface LeadFormPageProps {
  /** The page's width; full width when unset. */
  width?: "max-w-2xl" | "max-w-3xl";
  /** Where the link below the form leads (an English path, followed in the page's language); the home page by default. */
  back?: { to: string; label: string; centered: boolean };
  children: ReactNode;
}

/**
 * The page of a lead form's own URL (/newsletter, /contact, /request-information), where its plain
 * (no-JavaScript) post lands: the page's heading and form, then a link back.
 */
export function LeadFormPage({ width, back = { to: "/", label: m.forms_back_home(), centered: true }, children }: LeadFormPageProps) {
  return (
    <div className={`${width ? `mx-auto ${width} ` : ""}px-4 py-16 sm:py-24`}>
      {children}
      <p className={back.centered ? "mt-10 text-center" : "mt-10"}>
        <Link to={pathIn(back.to, getLocale())} className="font-medium text-brand underline">
          {back.label}
        </Link>
      </p>
    </div>
  );
}
