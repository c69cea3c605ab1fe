/**
 * The hero video (spec §2 Home, §8) is YouTube's privacy-enhanced player in a plain
 * iframe, driven by postMessage, with no third-party script on the page, over a poster that stays
 * until the player plays. Our machines are offline, so a stand-in player is served at the player's
 * own URL; it speaks the same protocol (JSON strings with event/id/channel) and records what the
 * page sends it.
 */
import type { Frame, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { YOUTUBE_VIDEO_ID } from "~/content/brand";
import { home } from "~/content/home";
import { checkA11y, newPage } from "../support/browser";
import { useSiteAndBrowser, visit } from "../support/e2e";

const ctx = useSiteAndBrowser();

const PLAYER_ORIGIN = "https://www.youtube-nocookie.com";

/**
 * Past every timer the page may have set for the player: its repeated "listening" (given up after
 * about 15 s) and the play button offered a while after the player is ready. The page's clock is
 * Playwright's (installed before the visit), moved on at once instead of waited for.
 */
const PAST_THE_PLAYER_TIMERS_MS = 20_000;

/**
 * The stand-in player. Like the real one it only starts talking once the embedding page has said
 * it is listening; its own listener arrives 600 ms late, so the page must repeat "listening".
 */
const FAKE_PLAYER = `<!doctype html><html><head><title>player</title></head><body><script>
window.received = [];
let announced = false;
setTimeout(() => {
  window.addEventListener("message", (event) => {
    let data;
    try { data = JSON.parse(event.data); } catch { return; }
    window.received.push({ origin: event.origin, data });
    if (data.event === "listening" && !announced) {
      announced = true;
      const reply = (message) => window.parent.postMessage(JSON.stringify({ ...message, id: data.id, channel: "widget" }), event.origin);
      reply({ event: "initialDelivery", info: { playerState: -1 } });
      reply({ event: "onReady", info: null });
      reply({ event: "infoDelivery", info: { muted: true } });
      window.sendError = (code) => reply({ event: "onError", info: code });
      window.reportState = (code) => reply({ event: "onStateChange", info: code });
    }
  });
}, 600);
</script></body></html>`;

interface Received {
  origin: string;
  data: { event: string; func?: string; args?: unknown[]; id?: unknown; channel?: string };
}

async function openHomeWithPlayer(page: Page) {
  await page.route(`${PLAYER_ORIGIN}/embed/**`, (route) => route.fulfill({ status: 200, contentType: "text/html", body: FAKE_PLAYER }));
  const warnings: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "warning") warnings.push(message.text());
  });
  const mainFrameScripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script" && request.frame() === page.mainFrame()) mainFrameScripts.push(request.url());
  });
  const response = await visit(page, `${ctx.url}/`);
  // Mounted after the load event and an idle period (requestIdleCallback, 4 s at most).
  const iframe = page.getByTestId("hero-video").locator("iframe");
  await iframe.waitFor({ state: "attached", timeout: 10_000 });
  return { response, warnings, mainFrameScripts, iframe };
}

async function playerFrame(page: Page): Promise<Frame> {
  await expect.poll(() => page.frames().some((frame) => frame.url().startsWith(`${PLAYER_ORIGIN}/embed/`))).toBe(true);
  return page.frames().find((frame) => frame.url().startsWith(`${PLAYER_ORIGIN}/embed/`)) as Frame;
}

/**
 * Sends the player a message of the test's own from the page and waits until the player has it:
 * whatever the page sent the player before has arrived too.
 */
async function markPlayerQueue(page: Page, frame: Frame): Promise<void> {
  const mark = `mark-${Math.random()}`;
  await page.evaluate(
    ({ mark, origin }) => document.querySelector<HTMLIFrameElement>('[data-testid="hero-video"] iframe')?.contentWindow?.postMessage(JSON.stringify({ event: mark }), origin),
    { mark, origin: PLAYER_ORIGIN },
  );
  await expect.poll(async () => (await receivedBy(frame)).some((m) => m.data.event === mark)).toBe(true);
}

const receivedBy = (frame: Frame) => frame.evaluate(() => (window as unknown as { received: Received[] }).received);

const reportState = (frame: Frame, code: number) => frame.evaluate((state) => (window as unknown as { reportState: (code: number) => void }).reportState(state), code);

/**
 * What is painted in the video box, seen from a point in its sky (away from the play button): the
 * topmost element there, and how opaque the player's iframe is (its own opacity times its
 * ancestors'), absent when there is no iframe.
 */
async function paintedInVideoBox(page: Page) {
  const box = page.getByTestId("hero-video").locator("xpath=..");
  return box.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    const top = document.elementFromPoint(rect.left + rect.width * 0.1, rect.top + rect.height * 0.15);
    const iframe = element.querySelector("iframe");
    let opacity: number | undefined;
    for (let node: Element | null = iframe; node; node = node.parentElement) opacity = (opacity ?? 1) * Number(getComputedStyle(node).opacity);
    return {
      topmost: top?.closest("iframe") ? "iframe" : top?.closest('svg[role="img"]') ? "poster" : (top?.tagName ?? "nothing"),
      iframeOpacity: opacity,
      iframeInert: iframe ? iframe.closest("[inert]") !== null : undefined,
    };
  });
}

