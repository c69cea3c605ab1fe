import type { ReactNode } from "react";
import { Form, Link, NavLink, useLocation, useNavigation } from "react-router";
import { PRODUCT_NAME } from "~/content/brand";
import { LogoMark } from "~/features/layout/logo";

export const buttonClass = "inline-flex min-h-11 items-center justify-center rounded-lg bg-brand px-4 py-2 font-semibold text-white hover:bg-brand-strong disabled:opacity-70";
export const secondaryButtonClass =
  "inline-flex min-h-11 items-center justify-center rounded-lg border border-line bg-canvas px-4 py-2 font-semibold text-ink hover:bg-surface";
export const inputClass = "mt-1 block w-full rounded-lg border border-line bg-canvas px-3 py-2 text-base text-ink";
export const linkClass = "font-medium text-brand underline";

/** A page of the workspace: its heading and content, in the site's width. */
export function TeamPage({ title, children, actions }: { title: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <section aria-labelledby="team-page-title" className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 id="team-page-title" className="min-w-0 text-3xl font-extrabold wrap-anywhere text-ink">
          {title}
        </h1>
        {actions}
      </div>
      <div className="mt-6">{children}</div>
    </section>
  );
}

/** Messages for the person at the keyboard: errors are announced, confirmations politely. */
export function Notice({ tone, children }: { tone: "error" | "success"; children: ReactNode }) {
  return tone === "error" ? (
    <div role="alert" className="rounded-lg border border-brand bg-brand-soft px-4 py-3 font-medium text-brand-strong">
      {children}
    </div>
  ) : (
    <div role="status" className="rounded-lg border border-line bg-surface px-4 py-3 font-medium text-ink">
      {children}
    </div>
  );
}

/**
 * The workspace's sections, in the order of its navigation: a section is one entry here. `end`:
 * active on its own path only (not on the paths below it); `within`: other paths whose pages
 * belong to the section (shown as its, without being the section's page).
 */
/** The workspace's sections; `adminOnly` ones are shown to admins only (their pages refuse the others). */
export const TEAM_NAV: readonly { to: string; label: string; end: boolean; within?: readonly string[]; adminOnly?: boolean }[] = [
  { to: "/team", label: "People", end: true, within: ["/team/leads/", "/team/people"] },
  { to: "/team/overview", label: "Overview", end: false },
  { to: "/team/insights", label: "Insights", end: false },
  { to: "/team/mail", label: "Mail", end: false },
  { to: "/team/campaigns", label: "Campaigns", end: false },
  { to: "/team/replies", label: "Canned replies", end: false },
  { to: "/team/audit", label: "Audit log", end: false },
  { to: "/team/members", label: "Members", end: false, adminOnly: true },
  { to: "/team/webhooks", label: "Webhooks", end: false, adminOnly: true },
  { to: "/team/settings", label: "Settings", end: false },
];

/**
 * The workspace's header: its name, who is signed in and sign-out, then its sections in one strip
 * that scrolls sideways where it does not fit (a phone), shaded at the side where more is. Without
 * a member (the sign-in pages, a signed-out error) only the name.
 */
export function TeamBar({ member, admin = false }: { member: string | undefined; admin?: boolean }) {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  return (
    <header className="border-b border-line bg-canvas">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 px-4 pt-3 sm:px-6">
        <Link to="/team" className="inline-flex min-h-11 items-center gap-2 rounded-md text-lg font-extrabold text-ink">
          <LogoMark className="size-7 shrink-0" />
          <span>
            {PRODUCT_NAME} <span className="font-semibold text-muted">team</span>
          </span>
        </Link>
        {member ? (
          <>
            {/* On a phone the address takes its own line under the name and sign-out. */}
            <p className="order-3 min-w-0 basis-full text-sm break-all text-muted sm:order-2 sm:ml-auto sm:basis-auto">
              Signed in as <span className="font-semibold text-ink">{member}</span>
            </p>
            <Form method="post" action="/team/sign-out" className="order-2 ml-auto sm:order-3 sm:ml-0">
              <button type="submit" className={secondaryButtonClass} disabled={navigation.state === "submitting"}>
                Sign out
              </button>
            </Form>
          </>
        ) : null}
      </div>
      {member ? (
        <nav aria-label="Team workspace" className="mx-auto max-w-6xl px-2 pt-2 pb-2 sm:px-4">
          <ul className="scroll-cue flex gap-1 overflow-x-auto px-2">
            {TEAM_NAV.filter((item) => admin || !item.adminOnly).map((item) => (
              <li key={item.to} className="shrink-0">
                <NavLink
                  to={item.to}
                  end={item.end}
                  className={({ isActive }) =>
                    `inline-flex min-h-11 items-center rounded-full px-4 py-2 text-sm font-semibold whitespace-nowrap ${isActive || item.within?.some((path) => pathname.toLowerCase().startsWith(path)) ? "bg-brand text-white" : "text-ink hover:bg-surface"}`
                  }
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      ) : (
        <div className="pb-3" />
      )}
    </header>
  );
}
