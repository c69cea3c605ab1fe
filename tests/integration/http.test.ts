/** What the production server answers, without a browser. */
import { readdirSync, readFileSync, statSync } from "node:fs";
import http from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { repoRoot } from "../support/paths";
import { startSite, type Site } from "../support/site-server";
import { until } from "../support/until";

const ROUTES = ["/", "/platform", "/privacy", "/terms", "/cookies", "/accessibility", "/ai-ml-policy"];
/** The same pages in French. */
const FRENCH_ROUTES = ["/fr", "/fr/platform", "/fr/privacy", "/fr/terms", "/fr/cookies", "/fr/accessibility", "/fr/ai-ml-policy"];

let site: Site;
beforeAll(async () => {
  site = await startSite();
});
afterAll(async () => {
  await site?.stop();
});

const get = (path: string, init: RequestInit = {}) => fetch(site.url + path, { redirect: "manual", ...init });

function directives(csp: string): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of csp.split(";")) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name.toLowerCase(), values);
  }
  return map;
}

/**
 * script-src names no host (a third-party host with JSONP or open redirects would bypass the
 * CSP): only 'self' and the page's inline hashes or nonce. The video is only a frame.
 */
function expectNoScriptHost(policy: Map<string, string[]>) {
  const scriptSrc = policy.get("script-src") ?? [];
  expect(scriptSrc[0]).toBe("'self'");
  for (const source of scriptSrc) expect(source).toMatch(/^'(?:self|sha256-[A-Za-z0-9+/]+={0,2}|nonce-[A-Za-z0-9+/]+={0,2})'$/);
  expect(policy.get("frame-src")).toEqual(["https://www.youtube-nocookie.com"]);
}

