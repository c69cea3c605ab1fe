import { PassThrough } from "node:stream";
import type { ReactElement } from "react";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { prerender } from "react-dom/static";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { nonceContext, siteOriginContext } from "./context.server";
import { NonceProvider } from "./shared/nonce";
import { ORIGIN_PLACEHOLDER } from "./shared/seo/origin-placeholder.server";
import { SiteOriginProvider } from "./shared/seo/site-origin";

export { clientKeyContext, nonceContext, servicesContext, siteOriginContext } from "./context.server";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  // Empty while pre-rendering: those pages get hashes of their inline scripts instead.
  const nonce = loadContext.get(nonceContext) || undefined;
  const siteOrigin = loadContext.get(siteOriginContext) || ORIGIN_PLACEHOLDER;
  const userAgent = request.headers.get("user-agent");

  if (!nonce || (userAgent && isbot(userAgent)) || routerContext.isSpaMode) {
    return renderComplete(responseStatusCode, responseHeaders, page(routerContext, request.url, nonce, siteOrigin));
  }

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;

    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      page(routerContext, request.url, nonce, siteOrigin),
      {
        nonce,
        onShellReady() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}

function page(routerContext: EntryContext, url: string, nonce: string | undefined, siteOrigin: string): ReactElement {
  return (
    <SiteOriginProvider value={siteOrigin}>
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={url} nonce={nonce} />
      </NonceProvider>
    </SiteOriginProvider>
  );
}

/**
 * Pre-rendered pages and crawlers get the whole document at once, every Suspense boundary in
 * place: readable without JavaScript, and with no streaming scripts to allow in the CSP.
 */
async function renderComplete(status: number, headers: Headers, element: ReactElement) {
  const controller = new AbortController();
  const timeoutId = setTimeout(() => controller.abort(), streamTimeout);
  try {
    const { prelude } = await prerender(
      element,
      // Never split a large section out to be streamed in later by a script.
      { signal: controller.signal, progressiveChunkSize: Number.POSITIVE_INFINITY },
    );
    headers.set("Content-Type", "text/html; charset=utf-8");
    return new Response(prelude, { status, headers });
  } finally {
    clearTimeout(timeoutId);
  }
}
