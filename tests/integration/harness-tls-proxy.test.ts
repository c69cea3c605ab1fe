/**
 * The TLS proxy harness (tests/support/tls-proxy.ts) against a small upstream that echoes what it
 * receives: forwarded headers, keepalive to the upstream, the port fallback, the clean stop.
 */
import { existsSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, it } from "vitest";
import { freePort } from "../support/ports";
import { proxyRequest, PUBLIC_HOSTNAME, servedFingerprint, startTlsProxy } from "../support/tls-proxy";

interface Seen {
  headers: http.IncomingHttpHeaders;
  remote: string | undefined;
}

async function echoUpstream() {
  const seen: Seen[] = [];
  let connections = 0;
  const server = http.createServer((req, res) => {
    seen.push({ headers: req.headers, remote: req.socket.remoteAddress });
    res.setHeader("content-type", "application/json");
    res.end(JSON.stringify({ path: req.url }));
  });
  server.on("connection", () => connections++);
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    seen,
    connections: () => connections,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

it("forwards Host, X-Forwarded-For and -Proto over reused upstream connections; falls back to a free port; stops cleanly", async () => {
  const upstream = await echoUpstream();
  const first = await startTlsProxy({ upstreamPort: upstream.port });
  try {
    expect(first.hostname).toBe(PUBLIC_HOSTNAME);
    expect(first.origin).toBe(first.port === 443 ? `https://${PUBLIC_HOSTNAME}` : `https://${PUBLIC_HOSTNAME}:${first.port}`);
    expect(await servedFingerprint(first)).toBe(first.certificate.fingerprint256);

    // proxyRequest trusts only the generated certificate: an answer means it verified for the hostname.
    for (let i = 0; i < 5; i++) {
      const answer = await proxyRequest(first, `/echo/${i}`, { localAddress: "127.0.0.2", headers: { "x-forwarded-for": "203.0.113.9" } });
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body)).toEqual({ path: `/echo/${i}` });
    }
    expect(upstream.seen[0]?.headers).toMatchObject({
      host: first.host,
      "x-forwarded-for": "203.0.113.9, 127.0.0.2",
      "x-forwarded-proto": "https",
    });
    expect(upstream.seen[0]?.remote).toBe("127.0.0.1");
    // Five client connections, one kept-alive upstream connection.
    expect(upstream.connections()).toBe(1);
    await expect.poll(() => first.accessLog().filter((line) => line.startsWith('127.0.0.2 "203.0.113.9" "GET /echo/')).length).toBe(5);

    // The same preferred port is taken now: the second proxy moves to a free one and says so.
    const second = await startTlsProxy({ upstreamPort: upstream.port, preferredPorts: [first.port] });
    try {
      expect(second.port).not.toBe(first.port);
      expect(second.origin).toBe(`https://${PUBLIC_HOSTNAME}:${second.port}`);
      expect(second.host).toBe(`${PUBLIC_HOSTNAME}:${second.port}`);
      expect((await proxyRequest(second, "/through-second")).status).toBe(200);
      expect(upstream.seen.at(-1)?.headers.host).toBe(second.host);
    } finally {
      await second.stop();
    }
    expect(existsSync(second.dir)).toBe(false);
  } finally {
    await first.stop();
    await upstream.close();
  }
  expect(existsSync(first.dir)).toBe(false);
  await expect(proxyRequest(first, "/after-stop")).rejects.toThrow(/ECONNREFUSED/);
});