describe("hero video", () => {
  it("is a youtube-nocookie iframe: muted, autoplay, loop, controls, highest quality, titled", async () => {
    const { page } = await newPage(ctx.browser);
    const { iframe } = await openHomeWithPlayer(page);

    const src = new URL((await iframe.getAttribute("src")) ?? "");
    expect(src.origin).toBe(PLAYER_ORIGIN);
    expect(src.pathname).toBe(`/embed/${YOUTUBE_VIDEO_ID}`);
    const params = Object.fromEntries(src.searchParams);
    expect(params).toMatchObject({
      autoplay: "1",
      mute: "1",
      loop: "1",
      playlist: YOUTUBE_VIDEO_ID, // loop needs a playlist of the one video
      controls: "1",
      playsinline: "1",
      enablejsapi: "1",
      origin: new URL(ctx.url).origin,
      vq: "highres", // the quality hint
    });
    expect(await iframe.getAttribute("title")).toBe(home.en.hero.videoTitle);
    expect(await iframe.getAttribute("allow")).toMatch(/\bautoplay\b/);

    // The reserved 16:9 box: the iframe fills it.
    const box = await iframe.boundingBox();
    expect(box).not.toBeNull();
    expect((box?.width ?? 0) / (box?.height ?? 1)).toBeCloseTo(16 / 9, 1);
  });

  it("talks to the player by postMessage: listening, then state changes asked for, mute, highest quality and play on ready", async () => {
    const { page } = await newPage(ctx.browser);
    await page.clock.install();
    await openHomeWithPlayer(page);
    const frame = await playerFrame(page);

    await expect.poll(async () => (await receivedBy(frame)).filter((m) => m.data.event === "command").length, { timeout: 10_000 }).toBe(4);
    const received = await receivedBy(frame);
    const siteOrigin = new URL(ctx.url).origin;
    for (const message of received) {
      expect(message.origin).toBe(siteOrigin);
      expect(message.data.channel).toBe("widget");
    }
    expect(received[0]?.data.event).toBe("listening");
    expect(received.filter((m) => m.data.event === "command").map((m) => [m.data.func, m.data.args])).toEqual([
      ["addEventListener", ["onStateChange"]],
      ["mute", []],
      ["setPlaybackQuality", ["highres"]],
      ["playVideo", []],
    ]);
    // Once the player answered, the page stops repeating "listening": its clock moved past the time
    // it would give up, none reaches the player before a message sent after that.
    const listening = received.filter((m) => m.data.event === "listening").length;
    await page.clock.runFor(PAST_THE_PLAYER_TIMERS_MS);
    await markPlayerQueue(page, frame);
    expect((await receivedBy(frame)).filter((m) => m.data.event === "listening").length).toBe(listening);
  });

  it("player errors are only logged as warnings; messages from anyone but the player are ignored", async () => {
    const { page, errors } = await newPage(ctx.browser);
    await page.clock.install();
    const { warnings } = await openHomeWithPlayer(page);
    const frame = await playerFrame(page);
    await expect.poll(async () => (await receivedBy(frame)).some((m) => m.data.func === "playVideo"), { timeout: 10_000 }).toBe(true);

    // A forged player error from the page itself (wrong origin and source): ignored.
    await page.evaluate(() => window.postMessage(JSON.stringify({ event: "onError", info: 2, id: 1, channel: "widget" }), "*"));
    // The player's own error: logged with console.warn, the page stays as it is.
    await frame.evaluate(() => (window as unknown as { sendError: (code: number) => void }).sendError(150));
    await expect.poll(() => warnings.some((text) => /Hero video: YouTube player error 150/.test(text))).toBe(true);
    expect(warnings.some((text) => /player error 2\b/.test(text))).toBe(false);
    expect(errors).toEqual([]);
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("Professional Solutions for Heavy Transport Industry");
    // The poster stays, and offers no play button for a player that could only show its error, even
    // past the moment a ready player is offered one.
    await page.clock.runFor(PAST_THE_PLAYER_TIMERS_MS);
    expect(await paintedInVideoBox(page)).toEqual({ topmost: "poster", iframeOpacity: 0, iframeInert: true });
    expect(await page.getByRole("button", { name: home.en.hero.videoPlay }).isVisible()).toBe(false);
  });

  it("the page loads no third-party script, and the CSP's script-src names no host", async () => {
    const { page } = await newPage(ctx.browser);
    const { response, mainFrameScripts } = await openHomeWithPlayer(page);
    await playerFrame(page);

    const siteOrigin = new URL(ctx.url).origin;
    expect(mainFrameScripts.length).toBeGreaterThan(0);
    for (const url of mainFrameScripts) expect(new URL(url).origin, url).toBe(siteOrigin);
    const scriptSources = await page.evaluate(() => [...document.scripts].map((script) => script.src).filter(Boolean));
    for (const url of scriptSources) expect(new URL(url).origin, url).toBe(siteOrigin);
    expect(await page.evaluate(() => "YT" in window)).toBe(false);

    const csp = (await response.headerValue("content-security-policy")) ?? "";
    const scriptSrc = csp
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .find(([name]) => name === "script-src")
      ?.slice(1);
    expect(scriptSrc?.[0]).toBe("'self'");
    for (const source of scriptSrc ?? []) expect(source).toMatch(/^'(?:self|sha256-[A-Za-z0-9+/]+={0,2}|nonce-[A-Za-z0-9+/]+={0,2})'$/);
    expect(csp).toMatch(/frame-src https:\/\/www\.youtube-nocookie\.com(;|$)/);
  });

  it("is not in Home's first-load JavaScript, and leaves with Home (unmount cleans up)", async () => {
    // Neither the player module (its own chunk, imported after load + idle) nor the iframe is in the page as served.
    const html = await (await fetch(`${ctx.url}/`)).text();
    expect(html).not.toMatch(/youtube-player|youtube-nocookie/);

    const { page } = await newPage(ctx.browser);
    const { iframe } = await openHomeWithPlayer(page);
    await playerFrame(page);
    await page.getByRole("banner").getByRole("link", { name: "Platform Overview" }).click();
    await page.waitForURL(`${ctx.url}/platform`);
    await iframe.waitFor({ state: "detached" });
    // The frame's detach reaches Playwright a moment after the element leaves the DOM.
    await expect.poll(() => page.frames().some((frame) => frame.url().startsWith(PLAYER_ORIGIN))).toBe(false);
  });
  it("with YouTube unreachable, the hero shows its poster for good, never the browser's error page", async () => {
    const { page } = await newPage(ctx.browser);
    const warnings: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "warning") warnings.push(message.text());
    });
    await page.clock.install();
    await page.route(/^https:\/\/([\w-]+\.)*(youtube-nocookie|youtube|ytimg)\.com\//, (route) => route.abort("internetdisconnected"));
    await visit(page, `${ctx.url}/`);
    const poster = page.getByRole("img", { name: home.en.hero.videoPoster });
    await expect.poll(() => poster.isVisible()).toBe(true);

    // The player is mounted once the page is idle, and its frame fails to load.
    const iframe = page.getByTestId("hero-video").locator("iframe");
    await iframe.waitFor({ state: "attached", timeout: 10_000 });
    await expect.poll(() => page.frames().some((frame) => frame.url().startsWith("chrome-error:"))).toBe(true);
    // For good: the page's clock is moved on until it has stopped saying it is listening, and says so
    // (its frame's load event, which starts that, may come after the error page shows).
    await expect
      .poll(async () => {
        await page.clock.runFor(PAST_THE_PLAYER_TIMERS_MS);
        return warnings.some((text) => text.includes("Hero video: the YouTube player did not answer"));
      }, { timeout: 15_000 })
      .toBe(true);

    expect(await paintedInVideoBox(page)).toEqual({ topmost: "poster", iframeOpacity: 0, iframeInert: true });
    expect(await poster.isVisible()).toBe(true);
    // Nothing to press: the player never answered.
    expect(await page.getByRole("button", { name: home.en.hero.videoPlay }).isVisible()).toBe(false);
  });

  it("the poster stays until the player reports that it plays, then the player replaces it", async () => {
    const { page } = await newPage(ctx.browser);
    await openHomeWithPlayer(page);
    const frame = await playerFrame(page);
    await expect.poll(async () => (await receivedBy(frame)).some((m) => m.data.func === "playVideo"), { timeout: 10_000 }).toBe(true);

    // Ready and asked to play, but not playing yet: still the poster.
    const poster = page.getByRole("img", { name: home.en.hero.videoPoster });
    expect(await paintedInVideoBox(page)).toEqual({ topmost: "poster", iframeOpacity: 0, iframeInert: true });
    await reportState(frame, 3); // buffering
    expect(await paintedInVideoBox(page)).toEqual({ topmost: "poster", iframeOpacity: 0, iframeInert: true });

    await reportState(frame, 1); // playing
    await expect.poll(() => paintedInVideoBox(page)).toEqual({ topmost: "iframe", iframeOpacity: 1, iframeInert: false });
    expect(await poster.isVisible()).toBe(false);
  });

  it("when a ready player does not start on its own, the poster offers a play button that reveals it", async () => {
    const { page } = await newPage(ctx.browser);
    const { iframe } = await openHomeWithPlayer(page);
    const frame = await playerFrame(page);

    const play = page.getByRole("button", { name: home.en.hero.videoPlay });
    await play.waitFor({ state: "visible", timeout: 10_000 });
    await checkA11y(page, { include: "#hero-title, [data-testid=hero-video] + svg, [data-testid=hero-video] ~ button" });
    await play.focus();
    await page.keyboard.press("Enter");

    await expect.poll(() => paintedInVideoBox(page)).toEqual({ topmost: "iframe", iframeOpacity: 1, iframeInert: false });
    // The keyboard is in the player now, and it was asked to play again.
    expect(await iframe.evaluate((element) => document.activeElement === element)).toBe(true);
    await expect.poll(async () => (await receivedBy(frame)).filter((m) => m.data.func === "playVideo").length).toBe(2);
  });
});
