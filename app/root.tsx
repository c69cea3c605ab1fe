import type { ReactNode } from "react";
import { isRouteErrorResponse, Link, Links, Meta, Outlet, Scripts } from "react-router";
import type { Route } from "./+types/root";
import { paraglideMiddleware } from "./paraglide/server.js";
import { getLocale, LANGUAGE_TAG, pathIn } from "./shared/i18n/locale";
import * as m from "~/paraglide/messages.js";
import preferencesScript from "./features/accessibility/preferences-script.ts?inline-script";
import { PRODUCT_NAME } from "./content/brand";
import { errorWords } from "./features/layout/error-words";
import { SiteLayout } from "./features/layout/site-layout";
import { WorkspaceFrame, useInWorkspace } from "./features/team/workspace-frame";
import { useNonce } from "./shared/nonce";
import { SiteLinks } from "./shared/seo/site-links";
import { useSiteOrigin } from "./shared/seo/site-origin";
import { useStaticPage } from "./features/layout/static-page";
import { Toaster } from "./shared/ui/toast";
import stylesheet from "./app.css?url";

/**
 * React Router answers 405 only to a form sent to a route without an action, page or file: it is
 * only read, and a 405 names what it allows (RFC 9110).
 */
const allowOnlyReads: Route.MiddlewareFunction = async (_args, next) => {
  const response = await next();
  if (response.status === 405 && !response.headers.has("Allow")) response.headers.set("Allow", "GET, HEAD");
  return response;
};

/** Every request renders in the language of its URL (getLocale(), app/shared/i18n/locale.ts). */
export const middleware: Route.MiddlewareFunction[] = [({ request }, next) => paraglideMiddleware(request, () => next()), allowOnlyReads];

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const siteOrigin = useSiteOrigin();
  // A static page (the legal pages) ships no framework JavaScript; the build adds one small inline
  // script in its place (scripts/build-server.ts, decision 0042); an island page (Home) also gets
  // its island module, named by data-islands (decision 0044).
  const staticPage = useStaticPage();
  return (
    <html lang={LANGUAGE_TAG[getLocale()]} data-site-origin={siteOrigin} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, interactive-widget=resizes-content" />
        <meta name="theme-color" content="#b91c1c" />
        {/* A precedence makes React emit the stylesheet before the module preloads it hoists, so
            first paint does not wait behind the JavaScript. */}
        <link rel="stylesheet" href={stylesheet} precedence="default" />
        {/* Applies saved text size and contrast before first paint, so a reload never flashes. */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: preferencesScript }} />
        <Meta />
        <SiteLinks />
        <Links nonce={nonce} />
      </head>
      <body data-islands={staticPage?.islands}>
        {children}
        {staticPage ? null : <Scripts nonce={nonce} />}
      </body>
    </html>
  );
}

export default function App() {
  const Frame = useInWorkspace() ? WorkspaceFrame : SiteLayout;
  return (
    <Frame>
      <Outlet />
      {/* Its own element, so an island page can hydrate it alone (decision 0044). */}
      <div data-island="toaster">
        <Toaster />
      </div>
    </Frame>
  );
}

/**
 * Errors that no route handles. Unknown paths are caught earlier, by routes/not-found.tsx's own
 * boundary (a detailed 404 page loaded only when needed); this is the compact fallback.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : undefined;
  const { title, text } = errorWords(status, true);
  const Frame = useInWorkspace() ? WorkspaceFrame : SiteLayout;
  const locale = getLocale();
  const links: Record<string, ReactNode> = {
    home: (
      <Link key="home" className="text-brand underline" to={pathIn("/", locale)}>
        {m.error_home_link()}
      </Link>
    ),
    platform: (
      <Link key="platform" className="text-brand underline" to={pathIn("/platform", locale)}>
        {m.error_platform_link()}
      </Link>
    ),
  };
  // The sentence is one message in each language; its two links take the places it marks.
  const goTo = m
    .error_go_to({ home: "{home}", platform: "{platform}" })
    .split(/\{(home|platform)\}/)
    .map((part, index) => (index % 2 === 1 ? links[part] : part));
  return (
    <Frame>
      <title>{`${status === 404 ? title : m.error_label()} | ${PRODUCT_NAME}`}</title>
      <meta name="robots" content="noindex" />
      <div className="mx-auto max-w-3xl px-4 py-24 sm:px-6">
        <h1 className="text-4xl font-extrabold text-ink">{title}</h1>
        <p className="mt-6 text-lg text-muted">
          {text} {goTo}
        </p>
      </div>
    </Frame>
  );
}
