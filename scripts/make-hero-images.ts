/**
 * Makes the hero background and the Open Graph image from an SVG drawn here: a dusk highway with a
 * stylised heavy-haul truck carrying an oversized load. Run: `npx tsx scripts/make-hero-images.ts`.
 * Writes public/images/hero-{640,1024,1600,2400}.{avif,webp}, hero-1024.jpg and og-image.jpg.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";

const W = 2400;
const H = 1350;
const OUT = join(import.meta.dirname, "..", "public", "images");

function svg(): string {
  const horizon = 830;
  // Distant hills, as a smooth path across the width.
  const hills = `M0 ${horizon} C 300 700, 520 760, 760 720 S 1200 640, 1460 730 S 1900 690, 2150 740 S 2400 720, 2400 720 L2400 ${horizon} Z`;
  const hillsFar = `M0 ${horizon} C 200 760, 500 690, 820 700 S 1350 600, 1650 680 S 2100 640, 2400 690 L2400 ${horizon} Z`;
  // Road in perspective towards a vanishing point right of centre.
  const vx = 1500;
  const road = `M${vx - 18} ${horizon} L${vx + 18} ${horizon} L2400 1250 L2400 ${H} L-200 ${H} Z`;
  // Lane dashes along the centre line.
  const dashes = Array.from({ length: 9 }, (_, i) => {
    const t0 = Math.pow((i + 0.2) / 9, 1.9);
    const t1 = Math.pow((i + 0.55) / 9, 1.9);
    const y0 = horizon + (H - horizon) * t0;
    const y1 = horizon + (H - horizon) * t1;
    const x0 = vx + (1050 - vx) * t0;
    const x1 = vx + (1050 - vx) * t1;
    const w0 = 2 + 22 * t0;
    const w1 = 2 + 22 * t1;
    return `<path d="M${x0 - w0 / 2} ${y0} L${x0 + w0 / 2} ${y0} L${x1 + w1 / 2} ${y1} L${x1 - w1 / 2} ${y1} Z" fill="#f8d27a" opacity="0.75"/>`;
  }).join("");
  // Truck: tractor on the left, a long low-bed trailer, an oversized transformer-like load.
  const truckY = 1085; // wheel baseline
  const truck = `
    <g fill="#070b14">
      <rect x="420" y="${truckY - 250}" width="220" height="175" rx="18"/>
      <path d="M430 ${truckY - 215} L330 ${truckY - 215} L270 ${truckY - 140} L270 ${truckY - 75} L430 ${truckY - 75} Z"/>
      <rect x="650" y="${truckY - 330}" width="22" height="120" rx="6"/>
      <rect x="260" y="${truckY - 90}" width="1600" height="36" rx="8"/>
      <rect x="760" y="${truckY - 120}" width="1060" height="34" rx="6"/>
      <rect x="860" y="${truckY - 430}" width="720" height="312" rx="16"/>
      <rect x="900" y="${truckY - 490}" width="120" height="62" rx="8"/>
      <rect x="1420" y="${truckY - 490}" width="120" height="62" rx="8"/>
      <rect x="1060" y="${truckY - 520}" width="300" height="92" rx="10"/>
      ${[350, 560, 670, 980, 1090, 1200, 1560, 1670, 1780].map((cx) => `<circle cx="${cx}" cy="${truckY - 20}" r="52"/>`).join("")}
    </g>
    <g fill="#ef4444">
      <rect x="860" y="${truckY - 380}" width="720" height="14" opacity="0.9"/>
      <rect x="1780" y="${truckY - 150}" width="70" height="44" rx="4"/>
    </g>
    <rect x="1806" y="${truckY - 148}" width="18" height="40" fill="#facc15"/>
    <rect x="445" y="${truckY - 230}" width="80" height="70" rx="6" fill="#f59e0b" opacity="0.55"/>
    <circle cx="280" cy="${truckY - 92}" r="12" fill="#fde68a"/>
    <path d="M268 ${truckY - 98} L-120 ${truckY - 30} L-120 ${truckY - 170} Z" fill="url(#beamLeft)" opacity="0.4"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#0b1630"/>
      <stop offset="0.38" stop-color="#27335a"/>
      <stop offset="0.62" stop-color="#8c3b4a"/>
      <stop offset="0.8" stop-color="#e0794a"/>
      <stop offset="0.9" stop-color="#f6b26b"/>
    </linearGradient>
    <radialGradient id="sun" cx="0.62" cy="0.6" r="0.35">
      <stop offset="0" stop-color="#ffd8a0" stop-opacity="0.95"/>
      <stop offset="0.3" stop-color="#f59e6b" stop-opacity="0.5"/>
      <stop offset="1" stop-color="#f59e6b" stop-opacity="0"/>
    </radialGradient>
    <linearGradient id="road" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#2a2f3f"/>
      <stop offset="1" stop-color="#0c1019"/>
    </linearGradient>
    <linearGradient id="ground" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#1d2236"/>
      <stop offset="1" stop-color="#05070d"/>
    </linearGradient>
    <linearGradient id="beamLeft" x1="1" y1="0" x2="0" y2="0">
      <stop offset="0" stop-color="#fff7d6"/>
      <stop offset="1" stop-color="#fff7d6" stop-opacity="0"/>
    </linearGradient>
  </defs>
  <rect width="${W}" height="${H}" fill="url(#sky)"/>
  <rect width="${W}" height="${H}" fill="url(#sun)"/>
  <path d="${hillsFar}" fill="#3b2f4a" opacity="0.85"/>
  <path d="${hills}" fill="#1e1b2e"/>
  <rect y="${horizon}" width="${W}" height="${H - horizon}" fill="url(#ground)"/>
  <path d="${road}" fill="url(#road)"/>
  <path d="M${vx - 16} ${horizon} L-200 ${H}" stroke="#e5e7eb" stroke-width="8" opacity="0.35"/>
  <path d="M${vx + 16} ${horizon} L2400 1250" stroke="#e5e7eb" stroke-width="8" opacity="0.35"/>
  ${dashes}
  ${Array.from({ length: 7 }, (_, i) => {
    const x = 160 + i * 330;
    const h = 60 + ((i * 37) % 50);
    return `<g fill="#0a0d18"><rect x="${x}" y="${horizon - h - 40}" width="6" height="${h + 40}"/><rect x="${x - 16}" y="${horizon - h - 40}" width="38" height="5"/></g>`;
  }).join("")}
  ${truck}
</svg>`;
}

async function main() {
  mkdirSync(OUT, { recursive: true });
  const base = sharp(Buffer.from(svg())).png();
  const master = await base.toBuffer();
  for (const width of [640, 1024, 1600, 2400]) {
    const resized = sharp(master).resize({ width });
    await resized.clone().avif({ quality: 50, effort: 6 }).toFile(join(OUT, `hero-${width}.avif`));
    await resized.clone().webp({ quality: 70, effort: 6 }).toFile(join(OUT, `hero-${width}.webp`));
  }
  await sharp(master).resize({ width: 1024 }).jpeg({ quality: 72, mozjpeg: true, progressive: true }).toFile(join(OUT, "hero-1024.jpg"));
  await sharp(master)
    .resize({ width: 1200, height: 630, fit: "cover", position: "centre" })
    .jpeg({ quality: 78, mozjpeg: true })
    .toFile(join(OUT, "og-image.jpg"));
  console.log(`Wrote hero images to ${OUT}`);
}

await main();
