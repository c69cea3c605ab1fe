/**
 * Run it as it will be deployed: the one build, started as production starts it
 * (PUBLIC_SITE_URL=https://www.heavyroute.example, TRUST_PROXY=1), behind Debian's nginx as a TLS
 * reverse proxy (tests/support/tls-proxy.ts). Chromium resolves www.heavyroute.example to
 * loopback and accepts the test's self-signed certificate; Node clients go through nginx over
 * HTTPS from different loopback source addresses, so each looks like its own visitor.
 *
 * What a visitor, a crawler and an operator see: the public origin in every URL the pages and
 * sitemap give, HSTS and CSP, the forms and a streamed chat through the proxy, and per-client
 * limits keyed on the address nginx reports, whatever X-Forwarded-For a client forges.
 * Long because one TLS proxy and one server are started for all of these checks (a start costs
 * more than the checks).
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { simpleParser } from "mailparser";
import net from "node:net";
import tls from "node:tls";
import { SqliteDatabase as Database } from "../../server/db/sqlite-driver";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { prerenderedPaths } from "~/routes-list";
import { type ReplyEvent } from "~/features/chat/chat-contract";
import { launchBrowser, newPage } from "../support/browser";
import { introduce, openChat } from "../support/chat-page";
import { visit } from "../support/e2e";
import { ndjsonSplitter } from "../support/ndjson";
import { type FakeOpenAI, startFakeOpenAI } from "../support/fake-openai";
import { startSite, type Site } from "../support/site-server";
import { freePort } from "../support/ports";
import { RawConnection } from "../support/raw-http";
import { proxyRequest, PUBLIC_HOSTNAME, startTlsProxy, type ProxyRequestOptions, type TlsProxy } from "../support/tls-proxy";

/** The server's own limit on receiving a request (headers and body); nginx in front buffers both. */
const REQUEST_TIMEOUT_MS = 4_000;
/** POSTs per client IP per minute: small, so the limit is reached in a few requests. */
const POST_LIMIT = 10;
const NEWSLETTER_OK = "Thank you for subscribing! Welcome to the HeavyRoute community: we will keep you posted on our launch.";
const CONTACT_OK = "Your message has been sent successfully! We will contact you soon.";
const INFO_OK = "Your request has been sent successfully. We will contact you soon!";
const unique = (tag: string) => `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;
/** What must not leak into a public page: the build machine's or the upstream's address. */
const PRIVATE_ORIGIN = /localhost|127\.0\.0\.1/gi;
/** Each mention of a private origin, with a little context (an empty list is the goal). */
const privateMentions = (text: string) => [...text.matchAll(PRIVATE_ORIGIN)].map((m) => text.slice(Math.max(0, m.index - 40), m.index + 40));

const ai: FakeOpenAI = await startFakeOpenAI();
let proxy: TlsProxy | undefined;
let site: Site | undefined;
let browser: Browser | undefined;

beforeAll(async () => {
  // The site's port is chosen first so nginx can point at it before the site knows its public origin.
  const upstreamPort = await freePort();
  proxy = await startTlsProxy({ upstreamPort });
  [site, browser] = await Promise.all([
    startSite({
      env: {
        HOST: "127.0.0.1",
        PORT: String(upstreamPort),
        PUBLIC_SITE_URL: proxy.origin,
        TRUST_PROXY: "1",
        RATE_LIMIT_POST_PER_MINUTE: String(POST_LIMIT),
        HTTP_HEADERS_TIMEOUT_MS: "3000",
        HTTP_REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
        AI_API_KEY: "test-key",
        AI_BASE_URL: ai.url,
        AI_MODEL: "test-model",
        AI_TIMEOUT_MS: "5000",
        TEAM_EMAIL: "team@example.com",
      },
    }),
    // Certificate errors are ignored per context (newPage's ignoreHTTPSErrors), for this file only.
    launchBrowser({ args: [`--host-resolver-rules=MAP ${PUBLIC_HOSTNAME} 127.0.0.1`] }),
  ]);
});

afterAll(async () => {
  await Promise.all([browser?.close(), site?.stop()]);
  await Promise.all([proxy?.stop(), ai.close()]);
});

beforeEach(() => {
  ai.reset();
  ai.setDefault({ kind: "stream", chunks: ["This is ", "a fake ", "answer."] });
});

const ready = <T>(value: T | undefined, what: string): T => {
  if (value === undefined) throw new Error(`${what} did not start (see beforeAll)`);
  return value;
};
const theProxy = () => ready(proxy, "nginx");
const theSite = () => ready(site, "the site");
const theBrowser = () => ready(browser, "Chromium");
const origin = () => theProxy().origin;
const publicUrl = (path: string) => `${origin()}${path}`;

const get = (path: string, options: ProxyRequestOptions = {}) => proxyRequest(theProxy(), path, options);
const postJson = (path: string, body: unknown, options: ProxyRequestOptions = {}) =>
  proxyRequest(theProxy(), path, {
    ...options,
    method: "POST",
    body: JSON.stringify(body),
    headers: { origin: origin(), "content-type": "application/json", ...options.headers },
  });

const browserPage = (options: { javaScriptEnabled?: boolean } = {}) => newPage(theBrowser(), { ...options, ignoreHTTPSErrors: true });

interface HeadTags {
  canonical: (string | null)[];
  ogUrl: (string | null)[];
  ogImage: (string | null)[];
}

/** canonical / og:url / og:image of served HTML, read without a browser. */
function headTagsOf(html: string): HeadTags {
  const tags = [...html.matchAll(/<(link|meta)\b([^>]*)>/gi)].map(([, name, attrs]) => ({
    name: (name ?? "").toLowerCase(),
    attrs: Object.fromEntries([...(attrs ?? "").matchAll(/([\w:-]+)="([^"]*)"/g)].map(([, key, value]) => [(key ?? "").toLowerCase(), (value ?? "").replace(/&amp;/g, "&")])),
  }));
  const meta = (property: string) => tags.filter((t) => t.name === "meta" && t.attrs.property === property).map((t) => t.attrs.content ?? null);
  return {
    canonical: tags.filter((t) => t.name === "link" && t.attrs.rel === "canonical").map((t) => t.attrs.href ?? null),
    ogUrl: meta("og:url"),
    ogImage: meta("og:image"),
  };
}

/** The same, from the live DOM. */
function headTagsIn(page: Page): Promise<HeadTags> {
  return page.evaluate(() => {
    const attr = (selector: string, name: string) => [...document.querySelectorAll(selector)].map((el) => el.getAttribute(name));
    return {
      canonical: attr('link[rel="canonical"]', "href"),
      ogUrl: attr('meta[property="og:url"]', "content"),
      ogImage: attr('meta[property="og:image"]', "content"),
    };
  });
}

/** Soft: every wrong tag of a page is reported, not only the first. */
function expectPublicTags(tags: HeadTags, path: string) {
  expect.soft(tags.canonical, "exactly one canonical link, on the public origin").toEqual([publicUrl(path)]);
  expect.soft(tags.ogUrl, "exactly one og:url, on the public origin").toEqual([publicUrl(path)]);
  expect.soft(tags.ogImage, "exactly one og:image").toHaveLength(1);
  expect.soft(tags.ogImage[0], "og:image is an absolute URL on the public origin").toMatch(new RegExp(`^${origin().replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}/\\S+$`));
}

describe("served through the proxy", () => {
  it("nginx answers over TLS for the public hostname and logs the client's source address", async () => {
    const health = await get("/healthz", { localAddress: "127.0.0.3" });
    expect(health.status).toBe(200);
    expect(JSON.parse(health.body)).toMatchObject({ status: "ok" });
    await expect.poll(() => theProxy().accessLog().some((line) => line.startsWith('127.0.0.3 "-" "GET /healthz'))).toBe(true);
  });

  describe.each(prerenderedPaths)("%s", (path) => {
    it("as served (raw HTTPS and without JavaScript): one canonical and og:url on the public origin, no localhost", async () => {
      const answer = await get(path);
      expect(answer.status).toBe(200);
      expectPublicTags(headTagsOf(answer.body), path);
      expect(privateMentions(answer.body), "mentions of a private origin in the served HTML").toEqual([]);

      const { page } = await browserPage({ javaScriptEnabled: false });
      const response = await page.goto(publicUrl(path));
      expect(response?.status()).toBe(200);
      expect(page.url()).toBe(publicUrl(path));
      expectPublicTags(await headTagsIn(page), path);
      expect(privateMentions(await page.content()), "mentions of a private origin in the page").toEqual([]);
    });

    it("after hydration: still one canonical and og:url on the public origin, no localhost", async () => {
      const { page } = await browserPage();
      await visit(page, publicUrl(path));
      expectPublicTags(await headTagsIn(page), path);
      expect.soft(privateMentions(await page.content()), "mentions of a private origin in the hydrated page").toEqual([]);
    });
  });

  it("the og:image is served at its public URL", async () => {
    const [image] = headTagsOf((await get("/")).body).ogImage;
    const answer = await get(new URL(image ?? "/missing", origin()).pathname);
    expect(answer.status).toBe(200);
    expect(answer.headers["content-type"]).toMatch(/^image\//);
  });

  it("sitemap.xml lists every page on the public origin; robots.txt points at it", async () => {
    const sitemap = await get("/sitemap.xml");
    expect(sitemap.status).toBe(200);
    const locations = [...sitemap.body.matchAll(/<loc>([^<]*)<\/loc>/g)].map(([, loc]) => loc);
    expect(locations).toEqual(prerenderedPaths.map(publicUrl));

    const robots = await get("/robots.txt");
    expect(robots.status).toBe(200);
    expect(robots.body.match(/^Sitemap:.*$/gm)).toEqual([`Sitemap: ${publicUrl("/sitemap.xml")}`]);
    expect(privateMentions(`${sitemap.body}\n${robots.body}`)).toEqual([]);
  });

  it("a page rendered at request time (the 404) names only the public origin too", async () => {
    const answer = await get("/no-such-page");
    expect(answer.status).toBe(404);
    const { canonical, ogUrl, ogImage } = headTagsOf(answer.body);
    expect.soft([...canonical, ...ogUrl, ...ogImage].filter((url) => !url?.startsWith(`${origin()}/`)), "URLs off the public origin").toEqual([]);
    expect.soft(privateMentions(answer.body), "mentions of a private origin in the 404 page").toEqual([]);
  });

  it("HTTPS answers carry HSTS; every page carries a CSP; plain HTTP to the upstream gets no HSTS", async () => {
    const home = await get("/");
    const asset = home.body.match(/\/assets\/[\w.-]+\.js/)?.[0];
    expect(asset, "Home links a hashed script").toBeDefined();
    const pages = [...prerenderedPaths, "/newsletter", "/contact", "/request-information", "/no-such-page"];
    const others = ["/sitemap.xml", "/robots.txt", "/healthz", asset ?? "/assets/missing.js"];
    for (const path of [...pages, ...others]) {
      const answer = await get(path);
      expect(answer.status, path).toBe(path === "/no-such-page" ? 404 : 200);
      expect(answer.headers["strict-transport-security"], `HSTS on ${path}`).toMatch(/max-age=\d{7,}/);
      if (pages.includes(path)) {
        expect(answer.headers["content-type"], path).toMatch(/^text\/html/);
        expect(answer.headers["content-security-policy"], `CSP on ${path}`).toMatch(/default-src 'self'.*frame-ancestors 'none'/);
      }
    }
    const posted = await postJson("/newsletter", { email: unique("hsts") }, { localAddress: "127.0.0.5" });
    expect(posted.status).toBe(200);
    expect(posted.headers["strict-transport-security"]).toMatch(/max-age=\d{7,}/);

    // The same server reached directly over plain HTTP (not through the TLS proxy): no HSTS.
    const direct = await fetch(`${theSite().url}/`);
    expect(direct.status).toBe(200);
    expect(direct.headers.get("strict-transport-security")).toBeNull();
    expect(direct.headers.get("content-security-policy")).toMatch(/default-src 'self'/);
  });
});

describe("forms through the proxy, in Chromium", () => {
  it("newsletter, with and without JavaScript", async () => {
    const { page } = await browserPage();
    await visit(page, publicUrl("/newsletter"));
    await page.getByRole("textbox", { name: "Email address" }).fill(unique("proxy-news"));
    await page.getByRole("button", { name: "Subscribe" }).click();
    await page.getByText(NEWSLETTER_OK).waitFor();

    // A plain form post: React Router's action checks Origin against the URL it rebuilds from
    // Host and X-Forwarded-Proto.
    const { page: plain } = await browserPage({ javaScriptEnabled: false });
    await plain.goto(publicUrl("/newsletter"));
    await plain.getByRole("textbox", { name: "Email address" }).fill(unique("proxy-nojs"));
    await plain.getByRole("button", { name: "Subscribe" }).click();
    await plain.getByText(NEWSLETTER_OK).waitFor();
    // Answered with a 303 to the pre-rendered answer page, which stays on the public origin.
    expect(plain.url()).toBe(publicUrl("/newsletter/subscribed"));
  });

  it("contact form: THANK YOU, the one confirmation", async () => {
    const { page } = await browserPage();
    await visit(page, publicUrl("/contact"));
    await page.getByRole("textbox", { name: "Name", exact: true }).fill("Pria Proxy");
    await page.getByRole("textbox", { name: "Email" }).fill(unique("proxy-contact"));
    await page.getByRole("textbox", { name: "Message" }).fill("Sent through the TLS proxy.");
    await page.getByRole("button", { name: "Send message" }).click();
    const dialog = page.getByRole("dialog", { name: "THANK YOU" });
    await dialog.waitFor();
    await dialog.getByText("Email has been successfully submitted").waitFor();
    await dialog.getByText(CONTACT_OK).waitFor();
    expect(await page.getByText(CONTACT_OK).count()).toBe(1);
  });

  it("Request More Information from /platform: the success text", async () => {
    const { page } = await browserPage();
    await visit(page, publicUrl("/platform"));
    await page.locator('[data-island="request-info"][data-plan="Government"]').getByText("Request More Information").click();
    const dialog = page.getByRole("dialog", { name: "Request More Information" });
    await dialog.waitFor();
    await dialog.getByRole("textbox", { name: "Name", exact: true }).fill("Gil Gateway");
    await dialog.getByRole("textbox", { name: "Email" }).fill(unique("proxy-info"));
    await dialog.getByRole("textbox", { name: "Phone" }).fill("+1 (613) 555-0100");
    await dialog.getByRole("textbox", { name: "Company or service name" }).fill("Proxy County");
    await dialog.getByRole("textbox", { name: "Questions or comments" }).fill("Escort permits behind a proxy?");
    await dialog.getByRole("button", { name: "Send request" }).click();
    await dialog.getByText(INFO_OK).waitFor();
  });
});

describe("the chat's reply streams through the proxy", () => {
  const CHUNKS = ["Escort vehicles ", "are planned ", "with each permit ", "along the whole route."];
  const slowStream = () => ai.script({ kind: "stream", chunks: CHUNKS, delayMs: 700 });
  /** Chunks the fake provider had sent when `check` ran. */
  const sentSoFar = () => ai.requests.at(-1)?.chunkSentAt.length ?? 0;

  it("in Chromium: the first words are on screen before the provider sends the last chunk", async () => {
    const { page } = await browserPage();
    const chat = await openChat(page, origin());
    await introduce(chat, "Pat", "pat@example.com");
    slowStream();
    await chat.say("How will the permit management system work?");
    await chat.waitForAssistant("Escort vehicles");
    const sentWhenShown = sentSoFar();
    expect(sentWhenShown, "chunks the provider had sent when the first one was on screen").toBeGreaterThan(0);
    expect(sentWhenShown).toBeLessThan(CHUNKS.length);
    expect((await chat.assistantTexts()).at(-1)).not.toContain("along the whole route.");
    await chat.waitForAssistant(CHUNKS.join(""));
    await chat.idle();
    expect(sentSoFar()).toBe(CHUNKS.length);
  });

  it("as NDJSON to a Node client: the first delta arrives before the last chunk is sent; its quota is keyed on its own address", async () => {
    const client = "127.0.0.4";
    const forged = "198.51.100.7";
    const options = (cookie?: string): ProxyRequestOptions => ({
      localAddress: client,
      headers: { "x-forwarded-for": forged, ...(cookie ? { cookie } : {}) },
    });
    const session = await get("/api/chat/session?timeZone=Europe%2FParis", options());
    expect(session.status).toBe(200);
    const setCookie = [session.headers["set-cookie"] ?? []].flat();
    const cookie = setCookie.map((c) => c.split(";")[0]).find((c) => c?.startsWith("maxload_session="));
    expect(cookie).toBeDefined();
    const lead = await postJson("/api/chat/lead", { name: "Nia", email: "nia@example.com", timeZone: "Europe/Paris" }, options(cookie));
    expect(lead.status).toBe(200);

    slowStream();
    const events: ReplyEvent[] = [];
    let sentAtFirstDelta: number | undefined;
    const reply = await postJson("/api/chat/messages", { text: "How are escorts planned?", timeZone: "Europe/Paris" }, {
      ...options(cookie),
      onData: ndjsonSplitter<ReplyEvent>((event) => {
        if (event.type === "delta" && sentAtFirstDelta === undefined) sentAtFirstDelta = sentSoFar();
        events.push(event);
      }),
    });
    expect(reply.status).toBe(200);
    expect(reply.headers["content-type"]).toMatch(/application\/x-ndjson/);
    expect(sentAtFirstDelta, "chunks the provider had sent when the first delta reached the client").toBeGreaterThan(0);
    expect(sentAtFirstDelta).toBeLessThan(CHUNKS.length);
    expect(events.filter((e) => e.type === "delta").map((e) => (e.type === "delta" ? e.text : "")).join("")).toBe(CHUNKS.join(""));
    expect(events.at(-1)?.type).toBe("done");

    // The per-IP chat quota counts the address nginx saw, not the forged one.
    const db = new Database(`${theSite().dataDir}/site.db`, { readonly: true });
    const scopes = (db.prepare("SELECT scope FROM chat_counters WHERE scope LIKE 'ip:%'").all() as { scope: string }[]).map((r) => r.scope);
    db.close();
    expect(scopes).toContain(`ip:${client}`);
    expect(scopes).not.toContain(`ip:${forged}`);
    expect(scopes.some((s) => s.includes(forged))).toBe(false);
  });
});

describe("the Origin check behind the proxy", () => {
  it("accepts the public origin only: not the build origin, not plain http, not another site", async () => {
    const from = { localAddress: "127.0.0.6" };
    for (const foreign of ["http://localhost:3000", `http://${theProxy().host}`, "https://evil.example"]) {
      const answer = await postJson("/newsletter", { email: unique("cross") }, { ...from, headers: { origin: foreign } });
      expect(answer.status, `Origin: ${foreign}`).toBe(403);
      expect(JSON.parse(answer.body)).toEqual({ error: "Cross-site requests are not allowed." });
    }
    expect((await postJson("/newsletter", { email: unique("same") }, from)).status).toBe(200);
  });

  it("without Origin: refuses a browser's Sec-Fetch-Site other than same-origin, accepts a client that sends none", async () => {
    const from = { localAddress: "127.0.0.7" };
    const post = (headers: Record<string, string>) =>
      proxyRequest(theProxy(), "/newsletter", { ...from, method: "POST", body: JSON.stringify({ email: unique("fetch-site") }), headers: { "content-type": "application/json", ...headers } });
    for (const fetchSite of ["cross-site", "same-site", "none"]) {
      const answer = await post({ "sec-fetch-site": fetchSite });
      expect(answer.status, `Sec-Fetch-Site: ${fetchSite}`).toBe(403);
      expect(JSON.parse(answer.body)).toEqual({ error: "Cross-site requests are not allowed." });
    }
    expect((await post({})).status).toBe(200);
  });
});

