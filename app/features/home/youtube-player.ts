/**
 * The hero video: YouTube's privacy-enhanced player (youtube-nocookie.com) embedded as a plain
 * iframe, with NO third-party script on our page. We speak the player's postMessage protocol
 * ourselves — the one YouTube's IFrame API script uses under the hood — so the CSP's script-src
 * needs no YouTube host (www.youtube.com serves JSONP endpoints that would defeat the CSP).
 * Imported lazily (hero-video-player.ts) once the page is interactive, so it is not in Home's
 * first-load JavaScript. Player errors are only logged (spec §8).
 */

export const PLAYER_ORIGIN = "https://www.youtube-nocookie.com";

/** Quality hint: the player's `vq` parameter; `setPlaybackQuality` is sent on ready as well. */
export const PLAYBACK_QUALITY = "highres";

/**
 * Until the player answers, we repeat that we are listening (as the IFrame API does), backing off
 * from 250 ms to 4 s and giving up after about 15 s: when the player could not load (offline,
 * blocked) the frame holds the browser's error page, and each post to it costs a console line.
 */
const LISTENING_FIRST_RETRY_MS = 250;
const LISTENING_MAX_RETRY_MS = 4_000;
const LISTENING_GIVE_UP_MS = 15_000;

/** Our widget id in the protocol, echoed by the player; one player per page is enough. */
const WIDGET_ID = 1;

/** The embed URL: muted, autoplaying, looping (a one-video playlist), controls on, highest quality asked. */
export function playerUrl(videoId: string, pageOrigin: string): string {
  const params = new URLSearchParams({
    autoplay: "1",
    mute: "1",
    loop: "1",
    playlist: videoId,
    controls: "1",
    playsinline: "1",
    rel: "0",
    enablejsapi: "1",
    origin: pageOrigin,
    widgetid: String(WIDGET_ID),
    vq: PLAYBACK_QUALITY,
  });
  return `${PLAYER_ORIGIN}/embed/${encodeURIComponent(videoId)}?${params.toString()}`;
}

/** The player's state code for "playing" (YT.PlayerState.PLAYING). */
const PLAYING = 1;

interface PlayerMessage {
  event: string;
  info?: unknown;
}

/**
 * The state a message reports, if any: `onStateChange` carries the code itself; `infoDelivery`
 * (the player's periodic update) may carry it as `playerState`.
 */
function reportedState(message: PlayerMessage): number | undefined {
  if (message.event === "onStateChange" && typeof message.info === "number") return message.info;
  if (message.event === "infoDelivery" && typeof message.info === "object" && message.info !== null) {
    const state = (message.info as { playerState?: unknown }).playerState;
    if (typeof state === "number") return state;
  }
  return undefined;
}

export interface PlayerEvents {
  /** The player answered and is ready for commands. */
  onReady?: () => void;
  /** The player reports that the video is playing (each time it starts or resumes). */
  onPlaying?: () => void;
  /** The player reports an error (already logged). */
  onError?: () => void;
}

export interface MountedPlayer {
  iframe: HTMLIFrameElement;
  /** Asks the player to play (a visitor's click; autoplay needs no call). */
  play(): void;
  /** Removes the iframe and stops listening. */
  destroy(): void;
}

/** The player posts JSON strings; anything else (or malformed JSON) is not for us. */
function parseMessage(data: unknown): PlayerMessage | undefined {
  if (typeof data !== "string") return undefined;
  try {
    const parsed: unknown = JSON.parse(data);
    if (typeof parsed === "object" && parsed !== null && typeof (parsed as { event?: unknown }).event === "string") {
      return parsed as PlayerMessage;
    }
  } catch {
    // Not JSON: some other frame's message.
  }
  return undefined;
}

/** Mounts the muted, autoplaying, looping player with controls inside `container`. */
export function mountYouTubePlayer(container: HTMLElement, videoId: string, title: string, events: PlayerEvents = {}): MountedPlayer {
  const iframe = document.createElement("iframe");
  iframe.src = playerUrl(videoId, window.location.origin);
  iframe.title = title;
  iframe.allow = "autoplay; encrypted-media; picture-in-picture; fullscreen";
  iframe.referrerPolicy = "strict-origin-when-cross-origin";

  let retry: ReturnType<typeof setTimeout> | undefined;
  let answered = false;

  const post = (message: Record<string, unknown>) => {
    iframe.contentWindow?.postMessage(JSON.stringify({ ...message, id: WIDGET_ID, channel: "widget" }), PLAYER_ORIGIN);
  };
  const command = (func: string, args: unknown[] = []) => post({ event: "command", func, args });
  const stopListening = () => {
    if (retry !== undefined) clearTimeout(retry);
    retry = undefined;
  };

  const onMessage = (event: MessageEvent) => {
    if (event.origin !== PLAYER_ORIGIN || event.source !== iframe.contentWindow) return;
    const message = parseMessage(event.data);
    if (!message) return;
    if (!answered) {
      answered = true;
      stopListening();
    }
    if (message.event === "onReady") {
      // The player sends state changes only to a page that subscribed to them.
      command("addEventListener", ["onStateChange"]);
      command("mute");
      command("setPlaybackQuality", [PLAYBACK_QUALITY]);
      command("playVideo");
      events.onReady?.();
    } else if (message.event === "onError") {
      console.warn("Hero video: YouTube player error", message.info);
      events.onError?.();
    } else if (reportedState(message) === PLAYING) {
      events.onPlaying?.();
    }
  };

  const onLoad = () => {
    // The player only talks to a page that said it is listening; say it until it answers.
    stopListening();
    if (answered) return;
    let waited = 0;
    const announce = (delay: number) => {
      post({ event: "listening" });
      retry = setTimeout(() => {
        waited += delay;
        if (waited < LISTENING_GIVE_UP_MS) announce(Math.min(delay * 2, LISTENING_MAX_RETRY_MS));
        else {
          retry = undefined;
          console.warn("Hero video: the YouTube player did not answer (offline or blocked?)");
        }
      }, delay);
    };
    announce(LISTENING_FIRST_RETRY_MS);
  };

  window.addEventListener("message", onMessage);
  iframe.addEventListener("load", onLoad);
  container.append(iframe);

  return {
    iframe,
    play: () => command("playVideo"),
    destroy: () => {
      stopListening();
      window.removeEventListener("message", onMessage);
      iframe.removeEventListener("load", onLoad);
      iframe.remove();
    },
  };
}
