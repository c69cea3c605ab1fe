/**
 * "Ask the team" (POST /api/chat/handover) against the production server with a real SMTP server
 * on loopback: one mail to the team with the conversation, through the outbox; the visitor's
 * contact message on their lead in the team workspace; the daily messages untouched; the refusals'
 * texts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { handoverAlready, handoverEmpty, handoverLeadRequired, handoverTooMany, sessionMissing } from "~/features/chat/chat-contract";
import { greeting, handedOver } from "~/features/chat/chat-lines";
import { handoverScope } from "../../server/chat/handover";
import { openDatabase } from "../../server/db/database";
import { erasePerson } from "../../server/leads/erase";
import { type ChatVisitor, chatVisitor } from "../support/chat-client";
import { type Site, startSite } from "../support/site-server";
import { type Smtp, startSmtp } from "../support/smtp";

const PUBLIC = "https://www.heavyroute.example";
const TEAM = "team@example.com";
const MEMBER = "ann@example.com";
const QUESTION = "How will the permit management system work?";

let smtp: Smtp;
let site: Site;

beforeAll(async () => {
  smtp = await startSmtp();
  site = await startSite({
    env: { SMTP_URL: smtp.url, PUBLIC_SITE_URL: PUBLIC, TEAM_EMAIL: TEAM, TEAM_MEMBERS: MEMBER, TEAM_TIMEZONE: "America/Toronto", RATE_LIMIT_POST_PER_MINUTE: "10000", CHAT_DAILY_LIMIT_PER_IP: "10000" },
  });
});
afterAll(async () => {
  await site?.stop();
  await smtp?.stop();
});

const handover = async (visitor: ChatVisitor, body: object = {}) => {
  const response = await visitor.post("/api/chat/handover", JSON.stringify({ locale: "en", ...body }));
  return { status: response.status, body: (await response.json()) as { message?: string; error?: string } };
};

const mailsTo = (to: string) => smtp.messages.filter((mail) => mail.to.includes(to));

/** A team member's session, signed in through the link mailed to them. */
async function signIn(): Promise<string> {
  const form = (fields: Record<string, string>) => ({
    method: "POST",
    redirect: "manual" as const,
    headers: { "content-type": "application/x-www-form-urlencoded", origin: PUBLIC },
    body: new URLSearchParams(fields).toString(),
  });
  const before = mailsTo(MEMBER).length;
  expect((await fetch(`${site.url}/team/sign-in`, form({ email: MEMBER }))).status).toBe(200);
  let link: string | undefined;
  for (let count = smtp.messages.length + 1; !link; count++) {
    await smtp.waitFor(count);
    link = mailsTo(MEMBER)
      .slice(before)
      .map((mail) => /https?:\/\/\S+\/team\/sign-in\/link\?token=([\w-]+)/.exec(mail.text)?.[1])
      .find(Boolean);
  }
  const answer = await fetch(`${site.url}/team/sign-in/link`, form({ token: link, next: "/team" }));
  expect(answer.status).toBe(302);
  return answer.headers.get("set-cookie")!.split(";")[0]!;
}

