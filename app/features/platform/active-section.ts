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

/**
 * Keeps the active tab visible in the horizontally scrolling list on small screens (the React tabs
 * and the island page's script, app/islands/platform.ts, share it).
 */
export function revealTab(list: HTMLElement | null, active: string | null): void {
  const item = active ? list?.querySelector<HTMLElement>(`[data-tab="${active}"]`) : null;
  if (!list || !item || list.scrollWidth <= list.clientWidth) return;
  list.scrollLeft = item.offsetLeft - (list.clientWidth - item.offsetWidth) / 2;
}
