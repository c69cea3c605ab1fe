/**
 * The built site under a public origin other than the build machine's, and the edges
 * that depend on the origin, the client address and the process: start-up refusals, every HTML
 * path, the Origin check, per-IP limits counted per IPv6 /64, a body the client abandons.
 */
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import net from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prerenderedAnswerPaths, prerenderedPaths } from "~/routes-list";
import { chatVisitor } from "../support/chat-client";
import { repoRoot } from "../support/paths";
import { startSite, type Site } from "../support/site-server";

/** The refusal as an English page (and any client that names no language) gets it. */
const CROSS_SITE_MESSAGE = "Cross-site requests are not allowed.";

const PUBLIC = "https://www.heavyroute.example";

let site: Site;
beforeAll(async () => {
  site = await startSite({ env: { PUBLIC_SITE_URL: PUBLIC, RATE_LIMIT_POST_PER_MINUTE: "1000" } });
});
afterAll(async () => {
  await site?.stop();
});

const get = (path: string, init: RequestInit = {}) => fetch(site.url + path, { redirect: "manual", ...init });

/** Every file under a directory, relative to it, with forward slashes. */
const filesUnder = (dir: string): string[] => readdirSync(dir, { recursive: true, encoding: "utf8" });

describe("one public origin, everywhere", () => {
  for (const path of prerenderedPaths) {
    it(`${path}: canonical, og:url and og:image are on PUBLIC_SITE_URL, and nothing names another origin`, async () => {
      const html = await (await get(path)).text();
      const canonical = [...html.matchAll(/<link rel="canonical" href="([^"]+)"/g)].map((m) => m[1]);
      expect(canonical).toEqual([`${PUBLIC}${path}`]);
      expect([...html.matchAll(/<meta property="og:url" content="([^"]+)"/g)].map((m) => m[1])).toEqual([`${PUBLIC}${path}`]);
      expect(html).toContain(`<meta property="og:image" content="${PUBLIC}/images/og-image.jpg"/>`);
      expect(html).toContain(`data-site-origin="${PUBLIC}"`);
      expect(html).not.toMatch(/localhost|127\.0\.0\.1|public-origin\.invalid/);
    });
  }

  it("sitemap.xml and robots.txt name PUBLIC_SITE_URL", async () => {
    const xml = await (await get("/sitemap.xml")).text();
    expect([...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])).toEqual(prerenderedPaths.map((path) => `${PUBLIC}${path}`));
    expect(await (await get("/robots.txt")).text()).toContain(`Sitemap: ${PUBLIC}/sitemap.xml\n`);
  });

  it("a page rendered at request time (404) carries the public origin too", async () => {
    const html = await (await get("/no-such-page")).text();
    expect(html).toContain(`data-site-origin="${PUBLIC}"`);
    expect(html).not.toMatch(/localhost|public-origin\.invalid/);
  });

  it("no origin is baked into build/client", () => {
    const client = join(repoRoot, "build", "client");
    for (const file of filesUnder(client).filter((name) => /\.(js|css|html|json|xml|txt)$/.test(name))) {
      const text = spawnSync("grep", ["-l", "-E", "localhost:3000|public-origin\\.invalid|heavyroute\\.example\\b/", join(client, file)], { encoding: "utf8" });
      expect(text.stdout, file).toBe("");
    }
  });
});

