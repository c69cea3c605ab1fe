/**
 * Answers the server sends before it has read the request body (413 and 411 from the
 * body limit, 403 from the Origin check, 429 from the rate limit, 400 for a bad Host, 415 from a
 * form route) must leave a keep-alive connection usable, as a proxy that reuses its upstream
 * connections (nginx with `keepalive`, tests/support/tls-proxy.ts) and Node's own fetch do:
 * an answer that does not say `Connection: close` promises that the next request on the same
 * connection is answered, so the unread body must be read and dropped; an answer that says
 * `Connection: close` must end the connection cleanly (FIN, no reset that could destroy the
 * answer before the client reads it). Either way the client sees every answer.
 */
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RawConnection, type RawResponse } from "../support/raw-http";
import { startSite, type Site } from "../support/site-server";
import { freePort } from "../support/ports";
import { proxyRequest, startTlsProxy } from "../support/tls-proxy";

const BIG = 40_000; // over the 32 KB limit, under nginx's default client_max_body_size (1 MB)
const HEALTH = "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";

interface EarlyCase {
  name: string;
  /** "limited": the site whose POST budget is already spent. */
  site?: "limited";
  head: string;
  body: string;
  status: number;
  message: RegExp;
}

const post = (path: string, headers: Record<string, string>) =>
  `POST ${path} HTTP/1.1\r\n${Object.entries({ host: "127.0.0.1", ...headers })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join("")}\r\n`;
/** A JSON body of exactly `length` bytes. */
const json = (length: number) => JSON.stringify({ email: "a".repeat(length - 12) });

const CASES: EarlyCase[] = [
  {
    name: "413, body over 32 KB",
    head: post("/newsletter", { "content-type": "application/json", "content-length": String(BIG) }),
    body: json(BIG),
    status: 413,
    message: /too large/,
  },
  {
    name: "411, chunked body without a length",
    head: post("/newsletter", { "content-type": "application/json", "transfer-encoding": "chunked" }),
    body: `${(2000).toString(16)}\r\n${"b".repeat(2000)}\r\n0\r\n\r\n`,
    status: 411,
    message: /Content-Length is required/,
  },
  {
    name: "403, cross-site post",
    head: post("/contact", { "content-type": "application/json", origin: "https://evil.example", "content-length": "2000" }),
    body: json(2000),
    status: 403,
    message: /Cross-site/,
  },
  {
    name: "415, unsupported content type on a form route",
    head: post("/newsletter", { "content-type": "text/plain", "content-length": "2000" }),
    body: "c".repeat(2000),
    status: 415,
    message: /Unsupported content type/,
  },
  {
    name: "400, Host that is not a host name",
    head: post("/newsletter", { host: "not_a_host!", "content-type": "application/json", "content-length": "2000" }),
    body: json(2000),
    status: 400,
    message: /Host header/,
  },
  {
    name: "429, POST budget spent",
    site: "limited",
    head: post("/newsletter", { "content-type": "application/json", "content-length": "2000" }),
    body: json(2000),
    status: 429,
    message: /Too many requests/,
  },
];

