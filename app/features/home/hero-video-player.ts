/**
 * Puts the player into the hero's video box (hero-video.tsx) behind its poster. The box's
 * `data-video` attribute says what is shown:
 * - "poster": the poster only; the player, if it loads at all, is transparent and inert behind it.
 *   When YouTube never answers (offline, blocked) the box stays so for good.
 * - "ready": the player answered but has not started (autoplay refused): the poster offers a
 *   play button. Not after a player error: the player would only show its error screen.
 * - "player": the player reports it is playing, or a visitor pressed play: the poster goes.
 * Used by Home's islands (app/islands/home-video.ts) and by the React hero alike.
 */
import { YOUTUBE_VIDEO_ID } from "~/content/brand";
import { mountYouTubePlayer } from "./youtube-player";

export type HeroVideoShows = "poster" | "ready" | "player";

/** How long a ready player may take to start on its own before the poster offers to play it. */
const OFFER_PLAY_AFTER_MS = 2_500;

/** Mounts the player in `container` (inside the video box, which names the video in the page's language); returns the cleanup. */
export function mountHeroVideo(container: HTMLElement): () => void {
  const box = container.closest<HTMLElement>("[data-video]");
  const playButton = box?.querySelector<HTMLButtonElement>("button[data-play]");
  let offer: ReturnType<typeof setTimeout> | undefined;

  const show = (what: HeroVideoShows) => {
    if (box) box.dataset.video = what;
    container.inert = what !== "player";
  };
  const shows = () => box?.dataset.video;

  const player = mountYouTubePlayer(container, YOUTUBE_VIDEO_ID, container.dataset.videoTitle ?? "", {
    onReady: () => {
      offer = setTimeout(() => {
        if (shows() === "poster") show("ready");
      }, OFFER_PLAY_AFTER_MS);
    },
    onPlaying: () => show("player"),
    onError: () => {
      if (offer !== undefined) clearTimeout(offer);
      if (shows() === "ready") show("poster");
    },
  });

  const onPlay = () => {
    show("player");
    player.play();
    // Keyboard users land in the player, whose own controls take over.
    player.iframe.focus();
  };
  playButton?.addEventListener("click", onPlay);

  return () => {
    if (offer !== undefined) clearTimeout(offer);
    playButton?.removeEventListener("click", onPlay);
    player.destroy();
    show("poster");
  };
}
