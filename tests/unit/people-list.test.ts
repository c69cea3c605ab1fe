/**
 * The people list on SQLite and PostgreSQL: the summaries the lead writes keep (sign-up, contact,
 * information request, chat), through erasure and retention and the migration's backfill, and the
 * list's filters, count, orders and pages read from them.
 */
import { LeadAlerts } from "../../server/mail/lead-alerts";
import crypto from "node:crypto";
import os from "node:os";
import { describe, expect, it } from "vitest";
import { DATABASE_ENGINES, migratedDatabase } from "../support/engines";
import { Audit } from "../../server/audit/audit";
import { createChatService } from "../../server/chat/chat-service";
import { loadConfig } from "../../server/config";
import { SUMMARY_SOURCES, refreshPersonSummaries } from "../../server/db/person-summary";
import { createLogger } from "../../server/logger";
import { erasePerson } from "../../server/leads/erase";
import { LeadCapture } from "../../server/leads/lead-capture";
import { LEAD_KIND_TABLES } from "../../server/leads/lead-kinds";
import { NO_ATTRIBUTION } from "../../server/analytics/lead-attribution";
import { MailOutbox } from "../../server/mail/outbox";
import { NewsletterKeys } from "../../server/newsletter/keys";
import { NewsletterSignUp } from "../../server/newsletter/sign-up";
import { purgeExpired } from "../../server/retention";
import { parsePeopleFilter } from "~/features/team/team-schemas";
import { TeamLeads } from "../../server/team/leads";
import { PeopleList } from "../../server/team/people-list";

it("summarises the lead registry's kinds, each from its table, time and address", () => {
  expect(SUMMARY_SOURCES.map((s) => [s.kind, s.table, s.time, JSON.stringify(s.address.toOperationNode())])).toEqual(LEAD_KIND_TABLES.map((k) => [k.name, k.table, k.time, JSON.stringify(k.address.toOperationNode())]));
  for (const source of SUMMARY_SOURCES) {
    const kind = LEAD_KIND_TABLES.find((k) => k.name === source.kind)!;
    expect(source.columns.every((column) => (kind.columns as readonly string[]).includes(column)), source.kind).toBe(true);
    expect(source.searched, source.kind).toEqual(kind.searched);
  }
});

const filter = (query: string) => {
  const parsed = parsePeopleFilter(new URLSearchParams(query));
  if (!parsed.ok) throw new Error(parsed.errors.join(" "));
  return parsed.value;
};

