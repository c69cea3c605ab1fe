import { useEffect, useState } from "react";

/** Spec §9: the active tab is the section whose box contains this point, from the top of the viewport. */
export const ACTIVE_OFFSET_PX = 100;

/** The id of the first listed element whose box contains the point ACTIVE_OFFSET_PX from the top. */
export function sectionAtOffset(ids: readonly string[], offset = ACTIVE_OFFSET_PX): string | null {
  for (const id of ids) {
    const rect = document.getElementById(id)?.getBoundingClientRect();
    if (rect && rect.top <= offset && rect.bottom > offset) return id;
  }
  return null;
}

/** Tracks which section contains the activation point, updated once per frame while scrolling. */
export function useActiveSection(ids: readonly string[]): string | null {
  const [active, setActive] = useState<string | null>(null);

  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      setActive(sectionAtOffset(ids));
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener("scroll", schedule, { passive: true });
    window.addEventListener("resize", schedule);
    return () => {
      if (frame) cancelAnimationFrame(frame);
      window.removeEventListener("scroll", schedule);
      window.removeEventListener("resize", schedule);
    };
  }, [ids]);

  return active;
}
