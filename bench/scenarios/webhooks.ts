/**
 * Budget: webhook delivery of 10,000 events to a local receiver at ≥ 200/s without delaying the
 * sign-ups' p99 (POST /newsletter at a steady 200 req/s, bench/steady-rate.ts) by more than 20 %.
 * Runnable alone: `npm run bench -- webhooks`.
 *
 * The 10,000 deliveries are written straight into the SQLite file for a disabled endpoint (the
 * worker leaves a disabled endpoint's deliveries waiting). After a warm-up of sign-ups, the
 * endpoint is enabled and disabled in turn, WINDOW_S each (one UPDATE from this process), until
 * the backlog is out; then it stays enabled. "During" is the sign-ups answered while it was
 * enabled, "without" those answered while it was disabled, in the same stretch of time: both
 * sides see the same machine (a single before/after split swung more between runs than the
 * budget's margin, decision 0128). A second after each switch belongs to neither side: the batch
 * in flight when the endpoint is disabled still goes out. The delivery rate is the backlog over
 * the time it was delivering: in each enabled window, from its first arrival to its last.
 */
import { type ChildProcess, fork } from "node:child_process";
import { loadavg } from "node:os";
import { join } from "node:path";
import { SqliteDatabase } from "../../server/db/sqlite-driver";
import { newWebhookSecret } from "../../server/webhooks/signing";
import { type SteadyRequest, steadyRate } from "../steady-rate";
import { type BenchContext, type BenchTable, verdict, type Scenario } from "../types";
import type { ReceiverMessage, ReceiverReport } from "./webhooks/receiver";

const EVENTS = 10_000;
const RATE = 200;
const DURATION_S = 130;
/** The endpoint is first enabled this long after the load starts. */
const ENABLE_AT_S = 10;
/** How long the endpoint stays enabled, then disabled, in turn. */
const WINDOW_S = 5;
/** After each switch, this long belongs to neither side. */
const SETTLE_MS = 1_000;
const ENDPOINT = "0190a8e0-0000-7000-8000-0000000be0c4";
const SEEDED = "msg_bench";

function seed(file: string, url: string): void {
  const db = new SqliteDatabase(file);
  db.pragma("journal_mode = WAL");
  const now = new Date().toISOString();
  db.prepare("INSERT INTO webhook_endpoints (id, url, events, enabled, secret, created_at, created_by, updated_at, updated_by) VALUES (?, ?, ?, 0, ?, ?, 'bench', ?, 'bench')").run(
    ENDPOINT, url, JSON.stringify(["lead.created"]), newWebhookSecret(), now, now,
  );
  const insert = db.prepare("INSERT INTO webhook_deliveries (id, endpoint_id, message_id, type, payload, about_email, status, attempts, next_attempt_at, created_at) VALUES (?, ?, ?, 'lead.created', ?, ?, 'pending', 0, ?, ?)");
  db.transaction(() => {
    for (let i = 0; i < EVENTS; i++) {
      const email = `lead-${i}@bench.example`;
      const data = { kind: "information-request", id: `bench-${i}`, email, created_at: now, name: "Kim", phone: "+1 555 0100", company: "Kim Haulage", plan_type: "Government", category: null, message: "Price for 40 trucks?", language: "en", attribution: null };
      insert.run(`0190a8e0-0000-7000-8000-${String(i).padStart(12, "0")}`, ENDPOINT, `${SEEDED}${i}`, JSON.stringify({ type: "lead.created", timestamp: now, data }), email, now, now);
    }
  })();
  db.close();
}

function signUp(n: number): SteadyRequest {
  return {
    method: "POST",
    path: "/newsletter",
    headers: { "content-type": "application/json", "x-forwarded-for": `10.2.${(n >> 8) % 256}.${n % 256}` },
    body: JSON.stringify({ email: `hooked-${n}@bench.example` }),
  };
}

const p99 = (values: number[]): number => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round((sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)] ?? 0) * 10) / 10;
};

const scenario: Scenario = {
  name: "Webhooks during sign-ups",
  async run(ctx) {
    const receiver = fork(join(ctx.repoRoot, "bench/scenarios/webhooks/receiver.ts"), [SEEDED], { execArgv: ["--import", "tsx"], stdio: ["ignore", "inherit", "inherit", "ipc"] });
    // A failure anywhere below must not leave the receiver running: the bench would never exit.
    try {
      return await measure(ctx, receiver);
    } finally {
      if (receiver.exitCode === null) receiver.kill();
    }
  },
};