describe("mail links behind the proxy", () => {
  it("a sign-in link asked for with a forged Host is on the public origin", async () => {
    const answer = await proxyRequest(theProxy(), "/team/sign-in", {
      localAddress: "127.0.0.8",
      method: "POST",
      body: new URLSearchParams({ email: "team@example.com" }).toString(),
      headers: { host: "evil.test", origin: origin(), "content-type": "application/x-www-form-urlencoded" },
    });
    expect(answer.status).toBe(200);
    const dir = join(theSite().dataDir, "mail");
    const signInMail = () =>
      (existsSync(dir) ? readdirSync(dir).filter((file) => file.endsWith(".eml")) : [])
        .map((file) => readFileSync(join(dir, file), "utf8"))
        .find((text) => /^Subject: Your sign-in link/m.test(text));
    await expect.poll(signInMail, { timeout: 15_000 }).toBeDefined();
    const { text = "" } = await simpleParser(signInMail()!);
    const links = [...text.matchAll(/https?:\/\/\S+/g)].map((match) => match[0]);
    expect(links).toEqual([expect.stringMatching(/\/team\/sign-in\/link\?token=[\w-]{43}$/)]);
    expect(new URL(links[0]!).origin).toBe(origin());
  });
});

describe("per-client limits behind the proxy", () => {
  it("key on the address nginx reports: forged X-Forwarded-For does not reset the count, another client still gets through", async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= POST_LIMIT; i++) {
      const answer = await postJson("/newsletter", { email: unique(`burst${i}`) }, { localAddress: "127.0.0.2", headers: { "x-forwarded-for": `203.0.113.${i}` } });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual(Array<number>(POST_LIMIT).fill(200));

    const refused = await postJson("/newsletter", { email: unique("burst-over") }, { localAddress: "127.0.0.2", headers: { "x-forwarded-for": "203.0.113.250" } });
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.body)).toEqual({ error: "Too many requests. Please wait a minute and try again." });
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(refused.headers["strict-transport-security"]).toMatch(/max-age=/);

    // Another client, even one claiming to be the limited one, is answered.
    const other = await postJson("/newsletter", { email: unique("other") }, { localAddress: "127.0.0.3", headers: { "x-forwarded-for": "127.0.0.2" } });
    expect(other.status).toBe(200);

    // What nginx reported: the real source address, the forged value before it. (nginx writes
    // the line once the answer is sent, so it may land just after the client has read it.)
    const posts = () => theProxy().accessLog().filter((line) => line.includes("POST /newsletter"));
    await expect.poll(() => posts().filter((line) => line.startsWith('127.0.0.2 "203.0.113.')).length).toBe(POST_LIMIT + 1);
    await expect.poll(() => posts().some((line) => line.startsWith('127.0.0.3 "127.0.0.2"'))).toBe(true);
  });
});

