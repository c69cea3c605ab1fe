/**
 * Stands for the public origin in pre-rendered pages, which are built before any origin is known.
 * The server replaces it in each page it serves (server/http/prerendered-pages.ts); it only ever
 * appears in attributes, never inside an inline script whose CSP hash it would change.
 */
export const ORIGIN_PLACEHOLDER = "https://public-origin.invalid";
