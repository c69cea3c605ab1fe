/**
 * How Paraglide JS compiles messages/<locale>/*.json (decision 0131): the same options for the
 * Vite plugin (the build and `npm run dev`'s pages) and scripts/i18n/compile-messages.ts (the
 * type-check, the tests and the server run from source).
 */
export const paraglideOptions = {
  project: "./project.inlang",
  outdir: "./app/paraglide",
  // The URL says the language: /fr/… is French, every other path English. The server sets it per
  // request (the root route's middleware); the islands read it from the page's address.
  strategy: ["url", "baseLocale"],
  emitTsDeclarations: true,
  // One layout of the compiled files for every compile: the Vite plugin's default in development
  // is "locale-modules", which `npm run dev` wrote over this one (and removed its files) while
  // tests imported them.
  outputStructure: "message-modules",
  // Written over in place, not emptied first: `npm run dev` (the dev-server test) compiles again
  // while other tests import these modules, and an emptied directory fails their imports.
  cleanOutdir: false,
} as const;
