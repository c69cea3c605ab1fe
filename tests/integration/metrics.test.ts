/**
 * /metrics on the production server as an operator's Prometheus meets it: refused from outside
 * METRICS_ALLOW and to a request a proxy relayed, open with the bearer token; after a scripted mix
 * of requests the counters hold exactly those counts, and no label value holds an address. And
 * each response's X-Request-Id, carried by its access log line.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatVisitor } from "../support/chat-client";
import { type FakeOpenAI, startFakeOpenAI } from "../support/fake-openai";
import { type Site, startSite } from "../support/site-server";
import { freePort } from "../support/ports";
import { proxyRequest, startTlsProxy, type TlsProxy } from "../support/tls-proxy";
import { postJson, until } from "./leads-helpers";

const TOKEN = "metrics-token-for-the-integration-test-0123456789";
const env = { RATE_LIMIT_POST_PER_MINUTE: "10000", CHAT_DAILY_LIMIT_PER_IP: "10000", METRICS_TOKEN: TOKEN };

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The text exposition format, its samples (comments and blank lines skipped). */
function parseExposition(text: string): Sample[] {
  return text
    .split("\n")
    .filter((line) => line !== "" && !line.startsWith("#"))
    .map((line) => {
      const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`not an exposition line: ${line}`);
      const labels: Record<string, string> = {};
      for (const [, name, value] of (match[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[name!] = value!;
      return { name: match[1]!, labels, value: Number(match[3]) };
    });
}

const value = (samples: Sample[], name: string, labels: Record<string, string> = {}): number | undefined =>
  samples.find((sample) => sample.name === name && Object.entries(labels).every(([key, wanted]) => sample.labels[key] === wanted))?.value;

async function scrape(site: Site, headers: Record<string, string> = {}): Promise<Sample[]> {
  const response = await fetch(`${site.url}/metrics`, { headers });
  expect(response.status).toBe(200);
  expect(response.headers.get("cache-control")).toBe("no-store");
  return parseExposition(await response.text());
}

describe("outside the allow-list, without a trusted proxy", () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite({ env: { ...env, METRICS_ALLOW: "192.0.2.1" } });
  });
  afterAll(async () => {
    await site?.stop();
  });

  it("gets the 404 of a path that does not exist, unless it brings the token", async () => {
    const attempts: Record<string, string>[] = [{}, { authorization: `Bearer ${TOKEN}x` }, { authorization: "Bearer " }, { authorization: TOKEN }];
    for (const headers of attempts) {
      const refused = await fetch(`${site.url}/metrics`, { headers });
      expect(refused.status).toBe(404);
      const body = await refused.text();
      expect(body).not.toContain("heavyroute_");
      expect(body).not.toContain("nodejs_");
    }
    const samples = await scrape(site, { authorization: `Bearer ${TOKEN}` });
    expect(value(samples, "nodejs_eventloop_lag_seconds")).toBeGreaterThanOrEqual(0);
  });

  it("ignores a client's own X-Request-Id", async () => {
    const answer = await fetch(`${site.url}/healthz`, { headers: { "x-request-id": "chosen-by-the-client" } });
    expect(answer.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe("from loopback (the default METRICS_ALLOW)", () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite({ env: { ...env, TRUST_PROXY: "loopback" } });
  });
  afterAll(async () => {
    await site?.stop();
  });

  it("refuses a request a proxy relayed (it is the proxy's client asking)", async () => {
    expect((await fetch(`${site.url}/metrics`, { headers: { "x-forwarded-for": "127.0.0.1" } })).status).toBe(404);
    expect((await fetch(`${site.url}/metrics`, { headers: { forwarded: "for=127.0.0.1" } })).status).toBe(404);
  });

  it("counts exactly the requests made, by route pattern and status class, with no address in any label", async () => {
    const gets = 7;
    for (let i = 0; i < gets; i++) expect((await fetch(`${site.url}/`)).status).toBe(200);
    const signUps = ["ada@example.com", "bob@example.com", "cy@example.com"];
    for (const email of signUps) expect((await postJson(`${site.url}/newsletter`, { email, page: "/" })).status).toBe(200);
    expect((await postJson(`${site.url}/newsletter`, { email: "ada@example.com", page: "/" })).status).toBe(409);
    for (const email of ["not-an-address", "x@"]) expect((await postJson(`${site.url}/newsletter`, { email, page: "/" })).status).toBe(400);
    const visitor = chatVisitor(site.url);
    await visitor.session();
    expect((await visitor.lead("Dee", "dee@example.com")).status).toBe(200);
    const answer = await visitor.send("How will the permit management system work?");
    expect(answer.final).toMatchObject({ type: "done", source: "knowledge-base" });

    const samples = await scrape(site);
    const requests = (route: string, method: string, status: string) => value(samples, "heavyroute_http_request_duration_seconds_count", { route, method, status });
    expect(requests("/", "GET", "2xx")).toBe(gets);
    expect(requests("/newsletter", "POST", "2xx")).toBe(signUps.length);
    expect(requests("/newsletter", "POST", "4xx")).toBe(3);
    expect(requests("/api/chat/messages", "POST", "2xx")).toBe(1);
    expect(value(samples, "heavyroute_chat_answers_total", { source: "knowledge-base" })).toBe(1);
    expect(value(samples, "heavyroute_chat_answers_total", { source: "provider" })).toBe(0);
    expect(value(samples, "heavyroute_limit_refusals_total", { limit: "post" })).toBe(0);
    expect(value(samples, "heavyroute_leads", { kind: "newsletter" })).toBe(signUps.length);
    expect(value(samples, "heavyroute_leads", { kind: "chat" })).toBe(1);
    expect(value(samples, "heavyroute_leads", { kind: "contact" })).toBe(0);
    expect(value(samples, "nodejs_eventloop_lag_seconds")).toBeGreaterThanOrEqual(0);
    // The three welcome mails and three notices to the team, written to files (no SMTP_URL).
    let mailed: Sample[] = [];
    await until(async () => {
      mailed = await scrape(site);
      return value(mailed, "heavyroute_outbox_mails", { state: "pending" }) === 0;
    });
    expect(value(mailed, "heavyroute_mails_total", { outcome: "sent" })).toBe(2 * signUps.length);
    expect(value(mailed, "heavyroute_outbox_oldest_pending_age_seconds")).toBe(0);

    for (const sample of [...samples, ...mailed]) {
      for (const label of Object.values(sample.labels)) expect(label).not.toMatch(/@|%40/);
    }
    // The scrapes themselves are counted too, under their own pattern, never as the page path of a 404.
    expect(value(await scrape(site), "heavyroute_http_request_duration_seconds_count", { route: "/metrics", method: "GET", status: "2xx" })).toBeGreaterThanOrEqual(2);
  });

  it("gives every response an X-Request-Id that its access log line carries: the proxy's when it is trusted and plain, else its own", async () => {
    const own = await fetch(`${site.url}/healthz`);
    const made = own.headers.get("x-request-id");
    expect(made).toMatch(/^[0-9a-f-]{36}$/);
    const line = await site.waitForLog((entry) => entry.msg === "request" && entry.reqId === made);
    expect(line).toMatchObject({ url: "/healthz", status: 200 });

    const proxied = await fetch(`${site.url}/healthz`, { headers: { "x-request-id": "a3f9c2d4e5b6a7980123456789abcdef" } });
    expect(proxied.headers.get("x-request-id")).toBe("a3f9c2d4e5b6a7980123456789abcdef");
    await site.waitForLog((entry) => entry.msg === "request" && entry.reqId === "a3f9c2d4e5b6a7980123456789abcdef");

    const strange = await fetch(`${site.url}/healthz`, { headers: { "x-request-id": "ivy@example.com <script>" } });
    expect(strange.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(site.logs().join("\n")).not.toContain("ivy@example.com");
  });
});

describe("behind nginx (connections from loopback, TRUST_PROXY=1)", () => {
  let site: Site;
  let proxy: TlsProxy;
  beforeAll(async () => {
    const port = await freePort();
    proxy = await startTlsProxy({ upstreamPort: port });
    site = await startSite({ env: { ...env, PORT: String(port), PUBLIC_SITE_URL: proxy.origin, TRUST_PROXY: "1" } });
  });
  afterAll(async () => {
    await site?.stop();
    await proxy?.stop();
  });

  it("refuses the public through the proxy, answers the token through it and loopback on the server's own port", async () => {
    const refused = await proxyRequest(proxy, "/metrics");
    expect(refused.status).toBe(404);
    expect(refused.body).not.toContain("heavyroute_");
    expect((await proxyRequest(proxy, "/metrics", { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(200);
    expect(value(await scrape(site), "heavyroute_http_request_duration_seconds_count", { route: "/metrics", method: "GET", status: "2xx" })).toBe(1);
  });
});

describe("with an AI provider", () => {
  let site: Site;
  let ai: FakeOpenAI;
  beforeAll(async () => {
    ai = await startFakeOpenAI();
    site = await startSite({ env: { ...env, AI_API_KEY: "test-key", AI_BASE_URL: ai.url } });
  });
  afterAll(async () => {
    await site?.stop();
    await ai?.close();
  });

  it("counts provider requests by result, the tokens it reports, and answers by source", async () => {
    ai.script({ kind: "answer", text: "Permits, routes and loads.", usage: { prompt_tokens: 120, completion_tokens: 9 } }, { kind: "error", status: 503 });
    const visitor = chatVisitor(site.url);
    await visitor.session();
    expect((await visitor.lead("Eve", "eve@example.com")).status).toBe(200);
    expect((await visitor.send("What does the platform do?")).final).toMatchObject({ type: "done", source: "ai" });
    expect((await visitor.send("And the training?")).final).toMatchObject({ type: "error" });

    const samples = await scrape(site);
    expect(value(samples, "heavyroute_ai_provider_requests_total", { result: "ok" })).toBe(1);
    expect(value(samples, "heavyroute_ai_provider_requests_total", { result: "server" })).toBe(1);
    expect(value(samples, "heavyroute_ai_provider_request_duration_seconds_count", { result: "ok" })).toBe(1);
    expect(value(samples, "heavyroute_ai_provider_tokens_total", { type: "prompt" })).toBe(120);
    expect(value(samples, "heavyroute_ai_provider_tokens_total", { type: "completion" })).toBe(9);
    expect(value(samples, "heavyroute_chat_answers_total", { source: "provider" })).toBe(1);
    expect(value(samples, "heavyroute_chat_answers_total", { source: "failed" })).toBe(1);
    expect(value(samples, "heavyroute_chat_answers_total", { source: "knowledge-base" })).toBe(0);
  });

  it("puts a request's id on every line logged while answering it, not only on its access line", async () => {
    ai.script({ kind: "error", status: 503 });
    const visitor = chatVisitor(site.url);
    await visitor.session();
    await visitor.lead("Ivo", "ivo@example.com");
    const failed = await visitor.send("Which permits for a 5 m wide load?");
    expect(failed.final).toMatchObject({ type: "error" });
    const reqId = failed.headers.get("x-request-id");
    expect(reqId).toMatch(/^[0-9a-f-]{36}$/);
    await site.waitForLog((entry) => entry.msg === "request" && entry.reqId === reqId);
    const lines = site.jsonLogs();
    expect(lines.find((line) => line.msg === "AI provider request failed" && line.reqId === reqId)).toBeDefined();
    // A line logged outside any request carries no id.
    expect(lines.find((line) => line.msg === "mail worker started")).not.toHaveProperty("reqId");
  });
});
