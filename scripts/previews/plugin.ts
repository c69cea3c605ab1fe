/**
 * The Vite plugin behind `import { previewImages } from "virtual:product-previews"`: each product
 * preview drawn as an SVG from app/content/previews.ts when the site is built. In the build each
 * is an asset file with a hashed name (served like the other client files, .gz/.br twins included);
 * in `npm run dev` a data: URL.
 */
import type { Plugin } from "vite";
import type { PreviewName } from "../../app/content/previews";
import { COST_SIMULATOR_SIZE, costSimulatorSvg } from "./cost-simulator";
import { PERMIT_TRACKER_SIZE, permitTrackerSvg } from "./permit-tracker";
import { ROUTE_PLANNER_SIZE, routePlannerSvg } from "./route-planner";
import type { Size } from "./svg";

const ID = "virtual:product-previews";
const RESOLVED = `\0${ID}`;

export const previews: Record<PreviewName, { file: string; size: Size; draw: () => string }> = {
  routePlanner: { file: "preview-route-planner.svg", size: ROUTE_PLANNER_SIZE, draw: routePlannerSvg },
  permitTracker: { file: "preview-permit-tracker.svg", size: PERMIT_TRACKER_SIZE, draw: permitTrackerSvg },
  costSimulator: { file: "preview-cost-simulator.svg", size: COST_SIMULATOR_SIZE, draw: costSimulatorSvg },
};

export function productPreviews(): Plugin {
  const drawn = new Map<PreviewName, string>();
  const svg = (name: PreviewName) => {
    let text = drawn.get(name);
    if (text === undefined) {
      text = previews[name].draw();
      drawn.set(name, text);
    }
    return text;
  };
  return {
    name: "heavyroute:product-previews",
    resolveId: (source) => (source === ID ? RESOLVED : null),
    load(id) {
      if (id !== RESOLVED) return null;
      const entries = (Object.keys(previews) as PreviewName[]).map((name) => {
        const { file, size } = previews[name];
        // Vite's own asset placeholder: replaced by the file's public URL in every environment's output.
        const src =
          this.environment.config.command === "build"
            ? `__VITE_ASSET__${this.emitFile({ type: "asset", name: file, source: svg(name) })}__`
            : `data:image/svg+xml,${encodeURIComponent(svg(name))}`;
        return `${JSON.stringify(name)}: { src: ${JSON.stringify(src)}, width: ${size.width}, height: ${size.height} }`;
      });
      return `export const previewImages = { ${entries.join(", ")} };`;
    },
  };
}
