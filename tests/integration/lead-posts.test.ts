/**
 * The lead forms' JSON posts go through the app's one middleware chain (server/app.ts) like every
 * other request: the same request sent with a plain path and with an absolute-form target
 * (`POST http://host/newsletter`) must get the same answer, compared whole, headers included,
 * with the security headers, the rate limit's headers and an access log line.
 */
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSite, type Site } from "../support/site-server";

let site: Site;
let host: string;
beforeAll(async () => {
  site = await startSite({ env: { RATE_LIMIT_POST_PER_MINUTE: "1000" } });
  host = new URL(site.url).host;
});
afterAll(async () => {
  await site?.stop();
});

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** One HTTP/1.1 request on its own connection, written byte for byte. */
function rawRequest(target: string, headers: Record<string, string>, body: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(new URL(site.url).port), "127.0.0.1");
    const lines = [`POST ${target} HTTP/1.1`, ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`), "Connection: close", "", body];
    socket.on("connect", () => socket.write(lines.join("\r\n")));
    let text = "";
    socket.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
    // A server that refuses a body before reading it (413) may reset the connection while the
    // body is still being written: the answer already read is the one to check.
    socket.on("error", (error) => (text ? undefined : reject(error)));
    socket.on("close", () => {
      const [head = "", ...rest] = text.split("\r\n\r\n");
      const [statusLine = "", ...headerLines] = head.split("\r\n");
      const answerHeaders: Record<string, string> = {};
      for (const line of headerLines) {
        const colon = line.indexOf(":");
        answerHeaders[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({ status: Number(statusLine.split(" ")[1]), headers: answerHeaders, body: rest.join("\r\n\r\n") });
    });
  });
}

/** The answer without what differs from one answer to the next. */
function comparable({ status, headers, body }: RawAnswer) {
  // Each answer has its own date, remaining allowance and request id (a UUID unless a trusted proxy gave one).
  const { date: _date, "ratelimit-remaining": _remaining, "x-request-id": requestId, ...rest } = headers;
  return { status, headers: { ...rest, "x-request-id": typeof requestId === "string" && /^[0-9a-f-]{36}$/.test(requestId) ? "a UUID" : requestId }, body };
}

const json = (value: unknown) => JSON.stringify(value);
let n = 0;
const unique = () => `lane-${Date.now()}-${n++}@example.com`;

describe("lead JSON posts: the direct lane answers as Express does", () => {
  const cases: { name: string; headers?: Record<string, string>; body: () => string; path?: string; status: number }[] = [
    { name: "a sign-up", body: () => json({ email: unique() }), status: 200 },
    { name: "an invalid address", body: () => json({ email: "not-an-address" }), status: 400 },
    { name: "malformed JSON", body: () => "{not json", status: 400 },
    { name: "a JSON body that is not an object", body: () => '"text"', status: 400 },
    { name: "a cross-site Origin", headers: { origin: "https://elsewhere.example" }, body: () => json({ email: unique() }), status: 403 },
    { name: "a cross-site fetch without Origin", headers: { "sec-fetch-site": "cross-site" }, body: () => json({ email: unique() }), status: 403 },
    { name: "a contact message missing its fields", path: "/contact", body: () => json({ name: "A" }), status: 400 },
    { name: "forged proxy headers (no TRUST_PROXY)", headers: { "x-forwarded-proto": "https", "x-forwarded-for": "203.0.113.9" }, body: () => json({ email: unique() }), status: 200 },
  ];
  for (const { name, headers = {}, body, path = "/newsletter", status } of cases) {
    it(`${name}: ${status}`, async () => {
      const send = (target: string) => {
        const text = body();
        return rawRequest(target, { Host: host, "Content-Type": "application/json", "Content-Length": String(Buffer.byteLength(text)), ...headers }, text);
      };
      const direct = await send(path);
      const viaExpress = await send(`http://${host}${path}`);
      expect(direct.status).toBe(status);
      expect(comparable(direct)).toEqual(comparable(viaExpress));
      expect(direct.headers["x-content-type-options"]).toBe("nosniff");
      expect(direct.headers["strict-transport-security"], "no HSTS over plain HTTP, whatever X-Forwarded-Proto says").toBeUndefined();
      if (status !== 403) expect(direct.headers["ratelimit-limit"]).toBe("1000");
    });
  }

  it("a body over 32 KB (413), a chunked body (411), a bad Host (400): the same answers", async () => {
    const big = json({ email: unique(), page: "/".padEnd(40_000, "x") });
    for (const [headers, status] of [
      [{ Host: host, "Content-Type": "application/json", "Content-Length": String(big.length) }, 413],
      [{ Host: host, "Content-Type": "application/json", "Transfer-Encoding": "chunked" }, 411],
      [{ Host: "bad_host!", "Content-Type": "application/json", "Content-Length": "2" }, 400],
    ] as const) {
      const body = headers["Content-Length"] === "2" ? "{}" : headers["Transfer-Encoding"] ? "0\r\n\r\n" : big;
      const direct = await rawRequest("/newsletter", headers, body);
      const viaExpress = await rawRequest(`http://${headers.Host === host ? host : "127.0.0.1"}/newsletter`, headers, body);
      expect(direct.status).toBe(status);
      expect(comparable(direct)).toEqual(comparable(viaExpress));
    }
  });

  it("every direct answer has its access log line", async () => {
    const email = unique();
    const answer = await rawRequest("/newsletter?from=test", { Host: host, "Content-Type": "application/json", "Content-Length": String(json({ email }).length) }, json({ email }));
    expect(answer.status).toBe(200);
    const line = await site.waitForLog((entry) => entry.msg === "request" && entry.url === "/newsletter?from=test");
    expect(line).toMatchObject({ method: "POST", status: 200 });
    expect(typeof line.ms).toBe("number");
  });
});
