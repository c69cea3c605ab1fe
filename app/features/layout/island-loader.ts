/**
 * An island page's loader (decisions 0044, 0133): scripts/build-server.ts bundles this module,
 * inlines it at the end of <body>, and names the island's stylesheet and module on <body>
 * (ISLAND_STYLESHEET_ATTRIBUTE, ISLAND_MODULE_ATTRIBUTE). No imports beyond the markers: every
 * island page carries the same bytes, so one CSP hash.
 *
 * Both load once the page has loaded (like hydration, decision 0066) and its first paint has been
 * presented, so the first paint never waits for them nor shares the network with them. The
 * stylesheet loads as "print" (lowest priority, never render-blocking) and applies once loaded; the
 * module waits for it (loaded or failed), so what an island renders is never seen unstyled.
 * Without the Paint Timing API, the frame after `load` stands for the first paint.
 */
import { ISLAND_MODULE_ATTRIBUTE, ISLAND_STYLESHEET_ATTRIBUTE } from "./frame-markers";

function loadIsland(): void {
  const stylesheet = document.body.getAttribute(ISLAND_STYLESHEET_ATTRIBUTE);
  const module = document.body.getAttribute(ISLAND_MODULE_ATTRIBUTE);
  if (!stylesheet || !module) return;
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.media = "print";
  link.href = stylesheet;
  link.onload = link.onerror = () => {
    link.media = "all";
    const script = document.createElement("script");
    script.type = "module";
    script.src = module;
    document.body.append(script);
  };
  document.head.append(link);
}

addEventListener("load", () => {
  // A task after the paint, not inside the observer's callback or the frame.
  const afterPaint = () => setTimeout(loadIsland);
  if (!window.PerformanceObserver?.supportedEntryTypes?.includes("paint")) {
    requestAnimationFrame(afterPaint);
    return;
  }
  new PerformanceObserver((_entries, observer) => {
    observer.disconnect();
    afterPaint();
  }).observe({ type: "paint", buffered: true });
});
