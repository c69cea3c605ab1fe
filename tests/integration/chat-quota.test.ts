/**
 * The quota the server enforces: exactly 5 answered messages per visitor per day, counted
 * atomically in the database before answering; refunds on failure; the per-IP and site-wide
 * daily caps; fail closed.
 */
import { SqliteDatabase as Database } from "../../server/db/sqlite-driver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { limitReached, quotaUnavailable } from "~/features/chat/chat-contract";
import { chatVisitor, type ChatVisitor } from "../support/chat-client";
import { type FakeOpenAI, startFakeOpenAI } from "../support/fake-openai";
import { type Site, startSite } from "../support/site-server";

let ai: FakeOpenAI;
const sites: Site[] = [];
beforeAll(async () => {
  ai = await startFakeOpenAI();
  ai.setDefault({ kind: "answer", text: "An answer." });
});
afterAll(async () => {
  await Promise.all(sites.map((site) => site.stop()));
  await ai?.close();
});

async function site(env: Record<string, string> = {}): Promise<Site> {
  const started = await startSite({
    env: { AI_API_KEY: "k", AI_BASE_URL: ai.url, AI_TIMEOUT_MS: "2000", RATE_LIMIT_POST_PER_MINUTE: "10000", ...env },
  });
  sites.push(started);
  return started;
}

async function visitor(url: string, headers: Record<string, string> = {}): Promise<ChatVisitor> {
  const v = chatVisitor(url, headers);
  await v.session();
  expect((await v.lead("Quinn", "quinn@example.com")).status).toBe(200);
  return v;
}

describe("per visitor", () => {
  let s: Site;
  beforeAll(async () => {
    s = await site({ CHAT_DAILY_LIMIT_PER_IP: "10000" });
  });

  it("answers exactly 5 messages, then the limit text", async () => {
    const v = await visitor(s.url);
    const remaining: number[] = [];
    for (let i = 0; i < 5; i++) {
      const reply = await v.send(`Question ${i}`);
      expect(reply.final?.type).toBe("done");
      remaining.push(reply.final!.limits.remainingMessages);
    }
    expect(remaining).toEqual([4, 3, 2, 1, 0]);
    const sixth = await v.send("One more?");
    expect(sixth.status).toBe(429);
    expect(sixth.json?.error).toBe(limitReached());
    expect(sixth.json?.limits?.remainingMessages).toBe(0);
    const session = await v.session();
    expect(session.body.limits.remainingMessages).toBe(0);
    expect(Date.parse(session.body.limits.resetTime)).toBeGreaterThan(Date.now());
  });

  it("never answers a 6th, even to 12 concurrent sends", async () => {
    const v = await visitor(s.url);
    const before = ai.requests.length;
    const replies = await Promise.all(Array.from({ length: 12 }, (_, i) => v.send(`Concurrent ${i}`)));
    expect(replies.filter((r) => r.final?.type === "done")).toHaveLength(5);
    expect(replies.filter((r) => r.status === 429 && r.json?.error === limitReached())).toHaveLength(7);
    expect(ai.requests.length - before).toBe(5);
  });

  it("gives a failed reply's message back", async () => {
    const v = await visitor(s.url);
    ai.script({ kind: "error", status: 500 }, { kind: "error", status: 503 });
    expect((await v.send("fails")).final?.type).toBe("error");
    expect((await v.send("fails again")).final?.type).toBe("error");
    for (let i = 0; i < 5; i++) expect((await v.send(`Question ${i}`)).final?.type).toBe("done");
    expect((await v.send("sixth")).status).toBe(429);
  });

  it("resets at the visitor's local midnight (the time zone is kept from the first message)", async () => {
    const v = chatVisitor(s.url);
    await v.session("Asia/Tokyo");
    expect((await v.lead("Kenji", "kenji@example.com", "Asia/Tokyo")).status).toBe(200);
    const reply = await v.send("Hello", { timeZone: "Asia/Tokyo" });
    const reset = new Date(reply.final!.limits.resetTime);
    const tokyo = new Intl.DateTimeFormat("en-GB", { timeZone: "Asia/Tokyo", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(reset);
    expect(tokyo).toBe("00:00");
    // Another zone later does not open a new day's allowance.
    const again = await v.send("Hello", { timeZone: "Pacific/Kiritimati" });
    expect(again.final!.limits).toEqual({ remainingMessages: 3, resetTime: reset.toISOString() });
    // An invalid zone falls back to the stored one, never errors.
    expect((await v.send("Hello", { timeZone: "Not/AZone" })).final!.limits.resetTime).toBe(reset.toISOString());
  });
});

describe("per IP", () => {
  it("caps answers per IP across fresh cookies, and a forged X-Forwarded-For buys nothing", async () => {
    const s = await site({ CHAT_DAILY_LIMIT_PER_IP: "7" });
    const first = await visitor(s.url);
    for (let i = 0; i < 5; i++) expect((await first.send(`a${i}`)).final?.type).toBe("done");
    const second = await visitor(s.url, { "x-forwarded-for": "203.0.113.9" });
    expect((await second.send("b0")).final?.type).toBe("done");
    expect((await second.send("b1")).final?.type).toBe("done");
    const third = await visitor(s.url, { "x-forwarded-for": "198.51.100.4" });
    const refused = await third.send("c0");
    expect(refused.status).toBe(429);
    expect(refused.json?.error).toBe(limitReached());
    // The visitor's own allowance was given back: only the IP cap refused it.
    expect((await third.session()).body.limits.remainingMessages).toBe(5);
  });
});

describe("site-wide", () => {
  it("answers from the knowledge base beyond the daily cap", async () => {
    const s = await site({ CHAT_DAILY_LIMIT_TOTAL: "2", CHAT_DAILY_LIMIT_PER_IP: "100" });
    const v = await visitor(s.url);
    const before = ai.requests.length;
    expect((await v.send("What services do you offer?")).final).toMatchObject({ source: "ai" });
    expect((await v.send("What services do you offer?")).final).toMatchObject({ source: "ai" });
    const third = await v.send("How will the permit management system work?");
    expect(third.final).toMatchObject({ type: "done", source: "knowledge-base", limits: { remainingMessages: 2 } });
    expect(third.text).toContain("**Permit Management**");
    expect(ai.requests.length - before).toBe(2);
  });
});

describe("fail closed", () => {
  it("refuses to answer when the quota store cannot be read", async () => {
    const s = await site();
    const v = await visitor(s.url);
    const db = new Database(`${s.dataDir}/site.db`);
    db.exec("DROP TABLE chat_counters");
    db.close();
    const before = ai.requests.length;
    const reply = await v.send("Hello?");
    expect(reply.status).toBe(503);
    expect(reply.json?.error).toBe(quotaUnavailable());
    expect(ai.requests.length).toBe(before);
  });
});
