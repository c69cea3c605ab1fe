/**
 * The Vite plugin behind `import { previewImages } from "virtual:product-previews"`: each product
 * preview drawn as an SVG from app/content/previews.ts when the site is built, once per language. In the build each
 * is an asset file with a hashed name (served like the other client files, .gz/.br twins included);
 * in `npm run dev` a data: URL.
 */
import type { Plugin } from "vite";
import type { PreviewName } from "../../app/content/previews";
import type { Locale } from "../../app/shared/i18n/locale";
import { COST_SIMULATOR_NARROW, COST_SIMULATOR_WIDE, costSimulatorSvg } from "./cost-simulator";
import { PERMIT_TRACKER_NARROW, PERMIT_TRACKER_WIDE, permitTrackerSvg } from "./permit-tracker";
import { ROUTE_PLANNER_NARROW, ROUTE_PLANNER_WIDE, routePlannerSvg } from "./route-planner";
import type { Size } from "./svg";

const ID = "virtual:product-previews";
const RESOLVED = `\0${ID}`;

interface Drawing {
  file: string;
  size: Size;
  draw: () => string;
}

/** Each preview in two layouts: wide, and narrow for phones (larger type, fewer columns); in each language. */
const drawings = (locale: Locale): Record<PreviewName, { wide: Drawing; narrow: Drawing }> => {
  const file = (name: string) => `preview-${name}${locale === "en" ? "" : `-${locale}`}.svg`;
  return {
    routePlanner: {
      wide: { file: file("route-planner"), size: ROUTE_PLANNER_WIDE, draw: () => routePlannerSvg(ROUTE_PLANNER_WIDE, locale) },
      narrow: { file: file("route-planner-narrow"), size: ROUTE_PLANNER_NARROW, draw: () => routePlannerSvg(ROUTE_PLANNER_NARROW, locale) },
    },
    permitTracker: {
      wide: { file: file("permit-tracker"), size: PERMIT_TRACKER_WIDE, draw: () => permitTrackerSvg(PERMIT_TRACKER_WIDE, locale) },
      narrow: { file: file("permit-tracker-narrow"), size: PERMIT_TRACKER_NARROW, draw: () => permitTrackerSvg(PERMIT_TRACKER_NARROW, locale) },
    },
    costSimulator: {
      wide: { file: file("cost-simulator"), size: COST_SIMULATOR_WIDE, draw: () => costSimulatorSvg(COST_SIMULATOR_WIDE, locale) },
      narrow: { file: file("cost-simulator-narrow"), size: COST_SIMULATOR_NARROW, draw: () => costSimulatorSvg(COST_SIMULATOR_NARROW, locale) },
    },
  };
};

export const previews: Record<Locale, Record<PreviewName, { wide: Drawing; narrow: Drawing }>> = { en: drawings("en"), fr: drawings("fr") };

export function productPreviews(): Plugin {
  const drawn = new Map<string, string>();
  const svg = ({ file, draw }: Drawing) => {
    let text = drawn.get(file);
    if (text === undefined) {
      text = draw();
      drawn.set(file, text);
    }
    return text;
  };
  return {
    name: "heavyroute:product-previews",
    resolveId: (source) => (source === ID ? RESOLVED : null),
    load(id) {
      if (id !== RESOLVED) return null;
      const image = (drawing: Drawing) => {
        // Vite's own asset placeholder: replaced by the file's public URL in every environment's output.
        const src =
          this.environment.config.command === "build"
            ? `__VITE_ASSET__${this.emitFile({ type: "asset", name: drawing.file, source: svg(drawing) })}__`
            : `data:image/svg+xml,${encodeURIComponent(svg(drawing))}`;
        return { src, width: drawing.size.width, height: drawing.size.height };
      };
      const images = Object.fromEntries(
        (Object.keys(previews) as Locale[]).map((locale) => [
          locale,
          Object.fromEntries(
            (Object.keys(previews[locale]) as PreviewName[]).map((name) => {
              const { wide, narrow } = previews[locale][name];
              return [name, { ...image(wide), narrow: image(narrow) }];
            }),
          ),
        ]),
      );
      return `export const previewImages = ${JSON.stringify(images)};`;
    },
  };
}
