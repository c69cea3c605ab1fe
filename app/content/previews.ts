/**
 * Product previews: the data behind the three illustrations of the platform's own tools (a route
 * planner, a permit tracker, a cost simulator). The build draws each as an SVG from this data
 * (scripts/previews/) and the pages describe it in words from the same data (`previewText`).
 * One example move runs through all three, so they tell one story. The French captions and
 * descriptions and the words of its images are in ./fr/previews.ts.
 */
import type { Locale } from "~/shared/i18n/locale";
import { captionsFr, previewTextFr, wordsFr } from "./fr/previews";

export type PreviewName = "routePlanner" | "permitTracker" | "costSimulator";

export interface Place {
  name: string;
  /** [longitude, latitude] in degrees. */
  at: readonly [number, number];
}

export interface Clearance {
  /** Where, as a driver names it. */
  place: string;
  at: readonly [number, number];
  /** The restriction, e.g. "Overpass 16 ft 4 in". */
  limit: string;
  /** What the planner concludes for this load. */
  verdict: string;
}

export type PermitStatus = "Approved" | "In review" | "Submitted" | "Action needed";

export interface Permit {
  /** Postal code of the state or province, as in the atlas. */
  code: string;
  jurisdiction: string;
  permit: string;
  status: PermitStatus;
  note: string;
}

export const exampleMove = {
  reference: "HR-2417",
  load: "Transformer, 15 ft 1 in wide, 15 ft 9 in high, 216,000 lb gross",
  loadShort: "15'1\" W · 15'9\" H · 216,000 lb",
  from: { name: "Houston, TX", at: [-95.37, 29.76] },
  to: { name: "Fort McMurray, AB", at: [-111.38, 56.73] },
  /** The road between them, as the planner drew it (towns the route passes, in order). */
  via: [
    { name: "Dallas, TX", at: [-96.8, 32.78] },
    { name: "Wichita Falls, TX", at: [-98.49, 33.91] },
    { name: "Amarillo, TX", at: [-101.83, 35.22] },
    { name: "Boise City, OK", at: [-102.51, 36.73] },
    { name: "Lamar, CO", at: [-102.62, 38.09] },
    { name: "Denver, CO", at: [-104.99, 39.74] },
    { name: "Cheyenne, WY", at: [-104.82, 41.14] },
    { name: "Casper, WY", at: [-106.31, 42.87] },
    { name: "Billings, MT", at: [-108.5, 45.78] },
    { name: "Great Falls, MT", at: [-111.3, 47.5] },
    { name: "Coutts, AB", at: [-111.96, 49.0] },
    { name: "Lethbridge, AB", at: [-112.84, 49.69] },
    { name: "Calgary, AB", at: [-114.07, 51.05] },
    { name: "Edmonton, AB", at: [-113.49, 53.55] },
  ] satisfies readonly Place[],
  distance: "2,840 mi (4,570 km)",
} as const;

export const routePlanner = {
  title: "Route planner",
  caption: "One route for the whole move, checked against every height, width and weight limit on the way.",
  clearances: [
    { place: "I-25 overpass, Denver, CO", at: [-104.99, 39.74], limit: "Height 16 ft 4 in", verdict: "Clears by 7 in" },
    { place: "Yellowstone River bridge, Billings, MT", at: [-108.5, 45.78], limit: "Weight 200,000 lb", verdict: "Escort required" },
    { place: "Coutts border crossing, AB", at: [-111.96, 49.0], limit: "Width 16 ft 5 in", verdict: "Daylight only" },
  ] satisfies readonly Clearance[],
} as const;

export const permitTracker = {
  title: "Permit tracker",
  caption: "Every state and provincial permit of a move in one list, with what each office still needs.",
  permits: [
    { code: "TX", jurisdiction: "Texas", permit: "Superheavy single trip", status: "Approved", note: "Valid Mar 3–12" },
    { code: "OK", jurisdiction: "Oklahoma", permit: "Oversize single trip", status: "Approved", note: "Valid Mar 4–13" },
    { code: "CO", jurisdiction: "Colorado", permit: "Oversize/overweight", status: "Approved", note: "Valid Mar 5–14" },
    { code: "WY", jurisdiction: "Wyoming", permit: "Oversize/overweight", status: "In review", note: "Bridge analysis pending" },
    { code: "MT", jurisdiction: "Montana", permit: "Overweight single trip", status: "Action needed", note: "Upload axle spacing" },
    { code: "AB", jurisdiction: "Alberta", permit: "Extra-provincial oversize", status: "Submitted", note: "Pilot cars: 2 required" },
  ] satisfies readonly Permit[],
} as const;

export const costSimulator = {
  title: "Cost simulator",
  caption: "Escorts, fuel, permits and surveys priced before you quote.",
  inputs: [
    { label: "Distance", value: exampleMove.distance },
    { label: "Gross weight", value: "216,000 lb" },
    { label: "Width × height", value: "15 ft 1 in × 15 ft 9 in" },
    { label: "Pilot cars", value: "2 (front and rear)" },
    { label: "Days on the road", value: "6" },
  ],
  /** US dollars. */
  costs: [
    { label: "Pilot cars and escorts", amount: 11_200 },
    { label: "Fuel", amount: 9_350 },
    { label: "Permits (6 jurisdictions)", amount: 4_860 },
    { label: "Route survey", amount: 2_400 },
    { label: "Tolls and fees", amount: 640 },
  ],
} as const;

