/**
 * Erasing one person (`deletePerson`, `npm run leads -- delete`) on SQLite and PostgreSQL: the
 * person's rows and mails go, those of people whose addresses contain theirs stay. With a webhook
 * endpoint configured, every lead queues its `lead.created` (the payloads checked against their
 * JSON schemas in docs/webhooks/), and erasure drops Ann's and queues `person.erased`.
 */
import crypto from "node:crypto";
import os from "node:os";
import { CompiledQuery, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATABASE_ENGINES } from "../../tests/support/engines";
import { createChatService } from "../chat/chat-service";
import { erasePerson as deletePerson } from "./erase";
import { LEAD_KIND_TABLES } from "./lead-kinds";
import { loadConfig } from "../config";
import { type DatabaseHandle, migrateToLatest, openDatabase } from "../db/database";
import { createLogger } from "../logger";
import { LeadAlerts } from "../mail/lead-alerts";
import { MailOutbox } from "../mail/outbox";
import { NewsletterKeys } from "../newsletter/keys";
import { LeadCapture } from "./lead-capture";
import { NewsletterSignUp } from "../newsletter/sign-up";
import { payloadProblems } from "../../tests/support/webhook-schemas";
import { WEBHOOK_EVENTS } from "~/features/team/webhooks-contract";

const ANN = "ann@example.com";
const JOANN = "joann@example.com";
const ANN_AU = "ann@example.com.au";

describe.each(DATABASE_ENGINES)("erasing one person on $name", ({ open }) => {
  let handle: DatabaseHandle;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    const opened = await open();
    cleanup = opened.cleanup;
    handle = openDatabase(opened.config);

    await migrateToLatest(handle.db);
    const now = new Date().toISOString();
    await handle.db
      .insertInto("webhook_endpoints")
      .values({ id: crypto.randomUUID(), url: "https://crm.example.com/hooks", events: JSON.stringify(WEBHOOK_EVENTS), enabled: 1, secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", created_at: now, created_by: "team@example.com", updated_at: now, updated_by: "team@example.com" })
      .execute();

    // Today's code: the same services the site runs.
    const config = loadConfig({ DATA_DIR: os.tmpdir(), LOG_LEVEL: "silent", TEAM_EMAIL: "team@example.com", ADMIN_EMAIL: "admin@example.com" });
    const logger = createLogger("silent");
    const outbox = new MailOutbox(handle.db, { kind: "file", send: () => Promise.resolve("not sent"), close: () => undefined }, logger);
    const alerts = new LeadAlerts(outbox, config.mail.origin, config.teamTimeZone);
    const signUp = new NewsletterSignUp(handle, outbox, config.mail, new NewsletterKeys("k".repeat(40)), alerts);
    const leads = new LeadCapture(handle.db, outbox, config.mail, alerts);
    const chat = createChatService({ db: handle.db, config, logger, provider: undefined, outbox });
    try {
      for (const [email, name] of [["Ann@Example.com", "Ann"], [JOANN, "Jo Ann"], [ANN_AU, "Ann AU"]] as const) {
        expect(await signUp.subscribe(email, { page: "/", clientKey: "203.0.113.1" })).toBe("subscribed");
        await leads.contact({ name, email, category: "question", message: `Hello from ${name}; my colleagues are ${ANN}, ${JOANN} and ${ANN_AU}.` });
        await leads.requestInformation({ name, email, phone: "+1 555 010 0200", company: "Wide Loads", message: `Write to ${ANN}`, planType: "Government" });
        const visitor = crypto.randomUUID();
        await chat.saveLead(visitor, { name, email, timeZone: "Europe/Paris" });
        expect(await chat.sendTranscript(visitor, `203.0.113.${name.length}`)).toBe("sent");
      }
    } finally {
      chat.close();
    }
  }, 60_000);

  afterAll(async () => {
    await handle?.close();
    await cleanup?.();
  });

  it("every new mail records whom it is about, normalized", async () => {
    const rows = await handle.db.selectFrom("mail").select(["to", "subject", "about_email"]).execute();
    expect(rows).toHaveLength(15);
    for (const email of [ANN, JOANN, ANN_AU]) {
      const mails = rows.filter((row) => row.about_email === email);
      // The admin notice, the welcome to the subscriber, and three mails to the team.
      expect(mails.map((m) => m.to.toLowerCase()).sort(), email).toEqual(["admin@example.com", email, "team@example.com", "team@example.com", "team@example.com"].sort());
      expect(mails.some((m) => m.subject.startsWith("Chat Transcript from")), email).toBe(true);
    }
  });

  it("queues one lead.created per lead, in its transaction, each payload as its schema says", async () => {
    const rows = await handle.db.selectFrom("webhook_deliveries").select(["type", "payload", "about_email"]).execute();
    for (const email of [ANN, JOANN, ANN_AU]) {
      const kinds = rows.filter((row) => row.about_email === email).map((row) => (JSON.parse(row.payload) as { data: { kind: string } }).data.kind);
      expect(kinds.sort(), email).toEqual(["chat", "contact", "information-request", "newsletter"]);
    }
    expect(rows.flatMap((row) => payloadProblems(row.payload))).toEqual([]);
  });

  it("deletes exactly Ann: her rows and mails, nothing of Jo Ann's or of ann@example.com.au", async () => {
    // The team's notes and handled marks (/team) on each person's contact message.
    for (const email of [ANN, JOANN]) {
      const rows = await handle.db.selectFrom("contact_messages").select(["id", "email"]).execute();
      const { id } = rows.find((row) => row.email.trim().toLowerCase() === email)!;
      await handle.db.insertInto("lead_notes").values({ id: crypto.randomUUID(), lead_kind: "contact", lead_id: id, author: "team@example.com", body: `About ${email}`, created_at: new Date().toISOString() }).execute();
      await handle.db.insertInto("lead_states").values({ lead_kind: "contact", lead_id: id, status: "handled", updated_at: new Date().toISOString(), updated_by: "team@example.com" }).execute();
    }
    const before = await snapshot(handle.db, [JOANN, ANN_AU]);
    const counts = await deletePerson(handle.db, "  ANN@example.COM ");
    expect(counts).toEqual({
      "team-notes": 2, // her note and her handled mark

      chat: 1,
      newsletter: 1,
      "information-request": 1,
      contact: 1,
      "chat-conversation": 1 + 5, // the visitor and the five messages of the opening exchange
      mail: 5, // newsletter notice and welcome, contact, information request, transcript
      webhooks: 4, // the lead.created of her four leads
    });
    const erased = await handle.db.selectFrom("webhook_deliveries").select(["payload", "about_email"]).where("type", "=", "person.erased").execute();
    expect(erased.map((row) => (JSON.parse(row.payload) as { type: string; data: unknown }).data)).toEqual([{ email: ANN }]);
    expect(erased[0]!.about_email).toBeNull();
    expect(payloadProblems(erased[0]!.payload)).toEqual([]);
    expect(await handle.db.selectFrom("webhook_deliveries").select("id").where("about_email", "in", [JOANN, ANN_AU]).execute()).toHaveLength(8);
    expect(await snapshot(handle.db, [JOANN, ANN_AU])).toEqual(before);
    expect((await handle.db.selectFrom("lead_notes").select("body").execute()).map((n) => n.body)).toEqual([`About ${JOANN}`]);
    expect(await handle.db.selectFrom("lead_states").select("lead_id").execute()).toHaveLength(1);
    expect(await snapshot(handle.db, [ANN])).toEqual({ leads: [], visitors: [], messages: 0, mails: [] });
    // What stays: the others' records (mentioning ann@example.com in their text).
    const remaining = await handle.db.selectFrom("mail").select(["id", "about_email"]).execute();
    expect(remaining).toHaveLength(15 - 5);
    expect(remaining.filter((row) => row.about_email === JOANN)).toHaveLength(5);
    expect(remaining.filter((row) => row.about_email === ANN_AU)).toHaveLength(5);
    // Erasing again finds nothing.
    expect(Object.values(await deletePerson(handle.db, ANN)).every((n) => n === 0)).toBe(true);
  });

  it("finds a person's rows in every lead table through an index, not by reading the whole table", async () => {
    const lookups = [
      ...LEAD_KIND_TABLES.map((kind) => handle.db.selectFrom(kind.table).select("id").where(kind.address, "=", ANN)),
      handle.db.selectFrom("chat_visitors").select("id").where(sql<string>`lower(email)`, "=", ANN),
      handle.db.selectFrom("campaign_recipients").select("email").where(sql<string>`lower(email)`, "=", ANN),
    ];
    for (const lookup of lookups) {
      const query = lookup.compile();
      const plan = await handle.db.transaction().execute(async (trx) => {
        // The tables are small here: PostgreSQL would read them whole whatever indexes it had.
        if (handle.kind === "postgres") await sql`set local enable_seqscan = off`.execute(trx);
        const explain = handle.kind === "postgres" ? "explain" : "explain query plan";
        const { rows } = await trx.executeQuery(CompiledQuery.raw(`${explain} ${query.sql}`, [...query.parameters]));
        return rows.map((row) => Object.values(row as object).join(" ")).join("\n");
      });
      expect(plan, query.sql).toMatch(/_email_lower|email_normalized/);
    }
  });
});

