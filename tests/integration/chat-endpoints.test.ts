/**
 * The chat's endpoints without an AI key: knowledge-base answers, the visitor session cookie,
 * leads, the transcript through the mail outbox, and bad input answered with 4xx.
 */
import { statSync } from "node:fs";
import { PassThrough } from "node:stream";
import { SqliteDatabase as Database } from "../../server/db/sqlite-driver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emptyMessage, invalidEmail, messageTooLong, nameRequired, sessionMissing, transcriptEmpty, transcriptTooMany } from "~/features/chat/chat-contract";
import { greeting, demoLimitMessage, niceToMeetYou } from "~/features/chat/chat-lines";
import { referralMessage } from "../../server/chat/texts";
import { exportLeads } from "../../server/cli/leads";
import { erasePerson as deletePerson } from "../../server/leads/erase";
import { openDatabase } from "../../server/db/database";
import { chatVisitor } from "../support/chat-client";
import { type Site, startSite } from "../support/site-server";

const TEAM = "team@example.com";
let site: Site;
const env = { TEAM_EMAIL: TEAM, RATE_LIMIT_POST_PER_MINUTE: "10000", CHAT_DAILY_LIMIT_PER_IP: "10000" };

beforeAll(async () => {
  site = await startSite({ env });
});
afterAll(async () => {
  await site?.stop();
});

