import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { SiteOriginProvider, documentSiteOrigin } from "./shared/seo/site-origin";

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <SiteOriginProvider value={documentSiteOrigin()}>
        <HydratedRouter />
      </SiteOriginProvider>
    </StrictMode>,
  );
});