async function measure(ctx: BenchContext, receiver: ChildProcess): Promise<BenchTable[]> {
  const next = <T>(pick: (message: ReceiverMessage) => T | undefined) =>
    new Promise<T>((resolve, reject) => {
      const onExit = (code: number | null) => reject(new Error(`the receiver stopped (${code})`));
      const onMessage = (message: ReceiverMessage) => {
        const value = pick(message);
        if (value === undefined) return;
        receiver.off("message", onMessage);
        receiver.off("exit", onExit);
        resolve(value);
      };
      receiver.on("message", onMessage);
      receiver.once("exit", onExit);
    });
  const port = await next((message) => ("port" in message ? message.port : undefined));
  const report = (): Promise<ReceiverReport> => {
    const answer = next((message) => ("report" in message ? message.report : undefined));
    receiver.send("report");
    return answer;
  };
  const empty = await ctx.startSite();
  const dataDir = empty.dataDir;
  await empty.stop();
  const file = join(dataDir, "site.db");
  seed(file, `http://127.0.0.1:${port}/hooks`);

  const site = await ctx.startSite({ dataDir, env: { RATE_LIMIT_POST_PER_MINUTE: "100000000", TRUST_PROXY: "1", WEBHOOK_ALLOW_NETWORKS: "127.0.0.1/32" } });
  const setEnabled = (enabled: boolean) => {
    const db = new SqliteDatabase(file);
    db.pragma("busy_timeout = 5000");
    db.prepare("UPDATE webhook_endpoints SET enabled = ? WHERE id = ?").run(enabled ? 1 : 0, ENDPOINT);
    db.close();
  };
  const answers: { at: number; ms: number }[] = [];
  /** Each switch: when, and whether the endpoint was enabled by it. */
  const switches: { at: number; enabled: boolean }[] = [];
  const interleave = async () => {
    await new Promise((resolve) => setTimeout(resolve, ENABLE_AT_S * 1000));
    for (let enabled = true; ; enabled = !enabled) {
      setEnabled(enabled);
      switches.push({ at: Date.now(), enabled });
      await new Promise((resolve) => setTimeout(resolve, WINDOW_S * 1000));
      if (enabled && (await report()).prefixed >= EVENTS) return;
    }
  };
  const [result] = await Promise.all([
    steadyRate({ url: site.url, rate: RATE, durationS: DURATION_S, connections: 50, request: signUp, onAnswer: (dueAt, ms) => answers.push({ at: performance.timeOrigin + dueAt, ms }) }),
    interleave(),
  ]);
  // The sign-ups' own events may still be on their way; on a slow machine, the backlog too.
  for (let waited = 0; waited < 60_000 && (await report()).prefixed < EVENTS; waited += 500) await new Promise((resolve) => setTimeout(resolve, 500));
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  await site.stop();
  const seen = await report();
  receiver.send("stop");
  const seededSeen = seen.prefixed;
  const lastSeeded = seen.lastPrefixedAt;
  if (seededSeen < EVENTS) throw new Error(`only ${seededSeen} of the ${EVENTS} events arrived within a minute after the load`);
  if (lastSeeded > (switches.at(-1)?.at ?? 0) + WINDOW_S * 1000) throw new Error("the backlog outlasted the load: raise DURATION_S");
  // The windows up to the backlog's end; the time the endpoint was enabled in them.
  const windows = switches
    .map((change, i) => ({ from: change.at, to: Math.min(switches[i + 1]?.at ?? lastSeeded, lastSeeded), enabled: change.enabled }))
    .filter((window) => window.from < lastSeeded);
  const enabledMs = windows.filter((window) => window.enabled).reduce((sum, window) => sum + window.to - window.from, 0);
  // The rate while delivering: in each enabled window, from its first arrival to its last. The
  // worker notices an endpoint enabled behind its back at its next poll (up to a second; enabling
  // it in the workspace wakes it at once), and the batch in flight at a disable lands just after.
  const deliveringMs = windows
    .filter((window) => window.enabled)
    .map((window) => seen.prefixedTimes.filter((at) => at >= window.from && at < window.to + SETTLE_MS))
    .reduce((sum, arrivals) => sum + (arrivals.length > 1 ? (arrivals.at(-1) ?? 0) - (arrivals[0] ?? 0) : 0), 0);
  const rate = EVENTS / (deliveringMs / 1000);
  const sideOf = (at: number) => windows.find((window) => at >= window.from + SETTLE_MS && at < window.to)?.enabled;
  const during = answers.filter((a) => sideOf(a.at) === true).map((a) => a.ms);
  const quiet = answers.filter((a) => sideOf(a.at) === false).map((a) => a.ms);
  const ratio = p99(during) / p99(quiet);
  return [
    {
      title: `Webhook delivery of ${EVENTS.toLocaleString("en-US")} events to a local receiver during ${RATE} sign-ups/s (SQLite)`,
      columns: ["events", "enabled / delivering (s)", "rate (/s)", "budget", "sign-ups during / without", "p99 during (ms)", "p99 without (ms)", "ratio", "budget"],
      rows: [[EVENTS, `${(enabledMs / 1000).toFixed(1)} / ${(deliveringMs / 1000).toFixed(1)}`, Math.round(rate), verdict(rate >= 200, "≥ 200/s"), `${during.length} / ${quiet.length}`, p99(during), p99(quiet), ratio.toFixed(2), verdict(ratio <= 1.2, "≤ 1.2×")]],
      notes: [
        `Received (by a receiver in its own process): ${seen.ids} webhook-ids (${seededSeen} of the backlog, the rest the sign-ups' own lead.created), ${seen.duplicates} twice.`,
        `Load: ${result.sent} sign-ups over ${DURATION_S} s (${result.ok} ok, ${result.notOk} not ok, ${result.errors} errors); from ${ENABLE_AT_S} s in, the endpoint enabled and disabled in turn every ${WINDOW_S} s (${windows.length} windows until the backlog was out); "during" is the sign-ups answered in the enabled windows, "without" in the disabled ones, each window's first ${SETTLE_MS / 1000} s left out.`,
        `Machine load average (1 min) at the end: ${loadavg()[0]?.toFixed(1)}; figures from a busy machine are not comparable.`,
      ],
    },
  ];
}

export default scenario;
