/** The cost simulator preview: the example move's inputs on the left, the estimate's breakdown on the right. */
import { costSimulator, costTotal, exampleMove, money } from "../../app/content/previews";
import { escapeXml, palette, previewSvg, TITLE_BAR } from "./svg";

export const COST_SIMULATOR_SIZE = { width: 600, height: 452 } as const;

export function costSimulatorSvg(): string {
  const { width, height } = COST_SIMULATOR_SIZE;
  const top = TITLE_BAR;
  const split = 236;
  const inputs = costSimulator.inputs
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
    `<text x="16" y="${top + 26}" font-size="13" font-weight="700" fill="${palette.ink}">Your move</text>`,
    inputs,
  ].join("");
  const x0 = split + 20;
  const barMax = width - x0 - 20;
  const largest = Math.max(...costSimulator.costs.map((c) => c.amount));
  const rows = costSimulator.costs
    .map((cost, i) => {
      const y = top + 64 + i * 52;
      return [
        `<text x="${x0}" y="${y}" font-size="13" fill="${palette.ink}">${escapeXml(cost.label)}</text>`,
        `<text x="${width - 20}" y="${y}" text-anchor="end" font-size="13" font-weight="700" fill="${palette.ink}">${money(cost.amount)}</text>`,
        `<rect x="${x0}" y="${y + 10}" width="${barMax}" height="10" rx="5" fill="${palette.chrome}"/>`,
        `<rect x="${x0}" y="${y + 10}" width="${Math.max(10, Math.round((barMax * cost.amount) / largest))}" height="10" rx="5" fill="${i === 0 ? palette.brand : "#475569"}"/>`,
      ].join("");
    })
    .join("");
  const totalY = top + 64 + costSimulator.costs.length * 52;
  const right = [
    `<text x="${x0}" y="${top + 26}" font-size="13" font-weight="700" fill="${palette.ink}">Cost breakdown</text>`,
    `<text x="${width - 20}" y="${top + 26}" text-anchor="end" font-size="12" fill="${palette.muted}">USD</text>`,
    rows,
    `<path d="M${x0} ${totalY - 4}.5H${width - 20}" stroke="${palette.ink}"/>`,
    `<text x="${x0}" y="${totalY + 24}" font-size="14" font-weight="700" fill="${palette.ink}">Estimated total</text>`,
    `<text x="${width - 20}" y="${totalY + 26}" text-anchor="end" font-size="22" font-weight="800" fill="${palette.brandInk}">${money(costTotal)}</text>`,
    `<text x="${x0}" y="${totalY + 52}" font-size="12" fill="${palette.muted}">An estimate to be verified before you quote.</text>`,
  ].join("");
  return previewSvg("costSimulator", COST_SIMULATOR_SIZE, costSimulator.title, `Move ${exampleMove.reference}`, left + right);
}
