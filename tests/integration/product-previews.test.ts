/**
 * The product previews as the built site serves them: each an SVG image of at most 30 KB gzipped,
 * titled and described inside the file too, on Home and /platform.
 */
import http from "node:http";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { previewText, type PreviewName } from "~/content/previews";
import { startSite, type Site } from "../support/site-server";

const MAX_GZIP_BYTES = 30 * 1024;
const NAMES: readonly PreviewName[] = ["routePlanner", "permitTracker", "costSimulator"];

let site: Site;
beforeAll(async () => {
  site = await startSite();
});
afterAll(async () => {
  await site?.stop();
});

/** Each preview's image addresses on a page (its wide and its narrow layout), by the name the page gives it. */
async function previewSources(path: string): Promise<Map<string, string[]>> {
  const html = await (await fetch(site.url + path)).text();
  const pictures = [...html.matchAll(/<picture>(.*?)<\/picture>/g)].map((m) => m[1] ?? "");
  const sources = new Map<string, string[]>();
  for (const picture of pictures) {
    const name = /data-preview="([^"]+)"/.exec(picture)?.[1];
    if (name) sources.set(name, [...picture.matchAll(/ (?:src|srcSet|srcset)="([^"]+)"/g)].map((m) => m[1] ?? ""));
  }
  return sources;
}

/** The file as sent to a browser that accepts gzip: its bytes on the wire and its headers. */
const getGzipped = (url: string) =>
  new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(url, { headers: { "accept-encoding": "gzip" } }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });

const decode = (text: string) => text.replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");

/** One layout of a preview as served: gzipped within budget, an SVG image titled and described in words. */
async function checkSvg(name: PreviewName, src: string) {
  const { status, headers, body: gzipped } = await getGzipped(site.url + src);
  expect(status).toBe(200);
  expect(headers["content-type"]).toMatch(/^image\/svg\+xml/);
  expect(headers["content-encoding"]).toBe("gzip");
  expect(gzipped.length).toBeLessThanOrEqual(MAX_GZIP_BYTES);
  const svg = gunzipSync(gzipped).toString("utf8");
  expect(svg).toMatch(/^<svg [^>]*role="img" aria-labelledby="t d"/);
  const { title, description } = previewText(name);
  expect(decode(/<title id="t">([^<]*)<\/title>/.exec(svg)?.[1] ?? "")).toBe(title);
  expect(decode(/<desc id="d">([^<]*)<\/desc>/.exec(svg)?.[1] ?? "")).toBe(description);
  // Drawn from data at build time: nothing fetched when it is shown.
  expect(svg).not.toMatch(/href="https?:|<image|<script/);
}

describe("product previews", () => {
  it("Home shows all three and /platform all three, the same files", async () => {
    const home = await previewSources("/");
    const platform = await previewSources("/platform");
    expect([...home.keys()].sort()).toEqual([...NAMES].sort());
    expect([...platform.keys()].sort()).toEqual([...NAMES].sort());
    for (const name of NAMES) {
      expect(home.get(name)).toHaveLength(2);
      expect(platform.get(name)).toEqual(home.get(name));
    }
  });

  for (const name of NAMES) {
    it(`${name}: each layout an SVG of at most 30 KB gzipped, with its title and description`, async () => {
      const sources = (await previewSources("/")).get(name) ?? [];
      expect(sources).toHaveLength(2);
      for (const src of sources) await checkSvg(name, src);
    });
  }
});
