import { data, isRouteErrorResponse } from "react-router";
import { ErrorPage } from "~/features/layout/error-page";
import * as m from "~/paraglide/messages.js";
import { pageMeta } from "~/shared/seo/meta";
import type { Route } from "./+types/not-found";

/** Any path outside spec §2 answers 404 with a helpful page (rendered by this route's boundary). */
export function loader() {
  throw data(null, { status: 404, statusText: "Not Found" });
}

/** A form sent to an address that does not exist finds no page either (not "method not allowed"). */
export const action = loader;

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: m.error_not_found_title(),
    description: m.error_not_found_description(),
    noIndex: true,
  });

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage status={isRouteErrorResponse(error) ? error.status : undefined} />;
}

export default function NotFound() {
  return <ErrorPage status={404} />;
}