export const money = (amount: number) => `$${amount.toLocaleString("en-US")}`;

export const costTotal = costSimulator.costs.reduce((sum, cost) => sum + cost.amount, 0);

const listed = (items: readonly string[]) =>
  items.length < 2 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items.at(-1) ?? ""}`;

const stateNames = (): string[] => permitTracker.permits.map((permit) => permit.jurisdiction);

/** Every word the images show, in the order of the data above; the numbers and codes are the data's. */
export interface PreviewWords {
  titles: Record<PreviewName, string>;
  /** "Move HR-2417". */
  move: (reference: string) => string;
  /** The same in the narrow route planner's title bar, beside the tool's name. */
  moveShort: (reference: string) => string;
  distance: string;
  loadShort: string;
  clearancesHeading: string;
  allClear: string;
  clearances: ReadonlyArray<{ place: string; limit: string; verdict: string }>;
  approved: (approved: number, total: number) => string;
  jurisdictionHeading: string;
  statusHeading: string;
  permits: ReadonlyArray<{ permit: string; note: string }>;
  statuses: Record<PermitStatus, string>;
  yourMove: string;
  inputs: ReadonlyArray<{ label: string; value: string }>;
  costBreakdown: string;
  costLabels: readonly string[];
  estimatedTotal: string;
  estimateNote: string;
  money: (amount: number) => string;
}

const wordsEn: PreviewWords = {
  titles: { routePlanner: routePlanner.title, permitTracker: permitTracker.title, costSimulator: costSimulator.title },
  move: (reference) => `Move ${reference}`,
  moveShort: (reference) => `Move ${reference}`,
  distance: exampleMove.distance,
  loadShort: exampleMove.loadShort,
  clearancesHeading: "Clearances on this route",
  allClear: "All clear",
  clearances: routePlanner.clearances,
  approved: (approved, total) => `${approved} of ${total} permits approved`,
  jurisdictionHeading: "JURISDICTION",
  statusHeading: "STATUS",
  permits: permitTracker.permits,
  statuses: { Approved: "Approved", "In review": "In review", Submitted: "Submitted", "Action needed": "Action needed" },
  yourMove: "Your move",
  inputs: costSimulator.inputs,
  costBreakdown: "Cost breakdown",
  costLabels: costSimulator.costs.map((cost) => cost.label),
  estimatedTotal: "Estimated total",
  estimateNote: "An estimate to be verified before you quote.",
  money,
};

/** The words an image shows, in each language (scripts/previews/ draws one image per language). */
export const previewWords: Record<Locale, PreviewWords> = { en: wordsEn, fr: wordsFr };

const captions: Record<Locale, Record<PreviewName, { title: string; caption: string }>> = {
  en: { routePlanner, permitTracker, costSimulator },
  fr: captionsFr,
};

/** A preview's tool name and caption, shown under it. */
export const previewCaption = (name: PreviewName, locale: Locale) => captions[locale][name];

/** A preview's short name and its description in words, for its alt text and the SVG's title and desc. */
export function previewText(name: PreviewName, locale: Locale = "en"): { title: string; description: string } {
  if (locale === "fr") {
    return previewTextFr(name, { statuses: permitTracker.permits.map((p) => p.status), costs: costSimulator.costs.map((c) => c.amount), total: costTotal });
  }
  switch (name) {
    case "routePlanner":
      return {
        title: `${routePlanner.title} preview: a wide-load route from ${exampleMove.from.name} to ${exampleMove.to.name}`,
        description: `A map of Canada and the United States with a ${exampleMove.distance} route for a ${exampleMove.load.toLowerCase()}, from ${exampleMove.from.name} to ${exampleMove.to.name} through ${listed(stateNames())}. Three clearances are checked along it: ${routePlanner.clearances.map((c) => `${c.place}, ${c.limit.toLowerCase()}: ${c.verdict.toLowerCase()}`).join("; ")}.`,
      };
    case "permitTracker": {
      const count = (status: PermitStatus) => permitTracker.permits.filter((p) => p.status === status).length;
      return {
        title: `${permitTracker.title} preview: six permits for move ${exampleMove.reference}`,
        description: `A list of the permits for the same move, one per state or province: ${count("Approved")} approved, ${count("In review")} in review, ${count("Submitted")} submitted and ${count("Action needed")} needing action. ${permitTracker.permits.map((p) => `${p.jurisdiction}, ${p.permit.toLowerCase()}: ${p.status.toLowerCase()} (${p.note})`).join("; ")}.`,
      };
    }
    case "costSimulator":
      return {
        title: `${costSimulator.title} preview: an estimate of ${money(costTotal)} for move ${exampleMove.reference}`,
        description: `The simulator's inputs (${costSimulator.inputs.map((i) => `${i.label.toLowerCase()} ${i.value}`).join("; ")}) and its cost breakdown: ${costSimulator.costs.map((c) => `${c.label.toLowerCase()} ${money(c.amount)}`).join(", ")}; estimated total ${money(costTotal)}, an estimate to be verified.`,
      };
  }
}