describe("every HTML answer carries the CSP", () => {
  it("build/client holds no page: they live in build/pages, served only with their headers", () => {
    expect(filesUnder(join(repoRoot, "build", "client")).filter((name) => /\.(html?|data)$/i.test(name))).toEqual([]);
  });

  const pageFiles = filesUnder(join(repoRoot, "build", "pages")).filter((name) => name.endsWith(".html"));
  const candidates = [
    ...pageFiles.map((file) => `/${file}`),
    ...pageFiles.map((file) => `/pages/${file}`),
    "/__spa-fallback.html",
    "/%69ndex.html",
    "/index.html/",
    "/platform/index.html?x=1",
    "/platform.data",
    "/_root.data",
    "/robots.txt.data",
  ];
  it.each(candidates)("GET %s is the canonical page's answer or a 404, always with the CSP", async (path) => {
    const response = await get(path);
    expect([200, 404], path).toContain(response.status);
    if ((response.headers.get("content-type") ?? "").startsWith("text/html")) {
      expect(response.headers.get("content-security-policy"), path).toMatch(/script-src 'self'/);
    }
    if (response.status === 200) expect(response.headers.get("content-type")).not.toMatch(/html/);
  });

  it("finds the seven pages and the answer pages in build/pages", () => {
    expect(pageFiles.sort()).toEqual(
      [...prerenderedPaths, ...prerenderedAnswerPaths].map((path) => (path === "/" ? "index.html" : `${path.slice(1)}/index.html`)).sort(),
    );
  });
});

describe("the Origin check", () => {
  const post = (origin: string | undefined) =>
    fetch(`${site.url}/newsletter`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(origin === undefined ? {} : { origin }) },
      body: JSON.stringify({ email: `origin-${Math.random().toString(36).slice(2)}@example.com` }),
    });

  it("accepts PUBLIC_SITE_URL", async () => {
    expect((await post(PUBLIC)).status).toBe(200);
  });

  // "loopback" stands for the server's own address: not the public origin, so refused too.
  it.each(["null", "loopback", "https://heavyroute.example", "http://www.heavyroute.example", `${PUBLIC}.evil.example`])(
    "refuses Origin: %s",
    async (origin) => {
      const response = await post(origin === "loopback" ? site.url : origin);
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ error: CROSS_SITE_MESSAGE });
    },
  );
});

