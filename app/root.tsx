import type { ReactNode } from "react";
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts } from "react-router";
import type { Route } from "./+types/root";
import { PREFERENCES_SCRIPT } from "./features/accessibility/preferences";
import { SiteLayout } from "./features/layout/site-layout";
import { useNonce } from "./shared/nonce";
import { Toaster } from "./shared/ui/toast";
import stylesheet from "./app.css?url";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, interactive-widget=resizes-content" />
        <meta name="theme-color" content="#b91c1c" />
        {/* Applies saved text size and contrast before first paint, so a reload never flashes. */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: PREFERENCES_SCRIPT }} />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return (
    <SiteLayout>
      <Outlet />
      <Toaster />
    </SiteLayout>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const title = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : "Something went wrong";
  return (
    <SiteLayout>
      <main id="main" className="mx-auto max-w-3xl px-4 py-24">
        <h1 className="text-3xl font-bold">{title}</h1>
        <p className="mt-4">Please try again, or go back to the <a className="underline" href="/">home page</a>.</p>
      </main>
    </SiteLayout>
  );
}
