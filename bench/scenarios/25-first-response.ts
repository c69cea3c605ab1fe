/**
 * Each pre-rendered page's first response against TCP's first round trip: a new connection in slow
 * start sends 10 segments (14,600 bytes) before it waits for an acknowledgement, so a response one
 * byte over takes a second round trip, which Lighthouse's simulation counts in full (decision 0115).
 * Budget: pages whose largest paint is text (/platform and the legal pages, in each language) fit
 * it; Home's is its hero image, which waits for the document anyway, so Home is shown, not judged.
 * Bytes: the page at brotli's best (what the server sends once it has made it) and the headers the
 * server sends with it, as HTTP/1.1 text (HTTP/2 compresses them: an upper bound). Runnable alone:
 * `npm run bench -- "first response"`.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants } from "node:zlib";
import { prerenderedPaths } from "~/routes-list";
import { pathIn } from "~/shared/i18n/locale";
import { ORIGIN_PLACEHOLDER } from "~/shared/seo/origin-placeholder.server";
import { type Scenario, verdict } from "../types";

const FIRST_WINDOW = 14_600;
const PUBLIC_ORIGIN = "https://www.heavyroute.example";

const scenario: Scenario = {
  name: "first response",
  async run(ctx) {
    const rows = [];
    for (const route of prerenderedPaths) {
      const file = route === "/" ? "index.html" : `${route.slice(1)}/index.html`;
      const html = readFileSync(join(ctx.repoRoot, "build", "pages", file), "utf8").replaceAll(ORIGIN_PLACEHOLDER, PUBLIC_ORIGIN);
      const body = brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }).length;
      const response = await fetch(`${ctx.url}${route}`, { headers: { "accept-encoding": "br" } });
      await response.arrayBuffer();
      let headers = `HTTP/1.1 ${response.status} ${response.statusText}\r\n`.length + 2;
      response.headers.forEach((value, name) => (headers += `${name}: ${value}\r\n`.length));
      const judged = pathIn(route, "en") !== "/";
      const total = body + headers;
      rows.push([route, body, headers, total, judged ? verdict(total <= FIRST_WINDOW, "≤ 14,600") : "– (LCP: the hero image)"]);
    }
    return [
      {
        title: "Pre-rendered pages' first response (brotli 11) against TCP's first window",
        columns: ["route", "body (B)", "headers (B)", "total (B)", "budget"],
        rows,
        notes: [
          "A new connection's first window is 10 segments of 1,460 bytes (RFC 6928); over it, the rest waits a round trip (150 ms in Lighthouse's mobile simulation).",
          "Headers are counted as HTTP/1.1 text; HTTP/2's HPACK sends them smaller, so a page within the budget here is within it on the wire.",
        ],
      },
    ];
  },
};

export default scenario;
