import { Agent, request as httpRequest } from "node:http";
import { createHistogram, performance } from "node:perf_hooks";

export interface SteadyRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface SteadyRateOptions {
  /** Base URL (http only), e.g. http://127.0.0.1:8080 */
  url: string;
  /** Requests per second, spread evenly over each second. */
  rate: number;
  durationS: number;
  /** Most connections kept open at once; a request that finds them all busy waits for one. */
  connections: number;
  /** The n-th request (from 0). */
  request(n: number): SteadyRequest;
  /** Called with each answer: when it was due (performance.now() time) and its latency in ms. */
  onAnswer?(dueAt: number, latencyMs: number): void;
}

export interface SteadyRateResult {
  sent: number;
  ok: number;
  notOk: number;
  errors: number;
  /** Requests answered per second over the run. */
  achieved: number;
  /** Milliseconds from when each request was due to its complete answer. */
  latency: { p50: number; p90: number; p99: number; max: number };
}

/**
 * An open-loop load: request n is due at start + n / rate, whatever happened to the ones before
 * it, and its latency is counted from that moment (a request the generator or the connection pool
 * could only send late is charged for the wait), as wrk2 and k6's constant-arrival-rate do.
 *
 * autocannon's `overallRate` is not such a load: each connection sends its share of a second
 * back to back when its one-second timer fires, and the connections' timers fire together, so
 * "1,000 req/s over 50 connections" is 50 requests in flight at the top of each second until the
 * 1,000 are answered, then nothing (autocannon 8, lib/httpClient.js: `reqsMadeThisSecond` reset by
 * a `setInterval(…, 1000)`).
 */
/** A request not answered by then counts as an error (the run still ends). */
const REQUEST_TIMEOUT_MS = 30_000;

export async function steadyRate(options: SteadyRateOptions): Promise<SteadyRateResult> {
  const base = new URL(options.url);
  const agent = new Agent({ keepAlive: true, maxSockets: options.connections });
  const histogram = createHistogram();
  const total = Math.round(options.rate * options.durationS);
  const intervalMs = 1000 / options.rate;
  let sent = 0;
  let ok = 0;
  let notOk = 0;
  let errors = 0;
  let answered = 0;
  let lastAnswerAt = 0;
  const start = performance.now() + 20;

  await new Promise<void>((resolve) => {
    const settle = (dueAt: number) => {
      const now = performance.now();
      histogram.record(Math.max(1, Math.round((now - dueAt) * 1000)));
      options.onAnswer?.(dueAt, now - dueAt);
      lastAnswerAt = now;
      answered += 1;
      if (answered === total) resolve();
    };
    const send = (n: number, dueAt: number) => {
      const { method, path, headers, body } = options.request(n);
      let settled = false;
      const done = (outcome: "ok" | "notOk" | "error") => {
        if (settled) return; // a socket error after the answer began is one outcome, not two
        settled = true;
        if (outcome === "ok") ok += 1;
        else if (outcome === "notOk") notOk += 1;
        else errors += 1;
        settle(dueAt);
      };
      const req = httpRequest(
        { agent, host: base.hostname, port: base.port, method, path, headers: body === undefined ? headers : { ...headers, "content-length": String(Buffer.byteLength(body)) } },
        (res) => {
          res.resume();
          res.on("end", () => done(res.statusCode !== undefined && res.statusCode >= 200 && res.statusCode < 300 ? "ok" : "notOk"));
          res.on("error", () => done("error"));
        },
      );
      req.setTimeout(REQUEST_TIMEOUT_MS, () => req.destroy(new Error("timed out")));
      req.on("error", () => done("error"));
      req.end(body);
    };
    const tick = () => {
      const now = performance.now();
      while (sent < total && start + sent * intervalMs <= now) {
        send(sent, start + sent * intervalMs);
        sent += 1;
      }
      if (sent < total) setTimeout(tick, Math.max(0, start + sent * intervalMs - performance.now()));
    };
    setTimeout(tick, 20);
  });
  agent.destroy();
  const ms = (percentile: number) => Math.round(histogram.percentile(percentile) / 100) / 10;
  return {
    sent,
    ok,
    notOk,
    errors,
    achieved: Math.round(answered / ((lastAnswerAt - start) / 1000)),
    latency: { p50: ms(50), p90: ms(90), p99: ms(99), max: Math.round(histogram.max / 100) / 10 },
  };
}
