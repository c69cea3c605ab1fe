import { Link } from "react-router";
import { PRODUCT_NAME } from "~/content/brand";

/** The mark: a low-bed trailer under a red load, in a rounded square (same as favicon.svg). */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" focusable="false" className={className}>
      <rect width="32" height="32" rx="7" className="fill-brand" />
      <rect x="5" y="9" width="14" height="8" rx="1.5" fill="#fff" />
      <path d="M20 12h4l3 4v3h-7z" fill="#fff" />
      <rect x="4" y="19" width="24" height="2.5" rx="1" fill="#fff" />
      <circle cx="9" cy="24" r="2.2" fill="#fff" />
      <circle cx="15" cy="24" r="2.2" fill="#fff" />
      <circle cx="24" cy="24" r="2.2" fill="#fff" />
    </svg>
  );
}

/** The logo: links to Home. `tone` picks the text colour for light or dark backgrounds. */
export function Logo({ tone = "light" }: { tone?: "light" | "dark" }) {
  return (
    <Link
      to="/"
      className={`inline-flex min-h-11 items-center gap-2 rounded-md text-xl font-extrabold tracking-tight ${tone === "dark" ? "text-on-dark" : "text-ink"}`}
    >
      <LogoMark className="size-8 shrink-0" />
      <span>{PRODUCT_NAME}</span>
    </Link>
  );
}
