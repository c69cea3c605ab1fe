import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DATABASE_ENGINES, migratedDatabase } from "../../tests/support/engines";
import { parseMessage } from "../../tests/support/smtp";
import { Audit } from "../audit/audit";
import { nowIso } from "../db/database";
import { newRowId } from "../db/row-id";
import { ERASED_PERSON, erasePerson } from "../leads/erase";
import { createLogger } from "../logger";
import { MailOutbox } from "../mail/outbox";
import { fileSender } from "../mail/senders";
import { TeamAccess } from "./access";
import { TeamMembers } from "./members";
import { NEW_PERSON, PersonWork } from "./person-work";

const logger = createLogger("silent");
const ADMIN = "ann@heavyroute.example";
const MEMBER = "bob@heavyroute.example";

describe.each(DATABASE_ENGINES)("working a person on $name", (engine) => {
  const database = migratedDatabase(engine);

  async function setUp(person: string) {
    const { db } = database();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "person-work-"));
    const outbox = new MailOutbox(db, fileSender(dir, "Max Load <info@heavyroute.example>"), logger);
    const work = new PersonWork(db, outbox, new Audit(db), { origin: "https://www.heavyroute.example", postalAddress: "HeavyRoute, info@heavyroute.example" }, database().kind);
    await db
      .insertInto("team_members")
      .values([ADMIN, MEMBER].map((email) => ({ email, since: nowIso(), role: email === ADMIN ? ("admin" as const) : ("member" as const) })))
      .onConflict((conflict) => conflict.column("email").doNothing())
      .execute();
    await db
      .insertInto("more_information")
      .values({ id: newRowId(), name: "Pat Load", email: person, phone: "+1 555 0100", company: "Load Co", message: "Pricing?", plan_type: "Subscription", created_at: nowIso() })
      .execute();
    return { db, dir, outbox, work };
  }

  it("records each change of owner, stage and follow-up with its before and after, and refuses what it must in words", async () => {
    const { db, work } = await setUp("Pat@Example.com");
    await work.change("pat@example.com", { owner: MEMBER, stage: "qualified", lostReason: null, followUpOn: "2026-12-01" }, ADMIN);
    expect(await work.state("PAT@example.com")).toEqual({ owner: MEMBER, stage: "qualified", lostReason: null, followUpOn: "2026-12-01" });
    const audit = await db.selectFrom("audit_log").select(["actor", "action", "subject", "detail"]).where("subject", "=", "pat@example.com").orderBy("action").execute();
    expect(audit.map((entry) => [entry.action, JSON.parse(entry.detail) as unknown])).toEqual([
      ["person-follow-up", { before: null, after: "2026-12-01" }],
      ["person-owner", { before: null, after: MEMBER }],
      ["person-stage", { before: "new", after: "qualified" }],
    ]);
    expect(audit.every((entry) => entry.actor === ADMIN)).toBe(true);

    const refusal = (promise: Promise<unknown>) => promise.then(() => "accepted", (error: Error & { code?: string }) => `${error.code}: ${error.message}`);
    expect(await refusal(work.change("pat@example.com", { owner: MEMBER, stage: "lost", lostReason: null, followUpOn: null }, ADMIN))).toMatch(/^lost-needs-reason: Give a reason/);
    expect(await refusal(work.change("pat@example.com", { owner: "eve@example.com", stage: "qualified", lostReason: null, followUpOn: "2026-12-01" }, ADMIN))).toMatch(/^not-a-member:/);
    expect(await refusal(work.change("pat@example.com", { owner: MEMBER, stage: "qualified", lostReason: null, followUpOn: "2026-12-01" }, ADMIN))).toMatch(/^nothing-changed:/);
    expect(await refusal(work.change("nobody@example.com", { ...NEW_PERSON, owner: MEMBER }, ADMIN))).toMatch(/^no-such-person:/);

    await work.change("pat@example.com", { owner: MEMBER, stage: "lost", lostReason: "Chose another provider", followUpOn: null }, MEMBER);
    const events = await db.selectFrom("person_events").select(["kind", "actor", "detail"]).where("email", "=", "pat@example.com").where("actor", "=", MEMBER).orderBy("kind", "desc").execute();
    expect(events.map((event) => [event.kind, event.actor, JSON.parse(event.detail) as unknown])).toEqual([
      ["stage", MEMBER, { before: "qualified", after: "lost", reason: "Chose another provider" }],
      ["follow-up", MEMBER, { before: "2026-12-01", after: null }],
    ]);

    // Erased: the history and the row go; the audit log keeps what was done, not to whom.
    await erasePerson(db, "pat@example.com");
    expect(await db.selectFrom("person_events").select("id").where("email", "=", "pat@example.com").execute()).toEqual([]);
    expect(await db.selectFrom("audit_log").select("id").where("subject", "=", "pat@example.com").execute()).toEqual([]);
    expect((await db.selectFrom("audit_log").select("id").where("subject", "=", ERASED_PERSON).execute()).length).toBe(5);
  });

  it("threads replies: Reply-To the member, a Message-ID on the mail origin, In-Reply-To and References of the one before, in the .eml as sent; New moves to Contacted", async () => {
    const { db, dir, outbox, work } = await setUp("quinn@example.com");
    const first = await work.reply("quinn@example.com", { subject: "Re: your request", body: "Hello Quinn,\n\nHere are the plans." }, MEMBER);
    expect((await work.state("quinn@example.com")).stage).toBe("contacted");
    const second = await work.reply("quinn@example.com", { subject: "Re: your request", body: "A follow-up." }, ADMIN);
    await outbox.drain();

    const rows = await db.selectFrom("mail").select(["id", "reply_to", "message_id", "in_reply_to", "thread_references", "status"]).where("id", "in", [first, second]).execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    const one = byId.get(first)!;
    const two = byId.get(second)!;
    expect(one.message_id).toMatch(/^<[\w-]+@www\.heavyroute\.example>$/);
    expect([one.reply_to, one.in_reply_to, one.thread_references]).toEqual([MEMBER, null, null]);
    expect([two.reply_to, two.in_reply_to, two.thread_references]).toEqual([ADMIN, one.message_id, one.message_id]);

    const files = fs.readdirSync(dir).filter((file) => file.endsWith(".eml"));
    const sent = await Promise.all(files.map(async (file) => parseMessage(fs.readFileSync(path.join(dir, file), "utf8"))));
    const firstMail = sent.find((mail) => mail.headers["message-id"] === one.message_id)!;
    const secondMail = sent.find((mail) => mail.headers["message-id"] === two.message_id)!;
    expect(firstMail.headers["reply-to"]).toBe(MEMBER);
    expect(firstMail.headers["in-reply-to"]).toBeUndefined();
    expect(firstMail.text).toMatch(/^Hello Quinn,\n\nHere are the plans.\n\n-- \nSent by /);
    expect(secondMail.headers["reply-to"]).toBe(ADMIN);
    expect(secondMail.headers["in-reply-to"]).toBe(one.message_id);
    expect(secondMail.headers.references).toBe(one.message_id);

    // One stage change (by the first reply), audited as caused by it.
    const stage = await db.selectFrom("audit_log").select(["actor", "detail"]).where("action", "=", "person-stage").where("subject", "=", "quinn@example.com").execute();
    expect(stage.map((entry) => [entry.actor, JSON.parse(entry.detail) as unknown])).toEqual([[MEMBER, { before: "new", after: "contacted", cause: "reply" }]]);
    expect(await db.selectFrom("audit_log").select("actor").where("action", "=", "person-reply").where("subject", "=", "quinn@example.com").orderBy("at").execute()).toEqual([{ actor: MEMBER }, { actor: ADMIN }]);
    await outbox.stop();
  });

  it("an admin removes a member: their people have no owner, in the same transaction, each on its timeline and to the CRM; one audit entry counts them", async () => {
    const { db, outbox, work } = await setUp("rae@example.com");
    await setUp("sol@example.com");
    await setUp("tia@example.com");
    const now = nowIso();
    await db
      .insertInto("webhook_endpoints")
      .values({ id: newRowId(), url: "https://crm.example.com/hooks", events: JSON.stringify(["person.updated"]), enabled: 1, secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", created_at: now, created_by: ADMIN, updated_at: now, updated_by: ADMIN })
      .execute();
    await work.change("rae@example.com", { owner: MEMBER, stage: "qualified", lostReason: null, followUpOn: "2026-12-01" }, MEMBER);
    await work.change("sol@example.com", { ...NEW_PERSON, owner: MEMBER }, ADMIN);
    await work.change("tia@example.com", { ...NEW_PERSON, owner: ADMIN }, ADMIN);
    await db.deleteFrom("webhook_deliveries").execute();
    const auditBefore = new Set((await db.selectFrom("audit_log").select("id").execute()).map((row) => row.id));

    const audit = new Audit(db);
    const mail = { origin: "https://www.heavyroute.example", postalAddress: "HeavyRoute, info@heavyroute.example" };
    const access = new TeamAccess(db, outbox, audit, logger, [ADMIN], mail, "UTC", work);
    const members = new TeamMembers(db, access, outbox, audit, work, database().kind, "UTC");
    expect(await members.remove(ADMIN, MEMBER)).toBe(2);

    // Only the owner changes; the admin's own person keeps her.
    expect(await work.state("rae@example.com")).toEqual({ owner: null, stage: "qualified", lostReason: null, followUpOn: "2026-12-01" });
    expect((await work.state("sol@example.com")).owner).toBeNull();
    expect((await work.state("tia@example.com")).owner).toBe(ADMIN);
    const events = await db.selectFrom("person_events").select(["email", "actor", "detail"]).where("kind", "=", "owner").where("actor", "=", ADMIN).where("detail", "like", "%owner-removed%").orderBy("email").execute();
    expect(events.map((event) => [event.email, event.actor, JSON.parse(event.detail) as unknown])).toEqual([
      ["rae@example.com", ADMIN, { before: MEMBER, after: null, cause: "owner-removed" }],
      ["sol@example.com", ADMIN, { before: MEMBER, after: null, cause: "owner-removed" }],
    ]);
    // One audit entry for the removal, with the count; none per person.
    const entries = (await db.selectFrom("audit_log").select(["id", "actor", "action", "subject", "detail"]).execute()).filter((entry) => !auditBefore.has(entry.id));
    expect(entries.map((entry) => [entry.actor, entry.action, entry.subject, JSON.parse(entry.detail) as unknown])).toEqual([[ADMIN, "member-remove", MEMBER, { role: "member", released: 2 }]]);
    // The CRM hears of each.
    const deliveries = await db.selectFrom("webhook_deliveries").select(["type", "payload"]).execute();
    const told = deliveries.map((row) => JSON.parse(row.payload) as { type: string; data: { email: string; owner: string | null; updated_by: string } });
    expect(told.map((event) => [event.type, event.data.email, event.data.owner, event.data.updated_by]).sort()).toEqual([
      ["person.updated", "rae@example.com", null, ADMIN],
      ["person.updated", "sol@example.com", null, ADMIN],
    ]);

    // Given to a member no longer in the team: refused.
    await expect(work.change("rae@example.com", { owner: MEMBER, stage: "qualified", lostReason: null, followUpOn: "2026-12-01" }, ADMIN)).rejects.toMatchObject({ code: "not-a-member" });
    await outbox.stop();
  });
});
