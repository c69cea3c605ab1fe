import { describe, expect, it } from "vitest";
import { chunksOf, ndjsonLines } from "./chat-api";
import type { ReplyEvent } from "./chat-contract";

const bytes = (text: string) => new TextEncoder().encode(text);

const tick = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** The parts, each arriving on its own (as a network stream's chunks do). */
async function* chunks(...parts: (string | Uint8Array)[]): AsyncGenerator<Uint8Array> {
  for (const part of parts) {
    await Promise.resolve();
    yield typeof part === "string" ? bytes(part) : part;
  }
}

async function collect<T>(values: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const value of values) out.push(value);
  return out;
}

const limits = { remainingMessages: 4, resetTime: "2025-01-02T00:00:00.000Z" };
const events: ReplyEvent[] = [
  { type: "delta", text: "Route " },
  { type: "delta", text: "planning: é ✓" },
  { type: "done", reply: "Route planning: é ✓", limits, source: "ai" },
];
const stream = events.map((event) => `${JSON.stringify(event)}\n`).join("");

describe("the reply stream's NDJSON parser", () => {
  it("yields one event per line when a chunk holds several lines", async () => {
    expect(await collect(ndjsonLines<ReplyEvent>(chunks(stream)))).toEqual(events);
  });

  it("joins lines split across chunks, anywhere, even inside a UTF-8 character", async () => {
    const all = bytes(stream);
    for (let cut = 1; cut < all.length; cut++) {
      expect(await collect(ndjsonLines<ReplyEvent>(chunks(all.slice(0, cut), all.slice(cut)))), `cut at ${cut}`).toEqual(events);
    }
    const oneByteAtATime = [...all].map((byte) => Uint8Array.of(byte));
    expect(await collect(ndjsonLines<ReplyEvent>(chunks(...oneByteAtATime)))).toEqual(events);
  });

  it("skips blank lines, accepts CRLF, and keeps a last line without its newline", async () => {
    const parsed = await collect(ndjsonLines(chunks('\n{"a":1}\r\n\n  \n{"b"', ':2}\n{"c":3}')));
    expect(parsed).toEqual([{ a: 1 }, { b: 2 }, { c: 3 }]);
  });

  it("yields each event as soon as its line is complete", async () => {
    let sent = 0;
    async function* slow(): AsyncGenerator<Uint8Array> {
      sent = 1;
      yield bytes('{"type":"delta","text":"a"}\n{"type":"de');
      await tick();
      sent = 2;
      yield bytes('lta","text":"b"}\n');
    }
    const seen: number[] = [];
    for await (const _event of ndjsonLines(slow())) seen.push(sent);
    expect(seen).toEqual([1, 2]);
  });

  it("throws on a line that is not JSON, and calls onEnd however the iteration ends", async () => {
    let ended = 0;
    await expect(collect(ndjsonLines(chunks('{"ok":1}\nnot json\n'), () => ended++))).rejects.toThrow(SyntaxError);
    for await (const _event of ndjsonLines(chunks(stream), () => ended++)) break;
    await collect(ndjsonLines(chunks(stream), () => ended++));
    expect(ended).toBe(3);
  });

  it("reads a fetch body chunk by chunk, reporting each one", async () => {
    const body = new Response(stream).body!;
    let reported = 0;
    const parsed = await collect(ndjsonLines<ReplyEvent>(chunksOf(body, () => reported++)));
    expect(parsed).toEqual(events);
    expect(reported).toBeGreaterThan(0);
  });
});
