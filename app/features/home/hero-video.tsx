import { useEffect, useRef } from "react";
import { YOUTUBE_VIDEO_ID } from "~/content/brand";
import { hero } from "~/content/home";
import { LogoMark } from "~/features/layout/logo";

/**
 * The hero's video box. Its 16:9 size is reserved in the HTML, so nothing moves when the player
 * arrives. The player module (a youtube-nocookie.com iframe, no third-party script) is imported
 * only after the load event and an idle period; when the video cannot load (offline, blocked) the
 * placeholder simply stays, and the error is logged with console.warn.
 */
export function HeroVideo() {
  const containerRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let cancelled = false;
    let destroy: (() => void) | undefined;

    const mount = () => {
      const container = containerRef.current;
      if (cancelled || !container) return;
      import("./youtube-player")
        .then(({ mountYouTubePlayer }) => {
          if (!cancelled) destroy = mountYouTubePlayer(container, YOUTUBE_VIDEO_ID, hero.videoTitle);
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
    <div className="relative aspect-video w-full overflow-hidden rounded-2xl bg-night/70 shadow-2xl ring-1 ring-white/25">
      <div aria-hidden="true" className="absolute inset-0 flex flex-col items-center justify-center gap-3 text-on-dark">
        <LogoMark className="size-14 opacity-90" />
        <span className="text-sm font-semibold tracking-wide uppercase">Platform preview</span>
      </div>
      <div ref={containerRef} data-testid="hero-video" className="absolute inset-0 [&>iframe]:size-full" />
    </div>
  );
}
