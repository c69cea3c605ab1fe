import { createContext, useContext } from "react";

const NonceContext = createContext<string | undefined>(undefined);

export const NonceProvider = NonceContext.Provider;

/**
 * The CSP nonce of a request-time render; undefined for pre-rendered pages. In the browser, the
 * nonce the page was rendered with (documentNonce).
 */
export function useNonce(): string | undefined {
  return useContext(NonceContext);
}

/**
 * The nonce the server rendered this document with, for hydration: React compares each element's
 * `nonce` property with what the client renders (the attribute itself reads "" once the browser
 * hides it). Scripts on the page can already read it there; a pre-rendered page has none.
 */
export function documentNonce(): string | undefined {
  return document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce || undefined;
}