const query = <T>(sql: string, ...params: unknown[]): T[] => {
  const db = new Database(`${site.dataDir}/site.db`, { readonly: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
};

describe("without AI_API_KEY", () => {
  it("answers from the knowledge base, or refers politely to the team", async () => {
    const v = chatVisitor(site.url);
    await v.session();
    await v.lead("Ada", "ada@example.com");
    const answer = await v.send("How will the permit management system work?");
    expect(answer.final).toMatchObject({ type: "done", source: "knowledge-base", limits: { remainingMessages: 4 } });
    expect(answer.text).toContain("**Permit Management**: Prepare, track and store oversize and overweight permits");
    const offTopic = await v.send("What's a good pizza recipe?");
    expect(offTopic.text).toBe(referralMessage(TEAM));
  });
});

describe("the visitor session", () => {
  it("is a signed HttpOnly SameSite=Lax cookie, created on first use, not Secure over plain HTTP", async () => {
    const response = await fetch(`${site.url}/api/chat/session?timeZone=Europe/Paris`);
    expect(response.status).toBe(200);
    const cookie = response.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/^maxload_session=[0-9a-f-]{36}\.[\w-]{43};/);
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).toContain("Path=/api/chat");
    expect(cookie).not.toContain("Secure");
    const body = (await response.json()) as { user: { id: string }; limits: { remainingMessages: number }; history: unknown[] };
    expect(body.user.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.limits.remainingMessages).toBe(5);
    expect(body.history).toEqual([]);
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it("refuses a forged cookie as no session", async () => {
    const response = await fetch(`${site.url}/api/chat/messages`, {
      method: "POST",
      headers: { origin: site.url, "content-type": "application/json", cookie: "maxload_session=3f2b8c4e-1a2b-4c3d-8e9f-0a1b2c3d4e5f.forged" },
      body: JSON.stringify({ text: "hi" }),
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: sessionMissing() });
  });

  it("keeps its secret in DATA_DIR/session-secret (mode 600), so sessions survive a restart", async () => {
    const v = chatVisitor(site.url);
    const { body } = await v.session();
    await v.lead("Rita", "rita@example.com");
    expect(statSync(`${site.dataDir}/session-secret`).mode & 0o777).toBe(0o600);
    await site.stop();
    site = await startSite({ env, dataDir: site.dataDir });
    const again = chatVisitor(site.url);
    again.cookie = v.cookie;
    const restored = await again.session();
    expect(restored.body.user.id).toBe(body.user.id);
    expect(restored.body.name).toBe("Rita");
  });

  it("is Secure when the request came over HTTPS through a trusted proxy", async () => {
    const proxied = await startSite({ env: { ...env, TRUST_PROXY: "loopback" } });
    try {
      const response = await fetch(`${proxied.url}/api/chat/session`, { headers: { "x-forwarded-proto": "https" } });
      expect(response.headers.get("set-cookie")).toContain("Secure");
    } finally {
      await proxied.stop();
    }
  });
});

describe("the lead", () => {
  it("is stored as a potential customer (source chat, server time) with the opening exchange", async () => {
    const v = chatVisitor(site.url);
    await v.session();
    const before = Date.now();
    const lead = await v.lead("  Grace  ", "grace@example.com");
    expect(lead.status).toBe(200);
    expect(lead.body.message).toBe(demoLimitMessage(5));
    const rows = query<{ name: string; email: string; source: string; created_at: string }>(
      "SELECT name, email, source, created_at FROM potential_customers WHERE email = ?",
      "grace@example.com",
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: "Grace", source: "chat" });
    expect(Date.parse(rows[0]!.created_at)).toBeGreaterThanOrEqual(before - 1000);
    const session = await v.session();
    expect(session.body.history).toEqual([
      { role: "assistant", content: greeting() },
      { role: "user", content: "Grace" },
      { role: "assistant", content: niceToMeetYou("Grace") },
      { role: "user", content: "grace@example.com" },
      { role: "assistant", content: demoLimitMessage(5) },
    ]);
  });

  it("refuses an invalid email or an empty name", async () => {
    const v = chatVisitor(site.url);
    for (const email of ["nope", "a b@example.com", "a@b", ""]) {
      const response = await v.lead("Ada", email);
      expect(response.status).toBe(400);
      expect(response.body.error).toBe(invalidEmail());
    }
    expect((await v.lead("   ", "ok@example.com")).body.error).toBe(nameRequired());
  });
});

describe("bad input gets 4xx with a clear message, never a 500", () => {
  it.each([
    ["too long", JSON.stringify({ text: "x".repeat(1001) }), 400, messageTooLong()],
    ["empty", JSON.stringify({ text: "   " }), 400, emptyMessage()],
    ["wrong type", JSON.stringify({ text: 42 }), 400, emptyMessage()],
    ["a role the browser may not set", JSON.stringify({ text: "hi", role: "system" }), 400, "Unknown field: role."],
    ["history from the browser", JSON.stringify({ text: "hi", messages: [] }), 400, "Unknown field: messages."],
    ["malformed JSON", "{not json", 400, "The request body is not valid JSON."],
    ["not an object", "[1,2]", 400, "The request body must be a JSON object."],
  ])("%s", async (_label, body, status, error) => {
    const v = chatVisitor(site.url);
    await v.session();
    const response = await v.post("/api/chat/messages", body);
    expect(response.status).toBe(status);
    expect(await response.json()).toEqual({ error });
  });

  it("accepts exactly 1,000 characters", async () => {
    const v = chatVisitor(site.url);
    await v.session();
    await v.lead("Len", "len@example.com");
    expect((await v.send("y".repeat(1000))).final?.type).toBe("done");
  });

  it("refuses another content type, a foreign Origin and a body over 32 KB", async () => {
    const v = chatVisitor(site.url);
    await v.session();
    expect((await v.post("/api/chat/messages", "text=hi", { "content-type": "application/x-www-form-urlencoded" })).status).toBe(415);
    expect((await v.post("/api/chat/messages", JSON.stringify({ text: "hi" }), { origin: "https://evil.example" })).status).toBe(403);
    expect((await v.post("/api/chat/messages", JSON.stringify({ text: "x".repeat(40_000) }))).status).toBe(413);
  });
});

describe("the transcript", () => {
  it("is composed from the stored conversation and queued to TEAM_EMAIL only", async () => {
    const v = chatVisitor(site.url);
    await v.session();
    expect((await v.transcript()).body).toEqual({ error: transcriptEmpty() });
    await v.lead("Linus", "linus@example.com");
    await v.send("How will the permit management system work?");
    // The browser cannot choose the recipient or the text.
    const forged = await v.post("/api/chat/transcript", JSON.stringify({ to: "victim@example.com", text: "spam" }));
    expect(forged.status).toBe(400);
    // A body without the page's language is no request: refused, nothing queued.
    for (const body of ["{}", ""]) {
      const empty = await v.post("/api/chat/transcript", body);
      expect(empty.status, body).toBe(400);
    }
    expect(query("SELECT id FROM mail WHERE subject LIKE 'Chat Transcript%'")).toEqual([]);
    const sent = await v.transcript();
    expect(sent).toEqual({ status: 200, body: { ok: true } });
    const mails = query<{ to: string; subject: string; text: string; html: string }>("SELECT \"to\", subject, text, html FROM mail WHERE subject LIKE 'Chat Transcript%'");
    const mail = mails.find((m) => m.subject === "Chat Transcript from Linus");
    expect(mail?.to).toBe(TEAM);
    expect(query("SELECT id FROM mail WHERE \"to\" = 'victim@example.com'")).toHaveLength(0);
    const lines = mail!.text.split("\n\n").slice(1);
    // The team's mail names the visitor's language.
    expect(mail!.text.split("\n\n")[0]).toBe("Language: English");
    expect(lines.slice(0, 5)).toEqual([
      `Max Load: ${greeting()}`,
      "Linus: Linus",
      `Max Load: ${niceToMeetYou("Linus")}`,
      "Linus: linus@example.com",
      `Max Load: ${demoLimitMessage(5)}`,
    ]);
    expect(lines[5]).toBe("Linus: How will the permit management system work?");
    expect(lines[6]).toMatch(/^Max Load: You asked about permit, management and system\. Here is what I can tell you/);
    expect(mail!.html).toContain("<br><br>");
  });

  it("from a French page: the conversation in French, the mail to the team in English, naming the language", async () => {
    const v = chatVisitor(site.url, {}, "fr");
    await v.session();
    await v.lead("Élise", "elise@example.ca");
    expect(await v.transcript()).toEqual({ status: 200, body: { ok: true } });
    const mail = query<{ to: string; subject: string; text: string }>("SELECT \"to\", subject, text FROM mail WHERE subject = 'Chat Transcript from Élise'")[0];
    expect(mail?.to).toBe(TEAM);
    expect(mail!.text.split("\n\n").slice(0, 4)).toEqual(["Language: French", `Max Load: ${greeting("fr")}`, "Élise: Élise", `Max Load: ${niceToMeetYou("Élise", "fr")}`]);
  });

  it("is limited to a few per visitor per hour", async () => {
    const v = chatVisitor(site.url);
    await v.session();
    await v.lead("Flo", "flo@example.com");
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await v.transcript()).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect((await v.transcript()).body.error).toBe(transcriptTooMany());
  });
});

