/**
 * The HTTP server's own limits on a connection, with no proxy in front: a client that sends its
 * headers or its body slowly, or keeps an idle connection, is answered 408 or closed within the
 * configured time (small values here so the checks stay quick; the bounds are generous), and a
 * chat answer that streams longer than the request timeout is not cut.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { chatVisitor } from "../support/chat-client";
import { type FakeOpenAI, startFakeOpenAI } from "../support/fake-openai";
import { RawConnection } from "../support/raw-http";
import { type Site, startSite } from "../support/site-server";

const HEADERS_TIMEOUT_MS = 1_000;
const REQUEST_TIMEOUT_MS = 2_000;
const KEEP_ALIVE_TIMEOUT_MS = 1_000;
/** Far below Node's defaults (300 s for a request, 60 s for headers plus a 30 s check interval, 5 s idle) and far above the limits. */
const BOUND_MS = 8_000;

let ai: FakeOpenAI;
let site: Site;
let port: number;

beforeAll(async () => {
  ai = await startFakeOpenAI();
  site = await startSite({
    env: {
      HTTP_HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS),
      HTTP_REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
      HTTP_KEEP_ALIVE_TIMEOUT_MS: String(KEEP_ALIVE_TIMEOUT_MS),
      AI_API_KEY: "test-key",
      AI_BASE_URL: ai.url,
      AI_MODEL: "test-model",
      AI_TIMEOUT_MS: "5000",
      RATE_LIMIT_POST_PER_MINUTE: "10000",
    },
  });
  port = Number(new URL(site.url).port);
});
afterAll(async () => {
  await site?.stop();
  await ai?.close();
});

it("answers 408 and closes a connection whose body stops short of its Content-Length", async () => {
  const conn = await RawConnection.open(port);
  conn.write(`POST /newsletter HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"email":`);
  const end = await conn.end(BOUND_MS);
  conn.destroy();
  expect(end.state).not.toBe("open");
  expect(end.unread).toMatch(/^HTTP\/1\.1 408 /);
});

it("answers 408 and closes a connection whose headers trickle in", async () => {
  const conn = await RawConnection.open(port);
  conn.write("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n");
  // A header line every 200 ms: the connection is never idle, the headers never end.
  const trickle = setInterval(() => conn.write("X-Slow: 1\r\n"), 200);
  const end = await conn.end(BOUND_MS);
  clearInterval(trickle);
  conn.destroy();
  expect(end.state).not.toBe("open");
  expect(end.unread).toMatch(/^HTTP\/1\.1 408 /);
});

it("closes an idle keep-alive connection after its timeout", async () => {
  const conn = await RawConnection.open(port);
  conn.write("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
  const answer = await conn.readResponse();
  expect(answer.status).toBe(200);
  expect(answer.keepAlive).toBe(true);
  expect(answer.headers["keep-alive"]).toBe(`timeout=${KEEP_ALIVE_TIMEOUT_MS / 1000}`);
  const end = await conn.end(BOUND_MS);
  conn.destroy();
  expect(end.state).not.toBe("open");
});

it("lets a chat answer stream for longer than the request timeout", async () => {
  const chunks = ["Permits ", "depend ", "on ", "the ", "route."];
  const delayMs = 600; // 2.4 s from the first chunk to the last, above REQUEST_TIMEOUT_MS
  ai.script({ kind: "stream", chunks, delayMs });
  const visitor = chatVisitor(site.url);
  await visitor.session();
  expect((await visitor.lead("Ada", "ada@example.com")).status).toBe(200);
  const reply = await visitor.send("Which permits do I need?");
  expect(reply.status).toBe(200);
  expect(reply.final?.type).toBe("done");
  expect(reply.text).toBe(chunks.join(""));
  expect(reply.deltaReceivedAt.at(-1)! - reply.deltaReceivedAt[0]!).toBeGreaterThan(REQUEST_TIMEOUT_MS);
});