describe("Ask the team", () => {
  it("delivers one mail with the conversation to the team, puts it on the visitor's lead, and leaves the daily messages alone", async () => {
    const visitor = chatVisitor(site.url, { origin: PUBLIC });
    await visitor.session();
    await visitor.lead("Ada Lovelace", "ada@example.com");
    const answer = await visitor.send(QUESTION);
    expect(answer.final).toMatchObject({ type: "done", limits: { remainingMessages: 4 } });

    // Sent as the chat sends it, with where the visit began (the tab's record) and this page.
    const sent = await handover(visitor, { attribution: { landing_path: "/", utm_source: "permit-forum", utm_campaign: "launch", converted_path: "/platform" } });
    expect(sent).toEqual({ status: 200, body: { message: handedOver("Ada Lovelace", "ada@example.com") } });

    const [mail] = await smtp.waitFor(1);
    expect(mail!.to).toEqual([TEAM]);
    expect(mail!.subject).toBe("Ask the team: Ada Lovelace (Max Load chat)");
    expect(mail!.text).toContain("Please write to them at ada@example.com.");
    // The time as the team reads it, in TEAM_TIMEZONE (TEAM_EMAIL is no member with a zone of their own).
    expect(mail!.text).toMatch(/\nReceived at: (Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d{1,2} \w{3} \d{4}, \d\d:\d\d E[SD]T\n/);
    expect(mail!.text).toContain(`Max Load: ${greeting()}`);
    expect(mail!.text).toContain(`Ada Lovelace: ${QUESTION}`);
    expect(mail!.text).toContain(`Max Load: ${answer.final?.type === "done" ? answer.final.reply.split("\n")[0] : ""}`);

    // Max Load's confirmation is part of the conversation; the day's messages are as they were.
    const session = await visitor.session();
    expect(session.body.history?.at(-1)).toEqual({ role: "assistant", content: handedOver("Ada Lovelace", "ada@example.com") });
    expect(session.body.limits.remainingMessages).toBe(4);

    // Nothing new since: the team already has it, and no second mail leaves.
    expect(await handover(visitor)).toEqual({ status: 409, body: { error: handoverAlready() } });

    // The workspace lists the visitor's contact message, whose page holds the conversation.
    const cookie = await signIn();
    const list = await (await fetch(`${site.url}/team?kind=contact&q=ada%40example.com`, { headers: { cookie } })).text();
    const path = /\/team\/leads\/contact\/[\w-]+/.exec(list)?.[0];
    expect(path).toBeDefined();
    const lead = await (await fetch(`${site.url}${path}`, { headers: { cookie } })).text();
    expect(lead).toContain("ada@example.com");
    expect(lead).toContain("Ask the team");
    expect(lead).toContain(`Ada Lovelace: ${QUESTION}`);
    // Where the contact message came from, as for the other leads.
    expect(lead).toContain("permit-forum");
    expect(lead).toMatch(/Converted on[\s\S]*\/platform/);

    expect(mailsTo(TEAM)).toHaveLength(1);
  });

  it("asks for a question first, and for the name and email before that; a session is needed", async () => {
    const visitor = chatVisitor(site.url, { origin: PUBLIC });
    expect(await handover(visitor)).toEqual({ status: 401, body: { error: sessionMissing() } });
    await visitor.session();
    expect(await handover(visitor)).toEqual({ status: 403, body: { error: handoverLeadRequired() } });
    await visitor.lead("Bo", "bo@example.com");
    expect(await handover(visitor)).toEqual({ status: 400, body: { error: handoverEmpty() } });
    const forged = await visitor.post("/api/chat/handover", JSON.stringify({ to: "victim@example.com" }));
    expect(forged.status).toBe(400);
    expect(mailsTo("victim@example.com")).toHaveLength(0);
  });

  it("is limited to a few per visitor per hour", async () => {
    const visitor = chatVisitor(site.url, { origin: PUBLIC });
    await visitor.session();
    await visitor.lead("Flo", "flo@example.com");
    const statuses = [];
    for (let i = 0; i < 4; i++) {
      await visitor.send(`Tell me about escorts, take ${i + 1}`);
      statuses.push((await handover(visitor)).status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    await visitor.send("One more thing about escorts");
    expect((await handover(visitor)).body.error).toBe(handoverTooMany());
    expect((await visitor.session()).body.limits.remainingMessages).toBe(0);
  });

  it("goes with the person when they are erased: the contact message, the mail and the hand-over count", async () => {
    const visitor = chatVisitor(site.url, { origin: PUBLIC });
    const { body } = await visitor.session();
    await visitor.lead("Gus", "gus@example.com");
    await visitor.send("Do you plan escorts for superloads?");
    expect((await handover(visitor)).status).toBe(200);
    const database = openDatabase({ kind: "sqlite", file: `${site.dataDir}/site.db` });
    try {
      const db = database.db;
      const counters = () => db.selectFrom("chat_counters").select("scope").where("scope", "=", handoverScope(body.user.id)).execute();
      expect(await counters()).toHaveLength(1);
      const counts = await erasePerson(db, "gus@example.com");
      expect(counts.contact).toBe(1);
      expect(await counters()).toHaveLength(0);
      expect(await db.selectFrom("contact_messages").select("id").where("email", "=", "gus@example.com").execute()).toHaveLength(0);
      expect(await db.selectFrom("mail").select("id").where("about_email", "=", "gus@example.com").execute()).toHaveLength(0);
    } finally {
      await database.close();
    }
  });
});
