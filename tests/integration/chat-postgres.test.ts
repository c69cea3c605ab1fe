/** The chat on PostgreSQL: the same atomic counting (exactly 5 under concurrency), refunds, storage. */
import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { limitReached } from "~/features/chat/chat-contract";
import { greeting } from "~/features/chat/chat-lines";
import { chatVisitor } from "../support/chat-client";
import { type FakeOpenAI, startFakeOpenAI } from "../support/fake-openai";
import { type Postgres, startPostgres } from "../support/postgres";
import { type Site, startSite } from "../support/site-server";

let postgres: Postgres;
let ai: FakeOpenAI;
let site: Site;
beforeAll(async () => {
  [postgres, ai] = await Promise.all([startPostgres(), startFakeOpenAI()]);
  site = await startSite({
    env: { DATABASE_URL: postgres.url, AI_API_KEY: "k", AI_BASE_URL: ai.url, RATE_LIMIT_POST_PER_MINUTE: "10000", CHAT_DAILY_LIMIT_PER_IP: "1000" },
  });
});
afterAll(async () => {
  await site?.stop();
  await ai?.close();
  await postgres?.stop();
});

it("answers exactly 5 of 12 concurrent messages, refunds failures, and stores the conversation", async () => {
  const v = chatVisitor(site.url);
  await v.session();
  expect((await v.lead("Pia", "pia@example.com")).status).toBe(200);

  ai.script({ kind: "error", status: 500 });
  expect((await v.send("fails")).final?.limits.remainingMessages).toBe(5);

  ai.setDefault({ kind: "stream", chunks: ["ok"], delayMs: 0 });
  const replies = await Promise.all(Array.from({ length: 12 }, (_, i) => v.send(`Concurrent ${i}`)));
  expect(replies.filter((r) => r.final?.type === "done")).toHaveLength(5);
  expect(replies.filter((r) => r.status === 429 && r.json?.error === limitReached())).toHaveLength(7);

  const session = await v.session();
  expect(session.body.limits.remainingMessages).toBe(0);
  expect(session.body.history?.[0]).toEqual({ role: "assistant", content: greeting() });
  expect((await v.transcript()).status).toBe(200);

  const client = new pg.Client(postgres.url);
  await client.connect();
  try {
    const { rows } = await client.query<{ count: number }>("select count from chat_counters where scope like 'visitor:%'");
    expect(rows.map((r) => Number(r.count))).toEqual([5]);
    const mail = await client.query<{ subject: string }>("select subject from mail where subject like 'Chat Transcript%'");
    expect(mail.rows).toEqual([{ subject: "Chat Transcript from Pia" }]);
  } finally {
    await client.end();
  }
});

it("links a provider's answer to the passages it was given, and keeps the links with the stored answer", async () => {
  const v = chatVisitor(site.url);
  await v.session();
  expect((await v.lead("Sol", "sol@example.com")).status).toBe(200);
  ai.script({ kind: "stream", chunks: ["The permit office of each state decides."], delayMs: 0 });
  const answer = await v.send("How will the permit management system work?");
  const sources = answer.final?.type === "done" ? answer.final.sources : undefined;
  expect(answer.final).toMatchObject({ type: "done", source: "ai" });
  expect(sources?.[0]).toEqual({ href: "/platform#feature-permit-management", label: "Permit Management" });
  expect(JSON.stringify(ai.requests.at(-1)?.body)).toContain("Permit Management: Prepare, track and store");
  expect((await v.session()).body.history?.at(-1)).toEqual({ role: "assistant", content: "The permit office of each state decides.", sources });
});