describe("pages", () => {
  for (const path of ROUTES) {
    it(`${path} is pre-rendered HTML with security headers, revalidated`, async () => {
      const response = await get(path);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/^text\/html/);
      const html = await response.text();
      expect(html).toMatch(/<h1[\s>]/);

      const csp = response.headers.get("content-security-policy");
      expect(csp, "Content-Security-Policy").toBeTruthy();
      const policy = directives(csp ?? "");
      const scriptSrc = policy.get("script-src") ?? policy.get("default-src") ?? [];
      expect(scriptSrc.length).toBeGreaterThan(0);
      expect(scriptSrc).not.toContain("'unsafe-inline'");
      expect(scriptSrc).not.toContain("'unsafe-eval'");
      expectNoScriptHost(policy);
      expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
      expect(policy.get("object-src")).toEqual(["'none'"]);

      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("referrer-policy")).toBeTruthy();
      expect(response.headers.get("permissions-policy")).toBeTruthy();
      expect(response.headers.get("strict-transport-security"), "no HSTS over plain HTTP").toBeNull();
      expect(response.headers.get("x-powered-by")).toBeNull();

      const cacheControl = response.headers.get("cache-control") ?? "";
      expect(cacheControl).toMatch(/no-cache|max-age=0|must-revalidate/);
      expect(cacheControl).not.toMatch(/immutable/);
      expect(response.headers.get("etag") ?? response.headers.get("last-modified")).toBeTruthy();
    });
  }

  it("every inline script of every page is allowed by its CSP hashes", async () => {
    const { createHash } = await import("node:crypto");
    for (const path of ROUTES) {
      const response = await get(path);
      const scriptSrc = directives(response.headers.get("content-security-policy") ?? "").get("script-src") ?? [];
      const html = await response.text();
      for (const match of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
        const hash = `'sha256-${createHash("sha256").update(match[1] ?? "").digest("base64")}'`;
        expect(scriptSrc, `${path}: inline script ${match[1]?.slice(0, 60)}…`).toContain(hash);
      }
    }
  });

  it("the five legal pages carry no framework JavaScript: inline script only, 5 KB at most; Home and /platform are islands (0044)", async () => {
    for (const path of ["/privacy", "/terms", "/cookies", "/accessibility", "/ai-ml-policy"]) {
      const html = await (await get(path)).text();
      expect(html, path).not.toMatch(/<script[^>]*\bsrc=|type="module"|rel="modulepreload"|__reactRouterContext/);
      const inline = [...html.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)].reduce((sum, match) => sum + Buffer.byteLength(match[1] ?? ""), 0);
      expect(inline, path).toBeGreaterThan(0);
      expect(inline, path).toBeLessThanOrEqual(5 * 1024);
      // The page's links are plain anchors: ordinary page loads.
      expect(html, path).toContain('href="/platform"');
    }
    // Home and /platform: no React Router either; <body> names their island's stylesheet and
    // module, which one loader, the same script on both, loads (decisions 0044, 0133).
    const loaders = new Set<string>();
    for (const [path, name] of [["/", "home"], ["/platform", "platform"], ["/fr", "home"], ["/fr/platform", "platform"]] as const) {
      const html = await (await get(path)).text();
      expect(html, path).not.toMatch(/__reactRouterContext|rel="modulepreload"|<script[^>]*\bsrc=/);
      const body = html.match(/<body [^>]*>/)?.[0] ?? "";
      const stylesheet = body.match(new RegExp(`data-island-stylesheet="(/assets/islands-${name}-[\\w-]+\\.css)"`))?.[1];
      const module = body.match(new RegExp(`data-island-module="(/assets/islands-${name}-[\\w-]+\\.js)"`))?.[1];
      for (const file of [stylesheet, module]) {
        expect(file, `${path}: ${body}`).toBeDefined();
        expect((await get(file ?? "")).status, file).toBe(200);
      }
      const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? "");
      loaders.add(scripts.find((script) => script.includes("data-island-module")) ?? "");
    }
    expect([...loaders].filter(Boolean)).toHaveLength(1);
  });

  it("a conditional GET of a page is a 304 with its CSP, and each encoding keeps its own length", async () => {
    const first = await get("/privacy", { headers: { "accept-encoding": "br" } });
    const etag = first.headers.get("etag") ?? "";
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await get("/privacy", { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get("content-security-policy")).toBe(first.headers.get("content-security-policy"));
    expect(again.headers.get("x-content-type-options")).toBe("nosniff");
    const identity = await get("/privacy", { headers: { "accept-encoding": "identity" } });
    expect(identity.headers.get("content-encoding")).toBeNull();
    expect(Number(identity.headers.get("content-length"))).toBe(Buffer.byteLength(await identity.text()));
  });

  it("answers with and without a trailing slash, with no redirect loop", async () => {
    for (const path of ["/privacy", "/privacy/", "/platform/"]) {
      const response = await get(path);
      if (response.status >= 300 && response.status < 400) {
        const location = new URL(response.headers.get("location") ?? "", site.url);
        expect(location.pathname, `${path} redirects to itself`).not.toBe(path);
        const followed = await get(location.pathname);
        expect(followed.status).toBe(200);
      } else {
        expect(response.status, path).toBe(200);
      }
    }
    const followed = await fetch(`${site.url}/privacy/`, { redirect: "follow" });
    expect(followed.status).toBe(200);
  });

  it("compresses HTML", async () => {
    const response = await get("/platform", { headers: { "accept-encoding": "gzip, br" } });
    expect(response.headers.get("content-encoding")).toMatch(/gzip|br/);
  });

  it("answers the first request of a page without waiting for its best compression, which later requests get", async () => {
    // A Host no request has used yet: its pages are made for it now (no PUBLIC_SITE_URL here).
    const host = "first-visit.example";
    const fetchBrotli = () =>
      new Promise<{ body: Buffer; length: number }>((resolve, reject) => {
        http
          .get(`${site.url}/terms`, { headers: { host, "accept-encoding": "br" } }, (response) => {
            const chunks: Buffer[] = [];
            response.on("data", (chunk: Buffer) => chunks.push(chunk));
            response.on("end", () => resolve({ body: Buffer.concat(chunks), length: Number(response.headers["content-length"]) }));
          })
          .on("error", reject);
      });
    const first = await fetchBrotli();
    expect(first.length).toBe(first.body.length);
    const page = brotliDecompressSync(first.body).toString();
    expect(page).toContain(`<link rel="canonical" href="http://${host}/terms"/>`);
    // Made when the server is idle: a later answer is smaller, and is the same page.
    let later = first;
    for (let attempt = 0; attempt < 100 && later.body.length >= first.body.length; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      later = await fetchBrotli();
    }
    expect(later.body.length).toBeLessThan(first.body.length);
    expect(later.length).toBe(later.body.length);
    expect(brotliDecompressSync(later.body).toString()).toBe(page);
  });

  it("HEAD / answers 200", async () => {
    expect((await get("/", { method: "HEAD" })).status).toBe(200);
  });
});

