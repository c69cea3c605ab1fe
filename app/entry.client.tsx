import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { NonceProvider, documentNonce } from "./shared/nonce";
import { SiteOriginProvider, documentSiteOrigin } from "./shared/seo/site-origin";

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <SiteOriginProvider value={documentSiteOrigin()}>
        <NonceProvider value={documentNonce()}>
          <HydratedRouter />
        </NonceProvider>
      </SiteOriginProvider>
    </StrictMode>,
  );
});
