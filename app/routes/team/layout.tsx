import { Link, Outlet, isRouteErrorResponse } from "react-router";
import { requireMember, teamServices } from "~/features/team/guard.server";
import { Notice, TeamPage, linkClass } from "~/features/team/team-ui";
import type { Route } from "./+types/layout";

export async function loader(args: Route.LoaderArgs) {
  const member = await requireMember(args);
  return { member, profile: await teamServices(args.context).access.profile(member) };
}

/** The signed-in pages; the workspace's header around them is the frame's (app/features/team/workspace-frame.tsx). */
export default function TeamLayout() {
  return <Outlet />;
}

/** 400/401/403/404 of the workspace's pages and actions, in words. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message =
    isRouteErrorResponse(error) && error.data && typeof error.data === "object" && "error" in error.data
      ? String((error.data as { error: unknown }).error)
      : status === 404
        ? "There is nothing here: the record may have been erased."
        : "The page could not be shown. Please try again in a moment.";
  return (
    <TeamPage title={status === 401 || status === 403 ? "Signed out" : status === 404 ? "Not found" : "Something went wrong"}>
      <title>Team workspace</title>
      <meta name="robots" content="noindex" />
      <div className="max-w-xl space-y-4">
        <Notice tone="error">{message}</Notice>
        <p>
          {status === 401 || status === 403 ? (
            <Link className={linkClass} to="/team/sign-in" reloadDocument>
              Sign in
            </Link>
          ) : (
            <Link className={linkClass} to="/team">
              Back to the people
            </Link>
          )}
        </p>
      </div>
    </TeamPage>
  );
}