describe("assets", () => {
  it("hashed assets are cached for a year, immutable", async () => {
    const assets = readdirSync(join(repoRoot, "build/client/assets")).filter((name) => /\.(js|css)$/.test(name));
    expect(assets.length).toBeGreaterThan(0);
    for (const name of [assets.find((n) => n.endsWith(".js")), assets.find((n) => n.endsWith(".css"))]) {
      if (!name) continue;
      const response = await get(`/assets/${name}`);
      expect(response.status, name).toBe(200);
      expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    }
  });

  it("sends each script and stylesheet as the build compressed it, or as it is to a client that takes no compression", async () => {
    const assetsDir = join(repoRoot, "build/client/assets");
    const largest = (extension: string) =>
      readdirSync(assetsDir)
        .filter((name) => name.endsWith(extension))
        .sort((a, b) => statSync(join(assetsDir, b)).size - statSync(join(assetsDir, a)).size)[0] ?? "";
    for (const [name, type] of [[largest(".js"), "text/javascript; charset=utf-8"], [largest(".css"), "text/css; charset=utf-8"]] as const) {
      const original = readFileSync(join(assetsDir, name));
      const raw = (path: string, acceptEncoding: string, headers: http.OutgoingHttpHeaders = {}) =>
        new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
          http
            .get(`${site.url}${path}`, { headers: { "accept-encoding": acceptEncoding, ...headers } }, (response) => {
              const chunks: Buffer[] = [];
              response.on("data", (chunk: Buffer) => chunks.push(chunk));
              response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
            })
            .on("error", reject);
        });
      const br = await raw(`/assets/${name}?v=1`, "gzip, deflate, br");
      expect(br.headers["content-encoding"], name).toBe("br");
      expect(br.headers["content-type"]).toBe(type);
      expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(br.headers.vary).toMatch(/accept-encoding/i);
      expect(br.body.equals(readFileSync(join(assetsDir, `${name}.br`)))).toBe(true);
      expect(brotliDecompressSync(br.body).equals(original)).toBe(true);
      const gzip = await raw(`/assets/${name}`, "gzip");
      expect(gzip.headers["content-encoding"]).toBe("gzip");
      expect(gunzipSync(gzip.body).equals(original)).toBe(true);
      const plain = await raw(`/assets/${name}`, "identity");
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(plain.headers.vary).toMatch(/accept-encoding/i);
      expect(plain.body.equals(original)).toBe(true);
      // A conditional GET of the compressed file is a 304, as for any static file.
      const again = await raw(`/assets/${name}`, "br", { "if-none-match": br.headers.etag ?? "" });
      expect(again.status).toBe(304);
    }
  });

  it("a missing asset is a 404, not the HTML of a page", async () => {
    const response = await get("/assets/does-not-exist-123.js");
    expect(response.status).toBe(404);
    expect(response.headers.get("cache-control") ?? "").not.toMatch(/immutable/);
  });
});

