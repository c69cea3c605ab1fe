import { useEffect, useRef } from "react";
import { home } from "~/content/home";
import { getLocale } from "~/shared/i18n/locale";
import type { HeroVideoShows } from "./hero-video-player";
import { HeroPoster } from "./hero-poster";

const INITIALLY: HeroVideoShows = "poster";

/**
 * The hero's video box. Its 16:9 size is reserved in the HTML, so nothing moves when the player
 * arrives. The poster is painted with the page and stays on top until the player reports that it
 * plays (hero-video-player.ts); when the video cannot load (offline, blocked) it stays for good,
 * and the error is only logged. The player module (a youtube-nocookie.com iframe, no third-party
 * script) is imported only after the load event and an idle period.
 */
export function HeroVideo() {
  const { hero } = home[getLocale()];
  const containerRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let cancelled = false;
    let destroy: (() => void) | undefined;

    const mount = () => {
      const container = containerRef.current;
      if (cancelled || !container) return;
      import("./hero-video-player")
        .then(({ mountHeroVideo }) => {
          if (!cancelled) destroy = mountHeroVideo(container);
        })
        .catch((error: unknown) => console.warn("Hero video unavailable:", error));
    };
    const whenIdle = () => {
      if ("requestIdleCallback" in window) window.requestIdleCallback(mount, { timeout: 4000 });
      else setTimeout(mount, 1500);
    };

    if (document.readyState === "complete") whenIdle();
    else window.addEventListener("load", whenIdle, { once: true });

    return () => {
      cancelled = true;
      window.removeEventListener("load", whenIdle);
      destroy?.();
    };
  }, []);

  return (
    <div
      data-video={INITIALLY}
      className="group/video relative aspect-video w-full overflow-hidden rounded-2xl bg-surface shadow-2xl ring-1 ring-white/25"
    >
      {/* Transparent and out of reach until it plays: a player that never loads shows nothing. */}
      <div
        ref={containerRef}
        data-testid="hero-video"
        data-video-title={hero.videoTitle}
        inert
        className="absolute inset-0 opacity-0 group-data-[video=player]/video:opacity-100 [&>iframe]:size-full"
      />
      <HeroPoster label={hero.videoPoster} className="absolute inset-0 size-full group-data-[video=player]/video:invisible" />
      <button
        type="button"
        data-play
        className="absolute inset-0 m-auto hidden size-fit items-center gap-2 rounded-full bg-brand px-4 py-2 text-sm font-semibold sm:px-5 sm:py-3 sm:text-base text-white shadow-lg ring-2 ring-white hover:bg-brand-strong group-data-[video=ready]/video:inline-flex"
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5 fill-current">
          <path d="M6 4l10 6-10 6z" />
        </svg>
        {hero.videoPlay}
      </button>
    </div>
  );
}
