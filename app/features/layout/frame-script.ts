/**
 * What the frame's React components do, for a page served without React Router (the legal pages,
 * and Home and /platform as islands: static-page.ts). scripts/build-server.ts bundles this module
 * and inlines it at the end of <body>; no React here. Its two halves: ./frame-first.ts, what runs
 * before the first paint and the controls at the top of the page, and ./frame-actions.ts, the rest.
 * An island page inlines only the first and loads the second with its island (decision 0136).
 */
import "./frame-first";
import "./frame-actions";