describe("service endpoints", () => {
  it("GET /healthz is 200 JSON", async () => {
    const response = await get("/healthz");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/application\/json/);
    expect(await response.json()).toMatchObject({ status: "ok" });
  });

  it("sitemap.xml lists every page in both languages with absolute URLs, each with its alternates", async () => {
    const response = await get("/sitemap.xml");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/xml/);
    const xml = await response.text();
    const urls = [...xml.matchAll(/<url>(.*?)<\/url>/g)].map((m) => m[1] ?? "");
    const locs = urls.map((url) => url.match(/<loc>([^<]+)<\/loc>/)?.[1] ?? "");
    // No PUBLIC_SITE_URL: the request's own origin.
    expect(locs.sort()).toEqual([...ROUTES, ...FRENCH_ROUTES].map((path) => `${site.url}${path}`).sort());
    for (const [index, english] of ROUTES.entries()) {
      const expected = [`en ${site.url}${english}`, `fr-CA ${site.url}${FRENCH_ROUTES[index]}`, `x-default ${site.url}${english}`];
      for (const url of urls.filter((u) => u.includes(`<loc>${site.url}${english}</loc>`) || u.includes(`<loc>${site.url}${FRENCH_ROUTES[index]}</loc>`))) {
        expect([...url.matchAll(/hreflang="([^"]+)" href="([^"]+)"/g)].map((m) => `${m[1]} ${m[2]}`)).toEqual(expected);
      }
    }
  });

  it("robots.txt allows crawling and names the sitemap", async () => {
    const response = await get("/robots.txt");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/text\/plain/);
    const text = await response.text();
    expect(text).toMatch(/^User-agent: \*/m);
    expect(text).toMatch(new RegExp(`^Sitemap: ${site.url}/sitemap\\.xml$`, "m"));
  });

  it("unknown routes answer 404 HTML", async () => {
    for (const path of ["/no-such-page", "/platform/nope", "/privacy.php"]) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get("content-type")).toMatch(/^text\/html/);
      expect(await response.text()).toMatch(/<h1[\s>]/);
      // Rendered at request time, with a nonce: no script host either.
      const policy = directives(response.headers.get("content-security-policy") ?? "");
      expect(policy.get("script-src")?.some((source) => source.startsWith("'nonce-"))).toBe(true);
      expectNoScriptHost(policy);
    }
  });

  it("a form sent where none is taken says so: not found at an unknown address, 405 with Allow on a page, in the page's language", async () => {
    const send = (path: string) =>
      get(path, { method: "POST", headers: { origin: site.url, "content-type": "application/x-www-form-urlencoded" }, body: "email=a%40example.com" });
    const heading = (html: string) => /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1];
    for (const path of ["/no-such-page", "/fr/nope"]) {
      const response = await send(path);
      expect(response.status, path).toBe(404);
      expect(heading(await response.text()), path).toBe(path.startsWith("/fr") ? "Page introuvable" : "Page not found");
    }
    for (const [path, words] of [
      ["/", "This page does not take forms"],
      ["/platform", "This page does not take forms"],
      ["/fr/privacy", "Cette page ne reçoit pas de formulaire"],
    ] as const) {
      const response = await send(path);
      expect(response.status, path).toBe(405);
      expect(response.headers.get("allow"), path).toBe("GET, HEAD");
      expect(heading(await response.text()), path).toBe(words);
    }
  });
});

describe("process", () => {
  it("logs JSON lines", () => {
    const lines = site.logs().filter((line) => line.trim() !== "");
    expect(lines.length).toBeGreaterThan(0);
    expect(site.jsonLogs().length).toBe(lines.filter((line) => line.startsWith("{")).length);
    expect(site.jsonLogs().some((line) => line.msg === "server listening")).toBe(true);
  });

  it("says at start where to open the site", async () => {
    await until(() => site.jsonLogs().some((line) => line.msg === `Open ${site.url}`), 5_000, `an "Open ${site.url}" line`);
  });

  it("shuts down gracefully on SIGTERM (exit 0) and restarts on the same data", async () => {
    const first = await startSite();
    expect((await fetch(`${first.url}/healthz`)).status).toBe(200);
    expect(await first.stop()).toEqual({ code: 0, signal: null });
    const second = await startSite({ dataDir: first.dataDir });
    expect((await fetch(`${second.url}/healthz`)).status).toBe(200);
    await second.kill();
    const third = await startSite({ dataDir: first.dataDir });
    expect((await fetch(`${third.url}/healthz`)).status).toBe(200);
    expect((await third.stop()).code).toBe(0);
  });

  it("refuses to start with a bad configuration, saying why", async () => {
    await expect(startSite({ env: { PORT: "not-a-port" } })).rejects.toThrow(/PORT/);
  });
});
