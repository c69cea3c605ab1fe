import type { ServerResponse } from "node:http";
import { Counter, Gauge, Histogram, type Metric, Registry, collectDefaultMetrics } from "prom-client";

/**
 * The server's Prometheus metrics (served at /metrics, docs/operations.md). One registry per
 * process; every label takes a value from a small fixed set (a route pattern, a status class, a
 * kind named in code), never a path, an address or anything a client typed.
 */
export const registry = new Registry();
// Process and Node.js metrics, event-loop lag among them (nodejs_eventloop_lag_*).
collectDefaultMetrics({ register: registry });

const PREFIX = "heavyroute_";

export const mailOutcomes = new Counter({
  name: `${PREFIX}mails_total`,
  help: "Mail attempts of this instance's outbox worker, by outcome: sent (or written to a file), retried (failed, tried again later), failed (given up).",
  labelNames: ["outcome"] as const,
  registers: [registry],
});

export const providerRequests = new Counter({
  name: `${PREFIX}ai_provider_requests_total`,
  help: "Requests to the AI provider, by result: ok, or an error class (rate_limit, quota, timeout, client, server, network, other), or cancelled (the visitor left).",
  labelNames: ["result"] as const,
  registers: [registry],
});

export const providerDuration = new Histogram({
  name: `${PREFIX}ai_provider_request_duration_seconds`,
  help: "How long each AI provider request took, to its last token or its error.",
  labelNames: ["result"] as const,
  buckets: [0.25, 0.5, 1, 2, 4, 8, 15, 30, 60],
  registers: [registry],
});

export const providerTokens = new Counter({
  name: `${PREFIX}ai_provider_tokens_total`,
  help: "Tokens the AI provider reported using (prompt and completion).",
  labelNames: ["type"] as const,
  registers: [registry],
});

export const chatAnswers = new Counter({
  name: `${PREFIX}chat_answers_total`,
  help: "Chat answers by source: provider, knowledge-base, fallback (a canned apology after the provider refused twice), failed.",
  labelNames: ["source"] as const,
  registers: [registry],
});

export const limitRefusals = new Counter({
  name: `${PREFIX}limit_refusals_total`,
  help: "Requests refused by a rate limit or quota (post: POSTs per minute per client; chat-visitor-day, chat-ip-day), and chat questions sent to the knowledge base by the site-wide daily cap (chat-site-day).",
  labelNames: ["limit"] as const,
  registers: [registry],
});

/** Gauges read from the database on each scrape (their values are set by the scrape, server/app.ts). */
export const leadsGauge = new Gauge({
  name: `${PREFIX}leads`,
  help: "Leads in the database, by kind.",
  labelNames: ["kind"] as const,
  registers: [registry],
});

export const outboxGauge = new Gauge({
  name: `${PREFIX}outbox_mails`,
  help: "Mails in the outbox not sent, by state: pending (waiting to be sent or retried), failed (given up).",
  labelNames: ["state"] as const,
  registers: [registry],
});

export const oldestPendingGauge = new Gauge({
  name: `${PREFIX}outbox_oldest_pending_age_seconds`,
  help: "Age of the oldest pending mail (0 when none is pending).",
  registers: [registry],
});

export const poolGauge = new Gauge({
  name: `${PREFIX}db_pool_connections`,
  help: "PostgreSQL pool connections by state: total, idle, waiting (queries waiting for a connection). Absent on SQLite.",
  labelNames: ["state"] as const,
  registers: [registry],
});

/** An answer as Express makes it: `locals` is a fresh dictionary per request (no property is added to the response itself). */
type Labelled = ServerResponse & { locals?: Record<string, unknown> };

/** Names the route pattern a response is counted under (e.g. "/newsletter", "/api/chat/messages"). */
export function labelRoute(res: Labelled, route: string): void {
  if (res.locals) res.locals.metricsRoute = route;
}

export const routeLabel = (res: Labelled): string | undefined => res.locals?.metricsRoute as string | undefined;

const STATUS_CLASSES = ["1xx", "2xx", "3xx", "4xx", "5xx"];
const REQUEST_METRIC = `${PREFIX}http_request_duration_seconds`;
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

interface RequestSeries {
  labels: { route: string; method: string; status: string };
  /** Observations per bucket (not cumulative), the last one above every bound (+Inf). */
  buckets: number[];
  sum: number;
  count: number;
}

/**
 * The request histogram, kept here and handed to prom-client as a metric of the registry: one
 * series per label set, found by one string key. prom-client's own Histogram validates and hashes
 * the labels on every observation, about 1.3 µs; this costs a tenth of it on the request path
 * (docs/decisions/0096).
 */
const requestSeries = new Map<string, RequestSeries>();
const requestHistogram = {
  name: REQUEST_METRIC,
  help: "HTTP requests by route pattern, method and status class (its _count is the request count), and how long each took until its connection was done with it.",
  type: "histogram",
  aggregator: "sum",
  get() {
    const values = [...requestSeries.values()].flatMap(({ labels, buckets, sum, count }) => {
      let cumulative = 0;
      const lines: { metricName: string; labels: Record<string, string | number>; value: number }[] = buckets.map((n, i) => {
        cumulative += n;
        return { metricName: `${REQUEST_METRIC}_bucket`, labels: { ...labels, le: REQUEST_BUCKETS[i] ?? "+Inf" }, value: cumulative };
      });
      lines.push({ metricName: `${REQUEST_METRIC}_sum`, labels, value: sum }, { metricName: `${REQUEST_METRIC}_count`, labels, value: count });
      return lines;
    });
    return { name: REQUEST_METRIC, help: this.help, type: "histogram" as const, aggregator: "sum" as const, values };
  },
  reset() {
    requestSeries.clear();
  },
};
registry.registerMetric(requestHistogram as unknown as Metric);

/** One finished request: one observation. */
export function observeRequest(route: string, method: string, status: number, seconds: number): void {
  const statusClass = STATUS_CLASSES[Math.floor(status / 100) - 1] ?? "other";
  const key = `${route} ${method} ${statusClass}`;
  let series = requestSeries.get(key);
  if (!series) {
    series = { labels: { route, method, status: statusClass }, buckets: new Array<number>(REQUEST_BUCKETS.length + 1).fill(0), sum: 0, count: 0 };
    requestSeries.set(key, series);
  }
  let bucket = 0;
  while (bucket < REQUEST_BUCKETS.length && seconds > REQUEST_BUCKETS[bucket]!) bucket++;
  series.buckets[bucket]!++;
  series.sum += seconds;
  series.count++;
}

// Every known series from the start, at 0: a rate or a ratio over them is defined before the first event.
for (const outcome of ["sent", "retried", "failed"]) mailOutcomes.inc({ outcome }, 0);
for (const result of ["ok", "rate_limit", "quota", "timeout", "client", "server", "network", "other", "cancelled"]) providerRequests.inc({ result }, 0);
for (const type of ["prompt", "completion"]) providerTokens.inc({ type }, 0);
for (const source of ["provider", "knowledge-base", "fallback", "failed"]) chatAnswers.inc({ source }, 0);
for (const limit of ["post", "chat-visitor-day", "chat-ip-day", "chat-site-day"]) limitRefusals.inc({ limit }, 0);