describe("the team's lead tool", () => {
  it("exports conversations with the leads and deletes them with the person", async () => {
    const v = chatVisitor(site.url);
    await v.session();
    await v.lead("Erin", "Erin@Example.com");
    await v.send("How will the permit management system work?");
    const database = openDatabase({ kind: "sqlite", file: `${site.dataDir}/site.db` });
    try {
      const out = new PassThrough();
      let json = "";
      out.on("data", (chunk: Buffer) => (json += chunk.toString()));
      await exportLeads(database.db, { format: "json", out });
      const records = JSON.parse(json) as { kind: string; email?: string; name?: string; message?: string }[];
      const conversation = records.find((r) => r.kind === "chat-conversation" && r.email === "Erin@Example.com");
      expect(conversation?.name).toBe("Erin");
      expect(conversation?.message).toContain("Erin: How will the permit management system work?");
      expect(records.some((r) => r.kind === "chat" && r.email === "Erin@Example.com")).toBe(true);

      const counts = await deletePerson(database.db, "erin@example.com");
      expect(counts["chat-conversation"]).toBeGreaterThan(5);
      expect(counts.chat).toBe(1);
    } finally {
      await database.close();
    }
    expect(query("SELECT id FROM chat_visitors WHERE lower(email) = 'erin@example.com'")).toHaveLength(0);
    expect(query("SELECT id FROM chat_messages WHERE content LIKE '%permit management system%' AND visitor_id NOT IN (SELECT id FROM chat_visitors)")).toHaveLength(0);
  });
});
