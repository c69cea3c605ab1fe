import { Link } from "react-router";

const actionClass = "inline-flex min-h-12 items-center rounded-full px-6 py-3 font-semibold";

/** Page shown by root's ErrorBoundary: a helpful 404, or a generic error with a way back. */
export function ErrorPage({ status }: { status?: number }) {
  const notFound = status === 404;
  return (
    <div className="mx-auto max-w-3xl px-4 py-20 sm:px-6 sm:py-28">
      <p className="text-sm font-bold tracking-wide text-brand uppercase">{notFound ? "Error 404" : status ? `Error ${status}` : "Error"}</p>
      <h1 className="mt-2 text-4xl font-extrabold tracking-tight text-ink sm:text-5xl">{notFound ? "Page not found" : "Something went wrong"}</h1>
      <p className="mt-6 text-lg text-muted">
        {notFound
          ? "We couldn't find the page you asked for. The link may be out of date, or the address may have a typo. The platform is still being launched, so some pages don't exist yet."
          : "The page could not be shown. Please try again in a moment."}
      </p>
      <p className="mt-4 text-lg text-muted">Here is where you can go from here:</p>
      <ul className="mt-6 flex flex-wrap gap-3">
        <li>
          <Link to="/" className={`${actionClass} bg-brand text-white hover:bg-brand-strong`}>
            Go to the home page
          </Link>
        </li>
        <li>
          <Link to="/platform" className={`${actionClass} border-2 border-brand text-brand hover:bg-brand-soft`}>
            See the Platform Overview
          </Link>
        </li>
        <li>
          <Link to="/#contact" className={`${actionClass} border-2 border-line text-ink hover:bg-surface`}>
            Contact us
          </Link>
        </li>
      </ul>
    </div>
  );
}
