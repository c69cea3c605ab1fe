import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { layOutDeferredSections } from "./frame-markers";
import { hashTargetId } from "./hash-target";

/**
 * Spec §2: each route change scrolls to the top, or smoothly to the hash target when the link
 * carries a hash (instantly when the visitor prefers reduced motion). The first render also goes
 * to the top unless the URL has a hash, so Home always opens at its hero.
 */
export function useScrollManagement() {
  const location = useLocation();
  const firstRender = useRef(true);

  useEffect(() => {
    if ("scrollRestoration" in window.history) window.history.scrollRestoration = "manual";
  }, []);

  useEffect(() => {
    const isFirst = firstRender.current;
    firstRender.current = false;
    const reduceMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    if (location.hash.length > 1) {
      const target = document.getElementById(hashTargetId(location.hash));
      if (target) {
        // Sections the first paint left for later (frame-markers.ts) at their guessed sizes would put the target elsewhere.
        layOutDeferredSections();
        target.scrollIntoView({ behavior: reduceMotion || isFirst ? "instant" : "smooth", block: "start" });
        return;
      }
    }
    window.scrollTo({ top: 0, left: 0, behavior: "instant" });
  }, [location.key, location.pathname, location.hash]);
}
