/**
 * The cost simulator preview: the example move's inputs and the estimate's breakdown, side by side
 * (wide) or one above the other in larger type (narrow, for phones).
 */
import { costSimulator, costTotal, exampleMove, type PreviewWords, previewWords } from "../../app/content/previews";
import type { Locale } from "../../app/shared/i18n/locale";
import { escapeXml, n, palette, previewSvg, type Size, TITLE_BAR } from "./svg";

export const COST_SIMULATOR_WIDE: Size = { width: 600, height: 452 };
export const COST_SIMULATOR_NARROW: Size = { width: 440, height: 724 };

/** The breakdown from (x0, y0) to x1: one bar per cost, then the total. */
function breakdown(words: PreviewWords, x0: number, x1: number, y0: number, k: number): string {
  const barMax = x1 - x0;
  const largest = Math.max(...costSimulator.costs.map((c) => c.amount));
  const rowH = 52 * k;
  const rows = costSimulator.costs
    .map((cost, i) => {
      const y = y0 + 38 * k + i * rowH;
      return [
        `<text x="${x0}" y="${n(y)}" font-size="${n(13 * k)}" fill="${palette.ink}">${escapeXml(words.costLabels[i] ?? cost.label)}</text>`,
        `<text x="${x1}" y="${n(y)}" text-anchor="end" font-size="${n(13 * k)}" font-weight="700" fill="${palette.ink}">${escapeXml(words.money(cost.amount))}</text>`,
        `<rect x="${x0}" y="${n(y + 10 * k)}" width="${barMax}" height="10" rx="5" fill="${palette.chrome}"/>`,
        `<rect x="${x0}" y="${n(y + 10 * k)}" width="${Math.max(10, Math.round((barMax * cost.amount) / largest))}" height="10" rx="5" fill="${i === 0 ? palette.brand : "#475569"}"/>`,
      ].join("");
    })
    .join("");
  const totalY = Math.round(y0 + 38 * k + costSimulator.costs.length * rowH);
  return [
    `<text x="${x0}" y="${y0}" font-size="${n(13 * k)}" font-weight="700" fill="${palette.ink}">${escapeXml(words.costBreakdown)}</text>`,
    `<text x="${x1}" y="${y0}" text-anchor="end" font-size="${n(12 * k)}" fill="${palette.muted}">USD</text>`,
    rows,
    `<path d="M${x0} ${totalY - 4}.5H${x1}" stroke="${palette.ink}"/>`,
    `<text x="${x0}" y="${n(totalY + 24 * k)}" font-size="${n(14 * k)}" font-weight="700" fill="${palette.ink}">${escapeXml(words.estimatedTotal)}</text>`,
    `<text x="${x1}" y="${n(totalY + 26 * k)}" text-anchor="end" font-size="${n(22 * k)}" font-weight="800" fill="${palette.brandInk}">${escapeXml(words.money(costTotal))}</text>`,
    `<text x="${x0}" y="${n(totalY + 52 * k)}" font-size="${n(12 * k)}" fill="${palette.muted}">${escapeXml(words.estimateNote)}</text>`,
  ].join("");
}

export function costSimulatorSvg(size: Size, locale: Locale): string {
  const words = previewWords[locale];
  const inputsIn = words.inputs;
  const { width, height } = size;
  const top = TITLE_BAR;
  if (width < COST_SIMULATOR_WIDE.width) {
    // Narrow: the inputs as a list of values, then the breakdown across.
    const k = 1.2;
    const rowH = 32;
    const inputsH = 44 + costSimulator.inputs.length * rowH;
    const inputs = inputsIn
      .map((input, i) => {
        const y = top + 64 + i * rowH;
        return [
          `<text x="16" y="${y}" font-size="15" fill="${palette.muted}">${escapeXml(input.label)}</text>`,
          `<text x="${width - 16}" y="${y}" text-anchor="end" font-size="15" font-weight="700" fill="${palette.ink}">${escapeXml(input.value)}</text>`,
        ].join("");
      })
      .join("");
    const body = [
      `<rect y="${top}" width="${width}" height="${inputsH}" fill="${palette.chrome}"/>`,
      `<path d="M0 ${top + inputsH}.5H${width}" stroke="${palette.line}"/>`,
      `<text x="16" y="${top + 30}" font-size="16" font-weight="700" fill="${palette.ink}">${escapeXml(words.yourMove)}</text>`,
      inputs,
      breakdown(words, 16, width - 16, top + inputsH + 36, k),
    ].join("");
    return previewSvg("costSimulator", locale, size, words.titles.costSimulator, words.move(exampleMove.reference), body);
  }
  const split = 236;
  const inputs = inputsIn
    .map((input, i) => {
      const y = top + 52 + i * 70;
      return [
        `<text x="16" y="${y}" font-size="12" font-weight="700" fill="${palette.muted}">${escapeXml(input.label)}</text>`,
        `<rect x="16" y="${y + 8}" width="${split - 32}" height="36" rx="8" fill="#fff" stroke="#94a3b8"/>`,
        `<text x="28" y="${y + 31}" font-size="13" fill="${palette.ink}">${escapeXml(input.value)}</text>`,
      ].join("");
    })
    .join("");
  const left = [
    `<path d="M0 ${height - 12}V${top}H${split}V${height}H12a12 12 0 0 1-12-12z" fill="${palette.chrome}"/>`,
    `<path d="M${split}.5 ${top}V${height}" stroke="${palette.line}"/>`,
    `<text x="16" y="${top + 26}" font-size="13" font-weight="700" fill="${palette.ink}">${escapeXml(words.yourMove)}</text>`,
    inputs,
  ].join("");
  return previewSvg("costSimulator", locale, size, words.titles.costSimulator, words.move(exampleMove.reference), left + breakdown(words, split + 20, width - 20, top + 26, 1));
}