describe("the server's timeouts behind the proxy", () => {
  it("a body sent more slowly than the server's request timeout is buffered by nginx and answered once whole", async () => {
    const body = JSON.stringify({ email: unique("slow") });
    const tcp = net.connect({ host: "127.0.0.1", port: theProxy().port, localAddress: "127.0.0.7" });
    const socket = tls.connect({ socket: tcp, servername: theProxy().hostname, ca: theProxy().certificate.cert });
    let received = "";
    socket.setEncoding("latin1").on("data", (chunk: string) => (received += chunk));
    const ended = new Promise<void>((resolve, reject) => socket.once("close", () => resolve()).once("error", reject));
    await new Promise<void>((resolve) => socket.once("secureConnect", () => resolve()));
    socket.write(`POST /newsletter HTTP/1.1\r\nHost: ${theProxy().host}\r\nOrigin: ${origin()}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body.slice(0, 9)}`);
    // Slower than the server's timeout, as the server counts it: once nginx has answered a request
    // begun after ours (it has read ours by then), one begun later still, sent straight to the
    // server and as incomplete, is answered 408.
    expect((await get("/healthz", { localAddress: "127.0.0.9" })).status).toBe(200);
    const direct = await RawConnection.open(Number(new URL(theSite().url).port));
    direct.write(`POST /newsletter HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 9)}`);
    const timedOut = await direct.end(REQUEST_TIMEOUT_MS * 5);
    direct.destroy();
    expect(timedOut.unread).toMatch(/^HTTP\/1\.1 408 /);
    expect(received).toBe("");
    socket.write(body.slice(9));
    await ended;
    expect(received).toMatch(/^HTTP\/1\.1 200 /);
  });

  it("case-variant and encoded /team paths keep no-store and noindex through nginx", async () => {
    for (const path of ["/TEAM", "/Team/Mail", "/%74eam/mail", "/TEAM.data", "/TEAM/export?format=csv"]) {
      const answer = await get(path, { localAddress: "127.0.0.8" });
      expect(answer.status, path).not.toBe(200);
      expect(answer.headers["cache-control"], path).toBe("no-store");
      expect(answer.headers["x-robots-tag"], path).toBe("noindex, nofollow");
    }
  });
});
