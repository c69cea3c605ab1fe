import { BANNER_KEY, CONTRAST_KEY, FONT_SIZE_KEY, FONT_SIZES } from "~/features/accessibility/preferences";
import { MENU_ICONS } from "./static-page";

/**
 * What the React components of the frame do, for a page without React (runs at the end of
 * <body>): the text size and contrast toggles (app/features/accessibility), the banner's dismiss
 * button (app/features/layout/announcement-banner.tsx) and the mobile menu (site-header.tsx: the
 * button toggles it, Escape closes it). Same storage keys and <html> attributes as the React code
 * and PREFERENCES_SCRIPT. A constant string: the build hashes it for the CSP.
 */
export const STATIC_PAGE_SCRIPT = `(function(){var d=document.documentElement,b=document.getElementById("menu-button"),l=document.getElementById("site-nav-list");
function q(t){return document.querySelector('[data-testid="'+t+'"]')}
function put(k,v){try{localStorage.setItem(k,v)}catch(e){}}
function big(){return d.style.fontSize==="${FONT_SIZES.large}"}
function high(){return d.getAttribute("data-contrast")==="high"}
function sync(){var f=q("toggle-font-size"),c=q("toggle-contrast");if(f)f.setAttribute("aria-pressed",String(big()));if(c)c.setAttribute("aria-pressed",String(high()))}
function menu(o){if(!b||!l)return;b.setAttribute("aria-expanded",String(o));l.classList.toggle("hidden",!o);l.classList.toggle("flex",o);var p=b.querySelector("path");if(p)p.setAttribute("d",o?"${MENU_ICONS.open}":"${MENU_ICONS.closed}")}
document.addEventListener("click",function(e){var t=e.target instanceof Element?e.target.closest("button"):null;if(!t)return;var id=t.getAttribute("data-testid");
if(id==="toggle-font-size"){var L=!big();d.style.fontSize=L?"${FONT_SIZES.large}":"${FONT_SIZES.normal}";put("${FONT_SIZE_KEY}",L?"large":"normal");sync()}
else if(id==="toggle-contrast"){if(high())d.removeAttribute("data-contrast");else d.setAttribute("data-contrast","high");put("${CONTRAST_KEY}",high()?"high":"normal");sync()}
else if(id==="banner-close"){d.setAttribute("data-banner","dismissed");put("${BANNER_KEY}","1")}
else if(t===b)menu(b.getAttribute("aria-expanded")!=="true")});
document.addEventListener("keydown",function(e){if(e.key==="Escape"&&b&&b.getAttribute("aria-expanded")==="true"){menu(false);b.focus()}});
sync()})()`;

