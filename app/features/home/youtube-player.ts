/**
 * The hero video, through the YouTube IFrame API in privacy-enhanced mode (youtube-nocookie.com).
 * Imported lazily by hero-video.tsx once the page is interactive, so it is not in Home's
 * first-load JavaScript. Errors are only logged (spec §8).
 */

interface YTPlayer {
  mute(): void;
  playVideo(): void;
  setPlaybackQuality?(quality: string): void;
  getIframe(): HTMLIFrameElement;
  destroy(): void;
}

interface YTPlayerEvent {
  target: YTPlayer;
  data?: unknown;
}

interface YTNamespace {
  Player: new (element: HTMLElement, options: Record<string, unknown>) => YTPlayer;
}

declare global {
  interface Window {
    YT?: YTNamespace;
    onYouTubeIframeAPIReady?: () => void;
  }
}

const API_URL = "https://www.youtube.com/iframe_api";
const PLAYER_HOST = "https://www.youtube-nocookie.com";

let apiPromise: Promise<YTNamespace> | undefined;

function loadApi(): Promise<YTNamespace> {
  if (window.YT?.Player) return Promise.resolve(window.YT);
  apiPromise ??= new Promise<YTNamespace>((resolve, reject) => {
    const previous = window.onYouTubeIframeAPIReady;
    window.onYouTubeIframeAPIReady = () => {
      previous?.();
      if (window.YT) resolve(window.YT);
    };
    const script = document.createElement("script");
    script.src = API_URL;
    script.async = true;
    script.onerror = () => {
      apiPromise = undefined;
      script.remove();
      reject(new Error("The YouTube IFrame API could not be loaded."));
    };
    document.head.append(script);
  });
  return apiPromise;
}

/**
 * Mounts a muted, autoplaying, looping player with controls inside `container`, asking for the
 * highest quality. Resolves to a cleanup function.
 */
export async function mountYouTubePlayer(container: HTMLElement, videoId: string, title: string): Promise<() => void> {
  const YT = await loadApi();
  const target = document.createElement("div");
  container.append(target);
  const player = new YT.Player(target, {
    host: PLAYER_HOST,
    videoId,
    width: "100%",
    height: "100%",
    playerVars: {
      autoplay: 1,
      mute: 1,
      loop: 1,
      playlist: videoId,
      controls: 1,
      playsinline: 1,
      rel: 0,
      vq: "highres",
      origin: window.location.origin,
    },
    events: {
      onReady(event: YTPlayerEvent) {
        event.target.getIframe().title = title;
        event.target.mute();
        event.target.setPlaybackQuality?.("highres");
        event.target.playVideo();
      },
      onError(event: YTPlayerEvent) {
        console.warn("Hero video: YouTube player error", event.data);
      },
    },
  });
  try {
    player.getIframe().title = title;
  } catch {
    // The iframe is not there yet; onReady sets the title.
  }
  return () => {
    try {
      player.destroy();
    } catch (error) {
      console.warn("Hero video: could not destroy the player", error);
    }
  };
}
