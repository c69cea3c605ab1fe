/**
 * The sign-ups' group commit on SQLite and on PostgreSQL (where it is one statement): one batch
 * mixing new addresses, one address twice, an active subscriber and an unsubscribed one gets
 * exactly the rows, outcomes and mails a visitor and the team expect.
 */
import os from "node:os";
import { describe, expect, it } from "vitest";
import { DATABASE_ENGINES, migratedDatabase } from "../../tests/support/engines";
import { loadConfig } from "../config";
import { createLogger } from "../logger";
import { LeadAlerts } from "../mail/lead-alerts";
import { MailOutbox } from "../mail/outbox";
import { NewsletterKeys } from "./keys";
import { NewsletterSignUp } from "./sign-up";

const config = loadConfig({ DATA_DIR: os.tmpdir(), LOG_LEVEL: "silent", ADMIN_EMAIL: "admin@example.com" });
const context = { page: "/newsletter", clientKey: "203.0.113.7" };

describe.each(DATABASE_ENGINES)("newsletter sign-ups on $name", (engine) => {
  const database = migratedDatabase(engine);
  const service = () => {
    // The worker is never started: every queued mail stays pending, to be counted.
    const outbox = new MailOutbox(database().db, { kind: "file", send: () => Promise.resolve("not sent"), close: () => undefined }, createLogger("silent"));
    return new NewsletterSignUp(database(), outbox, config.mail, new NewsletterKeys("k".repeat(40)), new LeadAlerts(outbox, config.mail.origin, config.teamTimeZone));
  };
  const mailsAbout = async (email: string) =>
    (await database().db.selectFrom("mail").select(["to", "subject", "template", "status"]).where("about_email", "=", email.toLowerCase()).execute())
      .map(({ to, subject, template, status }) => ({ to, subject, template: (JSON.parse(template ?? "null") as { name: string } | null)?.name, status }))
      .sort((a, b) => (a.subject < b.subject ? -1 : a.subject > b.subject ? 1 : 0));

  it("writes new addresses with their two mails, once per address, and re-activates an unsubscribed one with a notice only", async () => {
    const signUp = service();
    const { db } = database();
    expect(await signUp.subscribe("Active@Example.com", context)).toBe("subscribed");
    expect(await signUp.subscribe("gone@example.com", context)).toBe("subscribed");
    await db.updateTable("subscribers").set({ status: "unsubscribed", unsubscribed_at: new Date().toISOString() }).where("email_normalized", "=", "gone@example.com").execute();

    // Started in one turn of the event loop: one group commit.
    const outcomes = await Promise.all(
      ["new.one@example.com", "Twice@Example.com", "twice@example.com", "active@example.com", "GONE@example.com", "new.two@example.com"].map((email) => signUp.subscribe(email, context)),
    );
    expect(outcomes).toEqual(["subscribed", "subscribed", "already-subscribed", "already-subscribed", "subscribed", "subscribed"]);

    const rows = await db.selectFrom("subscribers").select(["email", "status"]).orderBy("email_normalized").execute();
    expect(rows).toEqual([
      { email: "Active@Example.com", status: "active" },
      { email: "gone@example.com", status: "active" },
      { email: "new.one@example.com", status: "active" },
      { email: "new.two@example.com", status: "active" },
      { email: "Twice@Example.com", status: "active" },
    ]);
    const notice = (email: string) => ({ to: "admin@example.com", subject: `New HeavyRoute newsletter subscriber: ${email}`, template: "newsletter-admin-notice", status: "pending" });
    const welcome = (email: string) => ({ to: email, subject: "Welcome to the HeavyRoute newsletter", template: "newsletter-welcome", status: "pending" });
    expect(await mailsAbout("new.one@example.com")).toEqual([notice("new.one@example.com"), welcome("new.one@example.com")]);
    expect(await mailsAbout("twice@example.com")).toEqual([notice("Twice@Example.com"), welcome("Twice@Example.com")]);
    // Active already: nothing more. Re-activated: a second notice, no second welcome.
    expect(await mailsAbout("active@example.com")).toEqual([notice("Active@Example.com"), welcome("Active@Example.com")]);
    expect(await mailsAbout("gone@example.com")).toEqual([notice("GONE@example.com"), notice("gone@example.com"), welcome("gone@example.com")]);
  });

  it("queues a member's at-once alert with each new subscriber of the batch and a re-subscription, none for an address already subscribed", async () => {
    const signUp = service();
    const { db } = database();
    await db.insertInto("team_members").values({ email: "ann@example.com", since: new Date().toISOString(), alerts: "now", alert_kinds: '["newsletter"]' }).execute();
    await db.insertInto("team_members").values({ email: "bob@example.com", since: new Date().toISOString(), alerts: "now", alert_kinds: '["chat"]' }).execute();
    const outcomes = await Promise.all(["alert.one@example.com", "Alert.Two@example.com", "alert.two@example.com"].map((email) => signUp.subscribe(email, context)));
    expect(outcomes).toEqual(["subscribed", "subscribed", "already-subscribed"]);
    const alerts = await db.selectFrom("mail").select(["to", "subject", "about_email"]).where("subject", "like", "New lead:%").orderBy("about_email").execute();
    expect(alerts).toEqual([
      { to: "ann@example.com", subject: "New lead: Newsletter sign-up from alert.one@example.com", about_email: "alert.one@example.com" },
      { to: "ann@example.com", subject: "New lead: Newsletter sign-up from Alert.Two@example.com", about_email: "alert.two@example.com" },
    ]);
    await db.updateTable("subscribers").set({ status: "unsubscribed", unsubscribed_at: new Date().toISOString() }).where("email_normalized", "=", "alert.one@example.com").execute();
    expect(await signUp.subscribe("ALERT.ONE@example.com", context)).toBe("subscribed");
    const again = await db.selectFrom("mail").select(["to", "subject"]).where("subject", "like", "New lead:%").where("about_email", "=", "alert.one@example.com").execute();
    expect(again).toEqual([
      { to: "ann@example.com", subject: "New lead: Newsletter sign-up from alert.one@example.com" },
      { to: "ann@example.com", subject: "New lead: Newsletter sign-up from ALERT.ONE@example.com" },
    ]);
    await db.deleteFrom("team_members").execute();
  });

  it("a batch that cannot be written is refused as a whole, with no row and no mail", async () => {
    const signUp = service();
    const { db } = database();
    const before = await db.selectFrom("mail").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow();
    // An address the outbox refuses (composeMail): the visitor gets an error, nothing half-written.
    const outcomes = await Promise.allSettled(["fine@example.com", "bad\nheader@example.com"].map((email) => signUp.subscribe(email, context)));
    expect(outcomes.map((outcome) => outcome.status)).toEqual(["rejected", "rejected"]);
    expect(await db.selectFrom("subscribers").select("email").where("email_normalized", "in", ["fine@example.com", "bad\nheader@example.com"]).execute()).toEqual([]);
    expect(await db.selectFrom("mail").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).toEqual(before);
  });
});
