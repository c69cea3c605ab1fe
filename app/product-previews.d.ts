/** The product previews as built (scripts/previews/plugin.ts): each SVG's URL and its size. */
declare module "virtual:product-previews" {
  import type { PreviewName } from "~/content/previews";

  export const previewImages: Record<PreviewName, { src: string; width: number; height: number }>;
}
