/** What the three preview renderers share: the frame of an app window, text escaping, the palette. */
import { previewText, type PreviewName } from "../../app/content/previews";
import { LANGUAGE_TAG, type Locale } from "../../app/shared/i18n/locale";

/*
 * The SVG is shown by <img>, which cannot see the page's CSS (nor its contrast mode): every text
 * colour here reaches 7:1 on its background, so it reads the same in both modes.
 */
export const palette = {
  ink: "#0f172a",
  muted: "#334155",
  line: "#cbd5e1",
  window: "#ffffff",
  chrome: "#f1f5f9",
  brand: "#b91c1c",
  brandSoft: "#fee2e2",
  brandInk: "#7f1d1d",
  ok: "#166534",
} as const;

export const FONT = "system-ui,-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";

export const escapeXml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** One decimal is sub-pixel at the sizes shown, and keeps the files small. */
export const n = (value: number) => String(Math.round(value * 10) / 10);

export interface Size {
  width: number;
  height: number;
}

export const TITLE_BAR = 44;

/**
 * A whole preview: an app window with a title bar (the tool's name and a detail on the right) around
 * `body`, which is drawn from y = TITLE_BAR. Titled and described for assistive technology too.
 */
export function previewSvg(name: PreviewName, locale: Locale, size: Size, heading: string, detail: string, body: string): string {
  const { title, description } = previewText(name, locale);
  const { width, height } = size;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg"${locale === "en" ? "" : ` xml:lang="${LANGUAGE_TAG[locale]}"`} viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-labelledby="t d" font-family="${FONT}">`,
    `<title id="t">${escapeXml(title)}</title>`,
    `<desc id="d">${escapeXml(description)}</desc>`,
    `<rect width="${width}" height="${height}" rx="12" fill="${palette.window}"/>`,
    `<path d="M0 12a12 12 0 0 1 12-12h${width - 24}a12 12 0 0 1 12 12v${TITLE_BAR - 12}H0z" fill="${palette.chrome}"/>`,
    `<path d="M0 ${TITLE_BAR}.5H${width}" stroke="${palette.line}"/>`,
    `<g fill="${palette.line}"><circle cx="20" cy="22" r="5"/><circle cx="36" cy="22" r="5"/><circle cx="52" cy="22" r="5"/></g>`,
    `<text x="72" y="27" font-size="15" font-weight="700" fill="${palette.ink}">${escapeXml(heading)}</text>`,
    `<text x="${width - 16}" y="27" font-size="13" text-anchor="end" fill="${palette.muted}">${escapeXml(detail)}</text>`,
    body,
    `<rect x=".5" y=".5" width="${width - 1}" height="${height - 1}" rx="11.5" fill="none" stroke="${palette.line}"/>`,
    `</svg>`,
  ].join("");
}
