import { YOUTUBE_VIDEO_ID } from "~/content/brand";
import { hero } from "~/content/home";
import { mountYouTubePlayer } from "~/features/home/youtube-player";

/** The hero video on Home served as islands (./home.ts): the same player the React hero mounts. */
export function mountHeroVideo(container: HTMLElement): void {
  mountYouTubePlayer(container, YOUTUBE_VIDEO_ID, hero.videoTitle);
}
