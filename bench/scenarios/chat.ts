/**
 * The chat's budgets, with the fake OpenAI-compatible provider (tests/support/fake-openai.ts)
 * streaming on loopback:
 * - first-token latency: from the provider writing its first chunk to that text reaching the
 *   client through our server (NDJSON), p50 ≤ 10 ms;
 * - 100 concurrent chats (100 visitors, each: session, lead, one streamed question) complete with
 *   no error.
 *
 * The chat's site gets its own server with the caps raised through the environment, since every
 * request comes from one address: RATE_LIMIT_POST_PER_MINUTE, CHAT_DAILY_LIMIT_PER_IP and
 * CHAT_DAILY_LIMIT_TOTAL = 100000000. The per-visitor quota (5 a day) is not configurable and
 * stays: the latency runs use a new visitor every 5 messages.
 */
import { chatVisitor } from "../../tests/support/chat-client";
import { startFakeOpenAI } from "../../tests/support/fake-openai";
import { median, verdict, type Scenario } from "../types";

const LATENCY_SAMPLES = 60;
const CONCURRENT = 100;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};
const ms = (value: number) => Math.round(value * 100) / 100;

const scenario: Scenario = {
  name: "Chat streaming",
  async run(ctx) {
    const ai = await startFakeOpenAI();
    const site = await ctx.startSite({
      env: {
        AI_API_KEY: "bench-key",
        AI_BASE_URL: ai.url,
        RATE_LIMIT_POST_PER_MINUTE: "100000000",
        CHAT_DAILY_LIMIT_PER_IP: "100000000",
        CHAT_DAILY_LIMIT_TOTAL: "100000000",
      },
    });
    try {
      const newVisitor = async (n: number) => {
        const visitor = chatVisitor(site.url);
        await visitor.session();
        await visitor.lead(`Bench ${n}`, `bench-${n}@bench.example`);
        return visitor;
      };

      // 1. First-token latency, sequential.
      ai.setDefault({ kind: "stream", chunks: ["First token", " then", " the", " rest."], delayMs: 5 });
      const latencies: number[] = [];
      let visitor = await newVisitor(0);
      for (let i = 0; i < LATENCY_SAMPLES + 5; i++) {
        if (i > 0 && i % 5 === 0) visitor = await newVisitor(i);
        ai.reset();
        const reply = await visitor.send("Tell me about the route planning tool.");
        const sentAt = ai.requests[0]?.chunkSentAt[0];
        const receivedAt = reply.deltaReceivedAt[0];
        if (reply.final?.type !== "done" || sentAt === undefined || receivedAt === undefined) throw new Error(`chat bench: no streamed answer (${reply.status})`);
        if (i >= 5) latencies.push(receivedAt - sentAt); // the first 5 warm up
      }

      // 2. 100 concurrent chats.
      ai.reset();
      ai.setDefault({ kind: "stream", chunks: ["Answer ", "in ", "several ", "chunks."], delayMs: 10 });
      const visitors = await Promise.all(Array.from({ length: CONCURRENT }, (_, n) => newVisitor(1000 + n)));
      const started = performance.now();
      const results = await Promise.all(
        visitors.map(async (v) => {
          const t0 = performance.now();
          try {
            const reply = await v.send("How will the permit management system work?");
            return { ok: reply.final?.type === "done" && reply.text === "Answer in several chunks.", ms: performance.now() - t0 };
          } catch {
            return { ok: false, ms: performance.now() - t0 };
          }
        }),
      );
      const wall = performance.now() - started;
      const errors = results.filter((r) => !r.ok).length;
      const durations = results.map((r) => r.ms);
      const p50 = median(latencies);

      return [
        {
          title: "Chat: first token, provider → browser (fake provider streaming on loopback)",
          columns: ["samples", "p50 ms", "p95 ms", "max ms", "budget"],
          rows: [[latencies.length, ms(p50), ms(percentile(latencies, 95)), ms(Math.max(...latencies)), verdict(p50 <= 10, "p50 ≤ 10 ms")]],
          notes: ["From the fake provider writing its first SSE chunk to the client reading the NDJSON delta that carries it."],
        },
        {
          title: `Chat: ${CONCURRENT} concurrent chats`,
          columns: ["chats", "errors", "wall ms", "p50 ms", "p99 ms", "budget"],
          rows: [[CONCURRENT, errors, Math.round(wall), Math.round(median(durations)), Math.round(percentile(durations, 99)), verdict(errors === 0, "no error")]],
          notes: ["Caps raised for the bench: RATE_LIMIT_POST_PER_MINUTE, CHAT_DAILY_LIMIT_PER_IP, CHAT_DAILY_LIMIT_TOTAL = 100000000."],
        },
      ];
    } finally {
      await site.stop();
      await ai.close();
    }
  },
};

export default scenario;
