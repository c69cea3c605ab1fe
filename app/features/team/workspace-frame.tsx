import type { ReactNode } from "react";
import { Link, useMatches, useRouteLoaderData } from "react-router";
import { AccessibilityControls } from "~/features/accessibility/accessibility-controls";
import { NavigationStatus } from "~/features/layout/navigation-status";
import { useScrollManagement } from "~/features/layout/use-scroll-management";
import type { loader as layoutLoader } from "~/routes/team/layout";
import { TeamBar } from "./team-ui";

/** Whether the page is one of the workspace's (every route under /team, sign-in included). */
export const useInWorkspace = () => useMatches().some((match) => match.id === "routes/team/workspace");

/**
 * The frame of every workspace page, in place of the public site's (no launch banner, marketing
 * navigation, social footer or chat): skip link, the workspace's header, the page inside
 * <main id="main">, the accessibility controls, and the "Loading..." status.
 */
export function WorkspaceFrame({ children }: { children: ReactNode }) {
  useScrollManagement();
  const workspace = useRouteLoaderData<typeof layoutLoader>("routes/team/layout");
  const member = workspace?.member;
  return (
    <div className="flex min-h-svh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-night px-4 py-3 font-semibold text-on-dark focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to main content
      </a>
      <TeamBar member={member} admin={workspace?.profile.role === "admin"} />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      <footer className="bg-night text-on-dark-muted">
        <div className="mx-auto flex max-w-6xl flex-wrap items-end justify-between gap-6 px-4 py-6 sm:px-6">
          <AccessibilityControls />
          <Link to="/" reloadDocument className="inline-flex min-h-11 items-center text-sm text-on-dark underline underline-offset-4">
            The public site
          </Link>
        </div>
      </footer>
      <NavigationStatus />
    </div>
  );
}
