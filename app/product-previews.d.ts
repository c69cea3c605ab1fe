/** The product previews as built (scripts/previews/plugin.ts): each SVG's URL and its size. */
declare module "virtual:product-previews" {
  import type { PreviewName } from "~/content/previews";
  import type { Locale } from "~/shared/i18n/locale";

  interface PreviewImage {
    src: string;
    width: number;
    height: number;
  }
  /** Each preview in each language; `narrow` is its layout for screens below 640 px. */
  export const previewImages: Record<Locale, Record<PreviewName, PreviewImage & { narrow: PreviewImage }>>;
}
