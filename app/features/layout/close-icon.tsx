import { MENU_ICONS } from "./frame-markers";

/** The cross of the frame's close buttons (the banner's, the language suggestion's): the open menu's icon. */
export function CloseIcon() {
  return (
    <svg viewBox="0 0 20 20" aria-hidden="true" focusable="false" className="size-5">
      <path d={MENU_ICONS.open} stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" fill="none" />
    </svg>
  );
}
