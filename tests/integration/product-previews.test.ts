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

/** Each preview's image address on a page, by the name the page gives it. */
async function previewSources(path: string): Promise<Map<string, string>> {
  const html = await (await fetch(site.url + path)).text();
  const images = [...html.matchAll(/<img [^>]*>/g)].map((m) => m[0]);
  const sources = new Map<string, string>();
  for (const img of images) {
    const name = /data-preview="([^"]+)"/.exec(img)?.[1];
    const src = /src="([^"]+)"/.exec(img)?.[1];
    if (name && src) sources.set(name, src);
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

describe("product previews", () => {
  it("Home shows all three and /platform all three, the same files", async () => {
    const home = await previewSources("/");
    const platform = await previewSources("/platform");
    expect([...home.keys()].sort()).toEqual([...NAMES].sort());
    expect([...platform.keys()].sort()).toEqual([...NAMES].sort());
    for (const name of NAMES) expect(platform.get(name)).toBe(home.get(name));
  });

  for (const name of NAMES) {
    it(`${name}: an SVG of at most 30 KB gzipped, with its title and description`, async () => {
      const src = (await previewSources("/")).get(name);
      expect(src).toBeDefined();
      const { status, headers, body: gzipped } = await getGzipped(site.url + String(src));
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
    });
  }
});
