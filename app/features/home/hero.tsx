import { Link } from "react-router";
import { home } from "~/content/home";
import { getLocale, pathIn } from "~/shared/i18n/locale";
import { HeroVideo } from "./hero-video";

const SIZES = [640, 1024, 1600, 2400] as const;
const srcSet = (format: "avif" | "webp") => SIZES.map((w) => `/images/hero-${w}.${format} ${w}w`).join(", ");

/** Full-screen hero (spec §2): background image (the LCP element), headline, actions, video. */
export function Hero() {
  const { hero } = home[getLocale()];
  return (
    <section aria-labelledby="hero-title" className="relative isolate flex min-h-svh items-center overflow-hidden bg-night">
      <picture>
        <source type="image/avif" srcSet={srcSet("avif")} sizes="100vw" />
        <source type="image/webp" srcSet={srcSet("webp")} sizes="100vw" />
        <img
          src="/images/hero-1024.jpg"
          alt=""
          width={2400}
          height={1350}
          fetchPriority="high"
          decoding="async"
          className="absolute inset-0 -z-20 size-full object-cover object-[30%_center]"
        />
      </picture>
      <div aria-hidden="true" className="hero-scrim absolute inset-0 -z-10" />
      <div className="mx-auto grid w-full max-w-7xl items-center gap-10 px-4 py-16 sm:px-6 lg:grid-cols-2 lg:py-24">
        <div>
          <h1 id="hero-title" className="text-4xl font-extrabold tracking-tight text-balance text-white sm:text-5xl lg:text-6xl">
            {hero.headline}
          </h1>
          <p className="mt-6 max-w-xl text-lg text-on-dark-muted sm:text-xl">{hero.lead}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link
              to={pathIn(hero.primaryAction.to, getLocale())}
              className="inline-flex min-h-12 items-center rounded-full bg-brand px-6 py-3 font-semibold text-white shadow-lg hover:bg-brand-strong contrast-high:border-2 contrast-high:border-white"
            >
              {hero.primaryAction.label}
            </Link>
            <Link
              to={pathIn(hero.secondaryAction.to, getLocale())}
              className="inline-flex min-h-12 items-center rounded-full border-2 border-white px-6 py-3 font-semibold text-white hover:bg-white/10"
            >
              {hero.secondaryAction.label}
            </Link>
          </div>
        </div>
        <HeroVideo />
      </div>
    </section>
  );
}
