/** The permit tracker preview: the example move's permits, one row per state or province, with statuses. */
import { exampleMove, permitTracker, type PermitStatus, previewWords } from "../../app/content/previews";
import type { Locale } from "../../app/shared/i18n/locale";
import { escapeXml, n, palette, previewSvg, type Size, TITLE_BAR } from "./svg";

/** Wide: one line per permit and its note under it. Narrow (phones): larger type, the permit on a line of its own. */
export const PERMIT_TRACKER_WIDE: Size = { width: 600, height: 452 };
export const PERMIT_TRACKER_NARROW: Size = { width: 440, height: 664 };

/** Each status's pill: text on a tint, 7:1 at least. */
const statusColours: Record<PermitStatus, { text: string; fill: string }> = {
  Approved: { text: "#14532d", fill: "#dcfce7" },
  "In review": { text: "#713f12", fill: "#fef3c7" },
  Submitted: { text: "#1e3a8a", fill: "#dbeafe" },
  "Action needed": { text: "#7f1d1d", fill: "#fee2e2" },
};

export function permitTrackerSvg(size: Size, locale: Locale): string {
  const words = previewWords[locale];
  const { width } = size;
  const narrow = width < PERMIT_TRACKER_WIDE.width;
  const k = narrow ? 1.2 : 1;
  const top = TITLE_BAR;
  const approved = permitTracker.permits.filter((p) => p.status === "Approved").length;
  const total = permitTracker.permits.length;
  const barW = width - 32;
  const headY = top + (narrow ? 88 : 80);
  const summary = [
    `<text x="16" y="${top + 30}" font-size="${n(14 * k)}" font-weight="700" fill="${palette.ink}">${escapeXml(words.approved(approved, total))}</text>`,
    narrow
      ? ""
      : `<text x="${width - 16}" y="${top + 30}" text-anchor="end" font-size="12" fill="${palette.muted}">${escapeXml(`${exampleMove.from.name} → ${exampleMove.to.name}`)}</text>`,
    `<rect x="16" y="${top + 42}" width="${barW}" height="8" rx="4" fill="${palette.chrome}"/>`,
    `<rect x="16" y="${top + 42}" width="${Math.round((barW * approved) / total)}" height="8" rx="4" fill="#15803d"/>`,
    `<text x="16" y="${headY}" font-size="${n(11 * k)}" font-weight="700" fill="${palette.muted}" letter-spacing=".6">${words.jurisdictionHeading}</text>`,
    `<text x="${width - 16}" y="${headY}" text-anchor="end" font-size="${n(11 * k)}" font-weight="700" fill="${palette.muted}" letter-spacing=".6">${words.statusHeading}</text>`,
  ].join("");
  const rowH = narrow ? 84 : 52;
  const rows = permitTracker.permits
    .map((p, i) => {
      const y = headY + 10 + i * rowH;
      const colours = statusColours[p.status];
      const status = words.statuses[p.status];
      const { permit, note } = words.permits[i] ?? p;
      const pillW = (16 + status.length * 7.2) * k;
      const lines = narrow
        ? [
            `<text x="62" y="${y + 26}" font-size="17" font-weight="700" fill="${palette.ink}">${escapeXml(p.jurisdiction)}</text>`,
            `<text x="62" y="${y + 49}" font-size="15" fill="${palette.ink}">${escapeXml(permit)}</text>`,
            `<text x="62" y="${y + 70}" font-size="14" fill="${palette.muted}">${escapeXml(note)}</text>`,
          ]
        : [
            `<text x="62" y="${y + 22}" font-size="14" font-weight="700" fill="${palette.ink}">${escapeXml(`${p.jurisdiction} · ${permit}`)}</text>`,
            `<text x="62" y="${y + 40}" font-size="12" fill="${palette.muted}">${escapeXml(note)}</text>`,
          ];
      return [
        `<path d="M16 ${y}.5H${width - 16}" stroke="${palette.line}"/>`,
        `<rect x="16" y="${y + 12}" width="34" height="26" rx="6" fill="${palette.ink}"/>`,
        `<text x="33" y="${y + 30}" text-anchor="middle" font-size="12" font-weight="700" fill="#fff">${escapeXml(p.code)}</text>`,
        ...lines,
        `<rect x="${n(width - 16 - pillW)}" y="${y + 12}" width="${n(pillW)}" height="${n(24 * k)}" rx="${n(12 * k)}" fill="${colours.fill}"/>`,
        `<text x="${n(width - 16 - pillW / 2)}" y="${n(y + 12 + 16 * k)}" text-anchor="middle" font-size="${n(12 * k)}" font-weight="700" fill="${colours.text}">${escapeXml(status)}</text>`,
      ].join("");
    })
    .join("");
  return previewSvg("permitTracker", locale, size, words.titles.permitTracker, words.move(exampleMove.reference), summary + rows);
}