describe.each(DATABASE_ENGINES)("the people list on $name", (engine) => {
  const database = migratedDatabase(engine);

  it("keeps one summary per person as leads are written, erased and expire, and lists, filters, counts and pages them", async () => {
    const handle = database();
    const { db } = handle;
    const config = loadConfig({ DATA_DIR: os.tmpdir(), LOG_LEVEL: "silent", TEAM_EMAIL: "team@example.com", ADMIN_EMAIL: "admin@example.com" });
    const logger = createLogger("silent");
    const outbox = new MailOutbox(db, { kind: "file", send: () => Promise.resolve("not sent"), close: () => undefined }, logger);
    const alerts = new LeadAlerts(outbox, config.mail.origin, config.teamTimeZone);
    const signUp = new NewsletterSignUp(handle, outbox, config.mail, new NewsletterKeys("k".repeat(40)), alerts);
    const capture = new LeadCapture(db, outbox, config.mail, alerts);
    const chat = createChatService({ db, config, logger, provider: undefined, outbox });
    const audit = new Audit(db);
    const list = new PeopleList(db, new TeamLeads(db, audit, handle.kind), audit);
    const summary = (email: string) => db.selectFrom("person_summaries").selectAll().where("email", "=", email).executeTakeFirst();

    try {
      // Rita: newsletter, then an information request, then a chat lead (another name's spelling).
      expect(await signUp.subscribe("Rita@Example.com", { page: "/", clientKey: "203.0.113.1" })).toBe("subscribed");
      await capture.requestInformation(
        { name: "Rita Route", email: "rita@example.com", phone: "+1 555 0100", company: "Route Co", message: "Permits for a 90 t transformer.", planType: "Government" },
        { ...NO_ATTRIBUTION, utm_source: "LinkedIn", utm_campaign: "Spring 100%" },
      );
      await chat.saveLead(crypto.randomUUID(), { name: "Rita R.", email: "RITA@example.com", timeZone: "UTC" });
      await capture.contact({ name: "Carl Contact", email: "carl@example.com", category: "question", message: "Escorts?" }, { ...NO_ATTRIBUTION, utm_source: "newsletter", utm_campaign: "spring" });
    } finally {
      chat.close();
    }
    const rita = await summary("rita@example.com");
    expect(rita).toMatchObject({ name: "Rita R.", company: "Route Co", lead_count: 3, kinds: "\nchat\ninformation-request\nnewsletter\n", plans: "\nGovernment\n", sources: "\nlinkedin\n", campaigns: "\nspring 100%\n" });
    expect(rita!.search_text).toContain("rita route | rita@example.com | route co | permits for a 90 t transformer.");
    const leads = JSON.parse(rita!.leads) as { kind: string; at: string }[];
    expect(leads.map((lead) => lead.kind)).toEqual(["chat", "information-request", "newsletter"]);
    expect(rita!.last_lead_at).toBe(leads[0]!.at);
    expect(rita!.first_lead_at).toBe(leads[2]!.at);

    // The list: one entry per person, newest first, the team's work beside it.
    await db.insertInto("people").values({ email: "carl@example.com", owner: "ann@example.com", stage: "contacted", follow_up_on: "2026-01-10", updated_at: "2026-01-01T00:00:00.000Z", updated_by: "ann@example.com" }).execute();
    const all = await list.page(filter(""), "ann@example.com", "2026-01-10");
    expect(all.total).toBe(2);
    expect(all.people.map((p) => [p.email, p.stage, p.owner])).toEqual([
      ["carl@example.com", "contacted", "ann@example.com"],
      ["rita@example.com", "new", null],
    ]);
    const emails = async (query: string, today = "2026-01-10") => (await list.page(filter(query), "ann@example.com", today)).people.map((p) => p.email);
    expect(await emails("owner=me")).toEqual(["carl@example.com"]);
    expect(await emails("owner=unowned")).toEqual(["rita@example.com"]);
    expect(await emails("stage=new")).toEqual(["rita@example.com"]);
    expect(await emails("due=1")).toEqual(["carl@example.com"]);
    expect(await emails("due=1", "2026-01-09")).toEqual([]);
    expect(await emails("kind=chat")).toEqual(["rita@example.com"]);
    expect(await emails("plan=Government")).toEqual(["rita@example.com"]);
    // One lead property at a time: the summary answers, any case, whole UTM values, % and _ literal.
    expect(await emails("q=TRANSFORMER")).toEqual(["rita@example.com"]);
    expect(await emails("q=route co | permits")).toEqual(["rita@example.com"]);
    expect(await emails("q=100%25")).toEqual([]);
    expect(await emails("q=r_ta")).toEqual([]);
    expect(await emails("source=linkedin")).toEqual(["rita@example.com"]);
    expect(await emails("campaign=SPRING")).toEqual(["carl@example.com"]);
    expect(await emails("campaign=spring 100%25")).toEqual(["rita@example.com"]);
    expect(await emails("campaign=spring 1_0%25")).toEqual([]);
    // Two of them, or a filter only a lead answers: one lead of the person must match them all.
    expect(await emails("q=transformer&kind=contact")).toEqual([]);
    expect(await emails("q=transformer&kind=information-request")).toEqual(["rita@example.com"]);
    expect(await emails("source=linkedin&kind=chat")).toEqual([]);
    expect(await emails("source=linkedin&campaign=spring 100%25")).toEqual(["rita@example.com"]);
    expect(await emails("status=open&kind=contact")).toEqual(["carl@example.com"]);
    expect(await emails("sort=name")).toEqual(["carl@example.com", "rita@example.com"]);
    expect(await emails("sort=oldest")).toEqual(["rita@example.com", "carl@example.com"]);

    // Pages of one, in each order: every person once.
    for (const sort of ["newest", "oldest", "name"]) {
      const seen: string[] = [];
      let after: string | undefined;
      do {
        const page = await list.page({ ...filter(`sort=${sort}&size=1`), after }, "ann@example.com", "2026-01-10");
        expect(page.total).toBe(2);
        seen.push(...page.people.map((p) => p.email));
        after = page.next;
      } while (after);
      expect(seen.sort(), sort).toEqual(["carl@example.com", "rita@example.com"]);
    }

    // Saved filters: the member's own, audited.
    expect(await list.saveFilter("ann@example.com", "Due", "?due=1")).toBe("saved");
    expect(await list.saveFilter("ann@example.com", "Due", "?due=1&owner=me")).toBe("saved");
    const saved = await list.savedFilters("ann@example.com");
    expect(saved.map((f) => [f.name, f.query])).toEqual([["Due", "?due=1&owner=me"]]);
    expect(await list.savedFilters("bob@example.com")).toEqual([]);
    expect(await list.deleteFilter("bob@example.com", saved[0]!.id)).toBe(false);
    expect(await list.deleteFilter("ann@example.com", saved[0]!.id)).toBe(true);
    const actions = (await db.selectFrom("audit_log").select(["action", "subject"]).where("actor", "=", "ann@example.com").execute()).map((row) => `${row.action} ${row.subject}`);
    expect(actions).toEqual(expect.arrayContaining(["saved-filter-save Due", "saved-filter-delete Due"]));

    // Erasure takes the summary; retention brings it in line.
    await erasePerson(db, "carl@example.com");
    expect(await summary("carl@example.com")).toBeUndefined();
    await db.updateTable("more_information").set({ created_at: "2020-01-01T00:00:00.000Z" }).execute();
    await purgeExpired(db);
    expect(await summary("rita@example.com")).toMatchObject({ lead_count: 2, kinds: "\nchat\nnewsletter\n", plans: "\n\n", sources: "\n\n", campaigns: "\n\n", company: null });
    expect(await emails("q=transformer")).toEqual([]);

    // The backfill writes what the lead writes did.
    const before = await db.selectFrom("person_summaries").selectAll().orderBy("email").execute();
    await db.deleteFrom("person_summaries").execute();
    await refreshPersonSummaries(db, "all");
    expect(await db.selectFrom("person_summaries").selectAll().orderBy("email").execute()).toEqual(before);
  }, 60_000);

  it("stores each lead's language, lists people's languages, filters people and leads by it, exports it, and names it in the team's alerts", async () => {
    const handle = database();
    const { db } = handle;
    const config = loadConfig({ DATA_DIR: os.tmpdir(), LOG_LEVEL: "silent", TEAM_EMAIL: "team@example.com", ADMIN_EMAIL: "admin@example.com" });
    const logger = createLogger("silent");
    const outbox = new MailOutbox(db, { kind: "file", send: () => Promise.resolve("not sent"), close: () => undefined }, logger);
    const alerts = new LeadAlerts(outbox, config.mail.origin, config.teamTimeZone);
    const signUp = new NewsletterSignUp(handle, outbox, config.mail, new NewsletterKeys("k".repeat(40)), alerts);
    const capture = new LeadCapture(db, outbox, config.mail, alerts);
    const audit = new Audit(db);
    const leads = new TeamLeads(db, audit, handle.kind);
    const list = new PeopleList(db, leads, audit);
    await db.insertInto("team_members").values({ email: "ann@example.com", since: new Date().toISOString(), alerts: "now" }).execute();

    // Jeanne signs up on a French page and writes in French; Paul writes in English, then subscribes in French.
    expect(await signUp.subscribe("jeanne@example.com", { page: "/fr", clientKey: "203.0.113.1" }, "fr")).toBe("subscribed");
    await capture.contact({ name: "Jeanne", email: "jeanne@example.com", category: "question", message: "Escortes?" }, undefined, "fr");
    await capture.requestInformation({ name: "Paul", email: "paul@example.com", phone: "+1 555 0100", company: "Route Co", message: "Permits", planType: "Token" });
    expect(await signUp.subscribe("paul@example.com", { page: "/fr/newsletter", clientKey: "203.0.113.2", locale: "fr" })).toBe("subscribed");
    expect(await signUp.subscribe("eve@example.com", { page: "/", clientKey: "203.0.113.3" })).toBe("subscribed");

    // The database is the describe block's: the earlier test's people (all English) are in it too.
    const ours = ["eve@example.com", "jeanne@example.com", "paul@example.com"];
    const languages = await db.selectFrom("subscribers").select(["email", "language"]).where("email", "in", ours).orderBy("email").execute();
    expect(languages).toEqual([
      { email: "eve@example.com", language: "en" },
      { email: "jeanne@example.com", language: "fr" },
      { email: "paul@example.com", language: "fr" },
    ]);
    expect(await db.selectFrom("contact_messages").select("language").where("email", "in", ours).execute()).toEqual([{ language: "fr" }]);
    expect(await db.selectFrom("more_information").select("language").where("email", "in", ours).execute()).toEqual([{ language: "en" }]);
    expect((await db.selectFrom("person_summaries").select("languages").where("email", "=", "paul@example.com").executeTakeFirst())?.languages).toBe("\nen\nfr\n");
    // The chat's "Ask the team" hands the language with the message.
    await db.transaction().execute((trx) => capture.storeContactMessage(trx, { name: "Zoé", email: "zoe-lang@example.com", category: "question", message: "Bonjour", locale: "fr" }, new Date().toISOString()));
    expect(await db.selectFrom("contact_messages").select("language").where("email", "=", "zoe-lang@example.com").execute()).toEqual([{ language: "fr" }]);

    const emails = async (query: string) => (await list.page(filter(query), "ann@example.com", "2026-01-01")).people.map((person) => person.email).filter((email) => ours.includes(email));
    expect(await emails("language=fr")).toEqual(["paul@example.com", "jeanne@example.com"]);
    expect(await emails("language=en")).toEqual(["eve@example.com", "paul@example.com"]);
    // With another lead property, one lead must hold both: read from the leads.
    expect(await emails("language=en&kind=newsletter")).toEqual(["eve@example.com"]);
    expect(await emails("language=fr&kind=contact")).toEqual(["jeanne@example.com"]);
    expect((await list.page(filter("language=fr"), "ann@example.com", "2026-01-01")).people.find((person) => person.email === "paul@example.com")?.languages).toEqual(["en", "fr"]);
    expect(parsePeopleFilter(new URLSearchParams("language=de"))).toEqual({ ok: false, errors: ["Language must be one of: en, fr."] });

    // The team's list and export read the lead's language.
    const exported: { email: string; kind: string; language: string | null }[] = [];
    for await (const lead of leads.all(filter("language=fr"))) exported.push({ email: lead.email, kind: lead.kind, language: lead.language });
    expect(exported.sort((a, b) => a.email.localeCompare(b.email) || a.kind.localeCompare(b.kind))).toEqual([
      { email: "jeanne@example.com", kind: "contact", language: "fr" },
      { email: "jeanne@example.com", kind: "newsletter", language: "fr" },
      { email: "paul@example.com", kind: "newsletter", language: "fr" },
      { email: "zoe-lang@example.com", kind: "contact", language: "fr" },
    ]);

    // The team's mail stays in English and names the lead's language.
    const mails = await db.selectFrom("mail").select(["to", "subject", "text", "template"]).where("about_email", "in", ours).execute();
    const alertTo = (who: string) => mails.filter((mail) => mail.to === "ann@example.com" && mail.subject.includes(who)).map((mail) => mail.text);
    expect(alertTo("Jeanne <jeanne@example.com>")).toEqual([expect.stringContaining("\nLanguage: French\n")]);
    expect(alertTo("Paul <paul@example.com>")).toEqual([expect.stringContaining("\nLanguage: English\n")]);
    expect(mails.find((mail) => mail.to === "team@example.com" && mail.subject.startsWith("Contact form"))?.text).toContain("\nLanguage: French\n");
    expect(mails.find((mail) => mail.to === "team@example.com" && mail.subject.startsWith("Information request"))?.text).toContain("\nLanguage: English\n");
    const welcome = mails.find((mail) => mail.to === "jeanne@example.com")!;
    expect(welcome.subject).toBe("Bienvenue à l'infolettre de HeavyRoute");
    expect(JSON.parse(welcome.template!)).toMatchObject({ values: { locale: "fr" } });
    expect(JSON.parse(mails.find((mail) => mail.to === "admin@example.com" && mail.subject.includes("jeanne"))!.template!)).toMatchObject({ values: { language: "fr" } });
  });
});