/** Everything stored for these addresses (compared case-insensitively), in a stable order. */
async function snapshot(db: DatabaseHandle["db"], emails: string[]) {
  const leads = [];
  for (const table of ["potential_customers", "more_information", "contact_messages"] as const) {
    const rows = await db.selectFrom(table).select(["id", "email"]).orderBy("id").execute();
    leads.push(...rows.filter((row) => emails.includes(row.email.toLowerCase())).map((row) => `${table}:${row.id}:${row.email}`));
  }
  const subscribers = await db.selectFrom("subscribers").select(["id", "email"]).where("email_normalized", "in", emails).orderBy("id").execute();
  leads.push(...subscribers.map((row) => `subscribers:${row.id}:${row.email}`));
  const visitors = (await db.selectFrom("chat_visitors").select(["id", "email"]).orderBy("id").execute()).filter((v) => emails.includes(v.email?.toLowerCase() ?? ""));
  const ids = visitors.map((v) => v.id);
  const messages = ids.length === 0 ? 0 : (await db.selectFrom("chat_messages").select("id").where("visitor_id", "in", ids).execute()).length;
  const mails = await db
    .selectFrom("mail")
    .select(["id", "to", "subject", "text", "about_email"])
    .where((eb) => eb.or([eb("about_email", "in", emails), eb("to", "in", emails)]))
    .orderBy("id")
    .execute();
  return { leads: leads.sort(), visitors, messages, mails };
}
