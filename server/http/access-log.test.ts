import http from "node:http";
import type { AddressInfo } from "node:net";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { until } from "../../tests/support/until";
import { loggedUrl, logRequest } from "./access-log";

describe("the access log's URL", () => {
  it("keeps a URL without a query as it is", () => {
    expect(loggedUrl("/team/mail")).toBe("/team/mail");
  });

  it("redacts tokens, addresses and searches by name, and anything holding an address by shape", () => {
    expect(loggedUrl("/team/sign-in/link?token=abc")).toBe("/team/sign-in/link?token=[redacted]");
    expect(loggedUrl("/unsubscribe?TOKEN=abc&x=1")).toBe("/unsubscribe?TOKEN=[redacted]&x=1");
    expect(loggedUrl("/team/people.data?email=ivy%40example.com")).toBe("/team/people.data?email=[redacted]");
    expect(loggedUrl("/team/sign-in?next=%2Fteam%2Fpeople%3Femail%3Divy%40example.com")).toBe("/team/sign-in?next=[redacted]");
    expect(loggedUrl("/team?q=Ivy&kind=contact&after=")).toBe("/team?q=[redacted]&kind=contact&after=");
    expect(loggedUrl("/x?ivy@example.com")).toBe("/x?[redacted]");
  });
});

describe("the access log's level", () => {
  /** The line each request logs (pino's levels: 20 debug, 30 info). */
  async function loggedLines(quiet: boolean, requests: { method: string; path: string }[]): Promise<{ level: number; method: string; url: string; status: number }[]> {
    const lines: string[] = [];
    const logger = pino({ level: "trace", base: undefined }, { write: (line: string) => void lines.push(line) });
    const server = http.createServer((req, res) => {
      logRequest(logger, req, res, "test-request", quiet);
      res.statusCode = req.url === "/missing" ? 404 : 200;
      res.end("ok");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    try {
      for (const { method, path } of requests) await (await fetch(`http://127.0.0.1:${port}${path}`, { method })).text();
      await until(() => lines.length === requests.length);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    return lines.map((line) => JSON.parse(line) as { level: number; method: string; url: string; status: number });
  }
  const REQUESTS = [
    { method: "GET", path: "/" },
    { method: "POST", path: "/newsletter" },
    { method: "GET", path: "/missing" },
  ];

  it("is info for every request in production", async () => {
    expect(Object.fromEntries((await loggedLines(false, REQUESTS)).map(({ level, url }) => [url, level]))).toEqual({ "/": 30, "/newsletter": 30, "/missing": 30 });
  });

  it("is debug in development for a page or module fetched without error; a form post or an error stays info", async () => {
    expect(Object.fromEntries((await loggedLines(true, REQUESTS)).map(({ level, url }) => [url, level]))).toEqual({ "/": 20, "/newsletter": 30, "/missing": 30 });
  });
});
