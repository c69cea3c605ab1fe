import type { CSSProperties } from "react";
import { previewImages } from "virtual:product-previews";
import { previewCaption, previewText, type PreviewName } from "~/content/previews";
import { getLocale } from "~/shared/i18n/locale";

/**
 * One product preview: an SVG drawn at build time, shown by <img> (no script, lazy, its box reserved
 * by width and height), described in words by its alt text. An <img> cannot see the page's CSS, so
 * the SVG's own colours reach 7:1 in both contrast modes; the frame around it follows the page.
 */
export function ProductPreview({ name, tone = "light" }: { name: PreviewName; tone?: "light" | "dark" }) {
  const locale = getLocale();
  const { src, width, height, narrow } = previewImages[locale][name];
  const { title, description } = previewText(name, locale);
  const { title: tool, caption } = previewCaption(name, locale);
  return (
    <figure>
      {/*
        Laid out, and so fetched, only when near the screen: an image marked lazy alone is fetched
        anywhere within 1,250–2,500 px of it, during the first load. The frame keeps the image's
        exact box meanwhile (its ratio per layout, the border outside it).
      */}
      <div
        style={{ "--ratio-narrow": `${narrow.width} / ${narrow.height}`, "--ratio-wide": `${width} / ${height}` } as CSSProperties}
        className="box-content overflow-hidden rounded-xl border border-line bg-white shadow-xl shadow-slate-900/10 [aspect-ratio:var(--ratio-narrow)] [content-visibility:auto] sm:[aspect-ratio:var(--ratio-wide)]"
      >
        <picture>
          <source media="(max-width: 639px)" srcSet={narrow.src} width={narrow.width} height={narrow.height} />
          <img src={src} width={width} height={height} alt={`${title}. ${description}`} loading="lazy" decoding="async" data-preview={name} className="block h-auto w-full" />
        </picture>
      </div>
      <figcaption className={`mt-3 text-sm ${tone === "dark" ? "text-on-dark-muted" : "text-muted"}`}>
        <strong className={tone === "dark" ? "text-on-dark" : "text-ink"}>{tool}.</strong> {caption}
      </figcaption>
    </figure>
  );
}

/** Previews as a block: one across (`wide`), then two side by side (`pair`) from a tablet up. */
export function ProductPreviews({
  wide,
  pair,
  tone = "light",
}: {
  wide?: PreviewName;
  pair?: readonly [PreviewName, PreviewName];
  tone?: "light" | "dark";
}) {
  return (
    <div className="mx-auto mt-12 max-w-5xl space-y-10">
      {wide && <ProductPreview name={wide} tone={tone} />}
      {pair && (
        <div className="grid gap-10 md:grid-cols-2 md:gap-8">
          {pair.map((name) => (
            <ProductPreview key={name} name={name} tone={tone} />
          ))}
        </div>
      )}
    </div>
  );
}