describe("without PUBLIC_SITE_URL", () => {
  let plain: Site;
  beforeAll(async () => {
    plain = await startSite();
  });
  afterAll(async () => {
    await plain?.stop();
  });

  /** A raw HTTP/1.1 exchange, so the Host header is exactly what the test says. */
  function rawGet(path: string, host: string): Promise<string> {
    const { port } = new URL(plain.url);
    return new Promise((resolve, reject) => {
      const socket = net.connect(Number(port), "127.0.0.1");
      let answer = "";
      socket.on("data", (chunk) => (answer += chunk.toString("utf8")));
      socket.on("end", () => resolve(answer));
      socket.on("error", reject);
      socket.write(`GET ${path} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
    });
  }

  it("pages use the request's own origin", async () => {
    const answer = await rawGet("/platform", "site.example.test:8080");
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    expect(answer).toContain('<link rel="canonical" href="http://site.example.test:8080/platform"/>');
  });

  it("a Host header that is not a host name is refused, never written into a page", async () => {
    const answer = await rawGet("/platform", 'x"><script>alert(1)</script>');
    expect(answer).toMatch(/^HTTP\/1\.1 400/);
    expect(answer).not.toContain("<script>alert");
  });
});

describe("start-up refusals", () => {
  const start = (env: Record<string, string>) =>
    spawnSync(process.execPath, [join(repoRoot, "build", "app-server.js")], {
      env: { PATH: process.env.PATH ?? "", NODE_ENV: "production", PORT: "0", DATA_DIR: site.dataDir, ...env },
      encoding: "utf8",
      timeout: 20_000,
    });

  it.each([
    [{ TRUST_PROXY: "true" }, /^Invalid configuration: TRUST_PROXY: true would let any client choose its own address .*set the number of proxies/],
    [{ PUBLIC_SITE_URL: "heavyroute.example:443" }, /^Invalid configuration: PUBLIC_SITE_URL: must be an http\(s\) origin/],
    [{ PUBLIC_SITE_URL: "https://x.example/path" }, /^Invalid configuration: PUBLIC_SITE_URL: must be an http\(s\) origin .*"\/path" is a path/],
    [{ MAIL_FROM: "HeavyRoute" }, /^Invalid configuration: MAIL_FROM: must be an email address/],
    [{ SMTP_URL: "smtp://127.0.0.1:2525" }, /^Invalid configuration: PUBLIC_SITE_URL: must be set when NODE_ENV=production and SMTP_URL is set/],
  ])("%j exits non-zero with one clear line", (env, line) => {
    const result = start(env);
    expect(result.status).not.toBe(0);
    expect(result.stdout).toBe("");
    const lines = result.stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(line);
  });
});

describe("per-IP limits count an IPv6 client by its /64", () => {
  // The test plays the trusted proxy on loopback and says which client each request is for.
  let proxied: Site;
  let chatting: Site;
  beforeAll(async () => {
    [proxied, chatting] = await Promise.all([
      startSite({ env: { TRUST_PROXY: "loopback", RATE_LIMIT_POST_PER_MINUTE: "2" } }),
      startSite({ env: { TRUST_PROXY: "loopback", RATE_LIMIT_POST_PER_MINUTE: "1000", CHAT_DAILY_LIMIT_PER_IP: "1" } }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([proxied?.stop(), chatting?.stop()]);
  });

  const subscribe = (client: string) =>
    fetch(`${proxied.url}/newsletter`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: proxied.url, "x-forwarded-for": client },
      body: JSON.stringify({ email: `v6-${Math.random().toString(36).slice(2)}@example.com` }),
    }).then((response) => response.status);

  it("two addresses of one /64 share the POST rate; another /64 has its own", async () => {
    expect(await subscribe("2001:db8:1:2::1")).toBe(200);
    expect(await subscribe("2001:db8:1:2:ffff::9")).toBe(200);
    expect(await subscribe("2001:db8:1:2:abcd:1:2:3")).toBe(429);
    expect(await subscribe("2001:db8:1:3::1")).toBe(200);
  });

  it("an IPv4-mapped IPv6 address counts as its IPv4 address", async () => {
    expect(await subscribe("203.0.113.9")).toBe(200);
    expect(await subscribe("::ffff:203.0.113.9")).toBe(200);
    expect(await subscribe("::ffff:cb00:7109")).toBe(429);
  });

  it("the chat's per-IP daily cap is shared by one /64", async () => {
    const ask = async (client: string) => {
      const visitor = chatVisitor(chatting.url, { "x-forwarded-for": client });
      await visitor.session();
      expect((await visitor.lead("Ivy", `ivy-${Math.random().toString(36).slice(2)}@example.com`)).status).toBe(200);
      return (await visitor.send("What services do you offer?")).status;
    };
    expect(await ask("2001:db8:9:9::1")).toBe(200);
    expect(await ask("2001:db8:9:9::2")).toBe(429);
    expect(await ask("2001:db8:9:a::1")).toBe(200);
  });
});

describe("a client that abandons its request body", () => {
  /** Announces a 1 KB body, sends 10 bytes, then resets the connection. */
  function abandon(path: string, contentType: string): Promise<void> {
    const { port } = new URL(site.url);
    return new Promise((resolve, reject) => {
      const socket = net.connect(Number(port), "127.0.0.1", () => {
        socket.write(
          `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: ${PUBLIC}\r\nContent-Type: ${contentType}\r\nContent-Length: 1000\r\n\r\n{"email":"`,
        );
        setTimeout(() => {
          socket.resetAndDestroy();
          resolve();
        }, 200);
      });
      socket.on("error", reject);
    });
  }

  it.each([
    ["/newsletter", "application/json"],
    ["/api/chat/lead", "application/json"],
    ["/contact", "application/x-www-form-urlencoded"],
  ])("POST %s (%s) is a 400-class outcome logged at info, never a 500", async (path, type) => {
    const before = site.jsonLogs().length;
    await abandon(path, type);
    const logged = await site.waitForLog((line) => line.msg === "request" && line.url === path && site.jsonLogs().indexOf(line) >= before);
    expect(logged.status).toBeGreaterThanOrEqual(400);
    expect(logged.status).toBeLessThan(500);
    const after = site.jsonLogs().slice(before);
    expect(after.filter((line) => Number(line.level) >= 50)).toEqual([]);
    expect(after.some((line) => line.msg === "unhandled error")).toBe(false);
  });
});
