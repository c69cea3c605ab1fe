import { useEffect, useRef, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import * as m from "~/paraglide/messages.js";
import { getLocale, pathIn } from "~/shared/i18n/locale";
import { MENU_ICONS } from "./frame-markers";
import { LanguageSwitch } from "./language-switch";
import { Logo } from "./logo";

const navLinks = () =>
  [
    { label: m.nav_platform(), to: "/platform", highlight: false },
    { label: m.nav_assistant(), to: "/#chat", highlight: true },
    { label: m.nav_contact(), to: "/#contact", highlight: false },
  ] as const;

const linkClass = "inline-flex min-h-11 items-center rounded-full px-4 py-2 font-semibold";
const plainClass = `${linkClass} text-ink hover:bg-surface aria-[current=page]:underline aria-[current=page]:underline-offset-4`;
const highlightClass = `${linkClass} bg-brand text-white hover:bg-brand-strong`;

/**
 * Header with logo and the three nav links (spec §2). Below the md breakpoint the list becomes a
 * menu toggled by a button; it closes on navigation and on Escape. Without JavaScript the list is
 * simply shown (see `html:not([data-js])` in app.css).
 */
export function SiteHeader() {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const location = useLocation();
  const locale = getLocale();

  // Close on navigation: adjust state during render rather than in an effect.
  const [openedAt, setOpenedAt] = useState(location.key);
  if (openedAt !== location.key) {
    setOpenedAt(location.key);
    setOpen(false);
  }

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [open]);

  return (
    <header className="relative z-30 border-b border-line bg-canvas">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-2 px-4 py-3 sm:px-6">
        <Logo />
        <LanguageSwitch className="ml-auto inline-flex min-h-11 items-center rounded-full border border-line px-3 py-2 text-sm font-semibold text-ink hover:bg-surface md:mr-2" />
        <nav aria-label={m.nav_label()} className="js-menu">
          <button
            ref={buttonRef}
            type="button"
            id="menu-button"
            aria-expanded={open}
            aria-controls="site-nav-list"
            onClick={() => setOpen((value) => !value)}
            className="inline-flex min-h-11 items-center gap-2 rounded-md border border-line px-3 py-2 font-semibold text-ink md:hidden"
          >
            <svg viewBox="0 0 20 20" aria-hidden="true" focusable="false" className="size-5">
              <path d={open ? MENU_ICONS.open : MENU_ICONS.closed} stroke="currentColor" strokeWidth="2" strokeLinecap="round" fill="none" />
            </svg>
            {m.nav_menu()}
          </button>
          <ul
            id="site-nav-list"
            className={`${open ? "flex" : "hidden"} absolute inset-x-0 top-full flex-col gap-1 border-b border-line bg-canvas p-4 shadow-lg md:static md:flex md:flex-row md:items-center md:gap-2 md:border-0 md:p-0 md:shadow-none`}
          >
            {navLinks().map((link) => (
              <li key={link.to}>
                {link.highlight ? (
                  <Link to={pathIn(link.to, locale)} className={highlightClass}>
                    {link.label}
                  </Link>
                ) : link.to === "/platform" ? (
                  <NavLink to={pathIn(link.to, locale)} className={plainClass}>
                    {link.label}
                  </NavLink>
                ) : (
                  <Link to={pathIn(link.to, locale)} className={plainClass}>
                    {link.label}
                  </Link>
                )}
              </li>
            ))}

          </ul>
        </nav>
      </div>
    </header>
  );
}