let site: Site;
let limited: Site;
beforeAll(async () => {
  [site, limited] = await Promise.all([
    startSite({ env: { RATE_LIMIT_POST_PER_MINUTE: "100000" } }),
    startSite({ env: { RATE_LIMIT_POST_PER_MINUTE: "1" } }),
  ]);
  const spend = await fetch(`${limited.url}/newsletter`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
  expect(spend.status).toBe(400);
});
afterAll(async () => {
  await Promise.all([site?.stop(), limited?.stop()]);
});

const portOf = (s: Site) => Number(new URL(s.url).port);

/** After an early answer: the next request on the same connection is answered, or the connection ends cleanly and a new one is. */
async function expectNextRequestAnswered(conn: RawConnection, first: RawResponse, port: number) {
  if (first.keepAlive) {
    conn.write(HEALTH);
    const second = await conn.readResponse();
    expect(second.status, "the next request on the kept-alive connection").toBe(200);
    expect(JSON.parse(second.body)).toMatchObject({ status: "ok" });
    return;
  }
  const { state, unread } = await conn.end();
  expect(state, "a connection the server said it would close ends with a FIN, not a reset").toBe("closed");
  expect(unread).toBe("");
  const retry = await RawConnection.open(port);
  try {
    retry.write(HEALTH);
    expect((await retry.readResponse()).status).toBe(200);
  } finally {
    retry.destroy();
  }
}

describe.each(CASES)("$name", (c) => {
  const target = () => (c.site === "limited" ? limited : site);

  it("answered before the body is sent (a client waiting for it): the connection stays usable", async () => {
    const conn = await RawConnection.open(portOf(target()));
    try {
      conn.write(c.head);
      const first = await conn.readResponse();
      expect(first.status).toBe(c.status);
      expect(first.body).toMatch(c.message);
      // A client that was told the connection stays open goes on with the body it announced.
      if (first.keepAlive) conn.write(c.body);
      await expectNextRequestAnswered(conn, first, portOf(target()));
    } finally {
      conn.destroy();
    }
  });

  it("body sent with the request, the next request right behind it (as a proxy forwards a buffered body)", async () => {
    const conn = await RawConnection.open(portOf(target()));
    try {
      conn.write(c.head + c.body + HEALTH);
      const first = await conn.readResponse();
      expect(first.status).toBe(c.status);
      expect(first.body).toMatch(c.message);
      if (first.keepAlive) {
        const second = await conn.readResponse();
        expect(second.status, "the request pipelined behind the body").toBe(200);
      } else {
        const { state } = await conn.end();
        expect(state).toBe("closed");
      }
    } finally {
      conn.destroy();
    }
  });
});

it("Node's own clients (fetch and a keep-alive http.Agent) get every answer when 413s and reads share connections", async () => {
  const big = JSON.stringify({ email: "x".repeat(BIG) });
  const send = (i: number) =>
    i % 2 === 0
      ? fetch(`${site.url}/newsletter`, { method: "POST", headers: { "content-type": "application/json" }, body: big }).then(async (r) => [r.status, await r.text()] as const)
      : fetch(`${site.url}/healthz`).then(async (r) => [r.status, await r.text()] as const);
  for (let round = 0; round < 3; round++) {
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => send(i)));
    expect(answers.map(([status]) => status)).toEqual(Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? 413 : 200)));
  }

  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const request = (method: string, path: string, body?: string) =>
    new Promise<{ status: number }>((resolve, reject) => {
      const req = http.request(
        `${site.url}${path}`,
        { method, agent, headers: body === undefined ? {} : { "content-type": "application/json", "content-length": String(Buffer.byteLength(body)) } },
        (res) => {
          res.resume();
          res.on("end", () => resolve({ status: res.statusCode ?? 0 }));
          res.on("error", reject);
        },
      );
      req.on("error", reject);
      req.end(body);
    });
  try {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await request("POST", "/newsletter", big)).status);
      statuses.push((await request("GET", "/healthz")).status);
    }
    expect(statuses).toEqual([413, 200, 413, 200, 413, 200, 413, 200, 413, 200, 413, 200]);
  } finally {
    agent.destroy();
  }
});

it("behind nginx with upstream keepalive: 413s from the server leave the reused upstream connections working", async () => {
  const upstreamPort = await freePort();
  const proxy = await startTlsProxy({ upstreamPort });
  const proxied = await startSite({ env: { PORT: String(upstreamPort), PUBLIC_SITE_URL: proxy.origin, TRUST_PROXY: "1", RATE_LIMIT_POST_PER_MINUTE: "100000" } });
  try {
    const big = JSON.stringify({ email: "x".repeat(BIG) });
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const refused = await proxyRequest(proxy, "/newsletter", { method: "POST", body: big, headers: { origin: proxy.origin, "content-type": "application/json" } });
      statuses.push(refused.status);
      expect(JSON.parse(refused.body)).toEqual({ error: "The request is too large (32 KB at most)." });
      statuses.push((await proxyRequest(proxy, "/healthz")).status);
    }
    expect(statuses).toEqual(Array.from({ length: 16 }, (_, i) => (i % 2 === 0 ? 413 : 200)));
    expect(proxy.errorLog()).not.toMatch(/upstream prematurely closed|reset by peer|\[error\]/);
    // Every answer came from the server (no 502 made by nginx), each logged once.
    await expect.poll(() => proxied.jsonLogs().filter((line) => line.msg === "request").length).toBeGreaterThanOrEqual(16);
  } finally {
    await proxied.stop();
    await proxy.stop();
  }
});
