import type { ReactNode } from "react";
import { Form, NavLink, useNavigation } from "react-router";

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

const NAV = [
  { to: "/team", label: "Leads", end: true },
  { to: "/team/overview", label: "Overview", end: false },
  { to: "/team/insights", label: "Insights", end: false },
  { to: "/team/mail", label: "Mail", end: false },
  { to: "/team/campaigns", label: "Campaigns", end: false },
  { to: "/team/audit", label: "Audit log", end: false },
] as const;

/** The workspace's bar: its sections, who is signed in, and sign-out. */
export function TeamBar({ member }: { member: string }) {
  const navigation = useNavigation();
  return (
    <div className="border-b border-line bg-surface">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3 sm:px-6">
        <p className="font-bold text-ink">Team workspace</p>
        <nav aria-label="Team workspace" className="flex flex-wrap gap-1">
          {NAV.map((item) => (
            <NavLink
              key={item.to}
              to={item.to}
              end={item.end}
              className={({ isActive }) =>
                `inline-flex min-h-11 items-center rounded-full px-4 py-2 text-sm font-semibold ${isActive ? "bg-brand text-white" : "text-ink hover:bg-canvas"}`
              }
            >
              {item.label}
            </NavLink>
          ))}
        </nav>
        <div className="ml-auto flex flex-wrap items-center gap-3">
          <p className="text-sm text-muted">
            Signed in as <span className="font-semibold text-ink">{member}</span>
          </p>
          <Form method="post" action="/team/sign-out">
            <button type="submit" className={secondaryButtonClass} disabled={navigation.state === "submitting"}>
              Sign out
            </button>
          </Form>
        </div>
      </div>
    </div>
  );
}

export const formatTime = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
