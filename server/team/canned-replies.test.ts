import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DATABASE_ENGINES, migratedDatabase } from "../../tests/support/engines";
import { Audit } from "../audit/audit";
import { nowIso } from "../db/database";
import { newRowId } from "../db/row-id";
import { createLogger } from "../logger";
import { MailOutbox } from "../mail/outbox";
import { fileSender } from "../mail/senders";
import { CannedReplies, defaultCannedReplies } from "./canned-replies";
import { TeamLeads } from "./leads";
import { TeamPeople } from "./people";
import { PersonWork } from "./person-work";

const MEMBER = "bob@heavyroute.example";
const NBSP = "\u00a0";

// The English texts as the site wrote them before replies had a French version: they must not change.
const ENGLISH_GENERAL = [
  "Hello {name},",
  "Thank you for getting in touch with HeavyRoute, and for your interest in the platform for oversized and heavy transport.",
  "I will be your contact on our team. To make sure we answer exactly what you need, could you tell me a little more about your moves: the kind of loads, the regions you work in, and how you plan routes and permits today? If you prefer, reply with a time that suits you and we can talk it through on a short call.",
  "In the meantime, Max Load, our assistant on the site, can answer general questions about routes, permits and compliance.",
  "Best regards,\nThe HeavyRoute team",
].join("\n\n");
const ENGLISH_SUBSCRIPTION = [
  "Hello {name},",
  "Thank you for your interest in the HeavyRoute subscription plans. Choose the plan that fits how you work. Every plan includes the HeavyRoute platform and Max Load queries.",
  [
    "The options are:",
    "- Pro Solo ($20/month): For independent professionals. 50 Max Load queries per month; Support reply within 72h.",
    "- Pro Team ($100/month): For small teams working together. 250 Max Load queries per month; 48h support; CAD file export; Role-based access.",
    "- Enterprise (Custom): For large organisations with custom needs. Unlimited Max Load queries; 24/7 emergency support.",
  ].join("\n"),
  "Which option fits best depends on how you work and how many people will use it. Reply with a few words about your moves and your team, or with a time that suits you for a short call, and I will help you choose.",
  "Best regards,\nThe HeavyRoute team",
].join("\n\n");

describe("the French canned replies' texts", () => {
  const fr = defaultCannedReplies("fr");

  it("greet, sign off and list the plans the Canadian French way, written from the French platform page", () => {
    for (const body of Object.values(fr)) {
      expect(body).toMatch(/^Bonjour \{name\},\n\n/);
      expect(body).toMatch(/\n\nCordialement,\nL'équipe HeavyRoute$/);
      expect(body).not.toMatch(/\b(Hello|there|Thank|Best regards|plans?)\b/);
      // A non-breaking space before each colon, none before a question mark or a semicolon.
      expect(body).not.toMatch(/[^\u00a0]:|[ \u00a0][?;]/);
    }
    expect(fr.Subscription).toContain("Merci de l'intérêt que vous portez à nos forfaits d'abonnement. Choisissez le forfait qui correspond à votre façon de travailler.");
    expect(fr.Subscription).toContain(`- Pro Solo (20${NBSP}$/mois)${NBSP}: pour les professionnels indépendants. 50 requêtes à Max Load par mois; réponse du soutien en moins de 72${NBSP}h.`);
    expect(fr.Subscription).toContain(`- Pro Équipe (100${NBSP}$/mois)${NBSP}: pour les petites équipes qui travaillent ensemble. 250 requêtes à Max Load par mois; soutien en 48${NBSP}h; exportation de fichiers CAO; accès selon les rôles.`);
    expect(fr.Token).toContain("à notre système de jetons.");
    expect(fr.Token).toContain(`- Découverte (49${NBSP}$)${NBSP}: pour essayer les services supplémentaires. 100 jetons.`);
    expect(fr.Government).toContain(`- Municipalités (Sur mesure)${NBSP}:`);
    expect(fr.Government).toContain("Le prix est établi avec chaque organisation.");
    expect(fr.Training).toContain(`- Essentiel (299${NBSP}$)${NBSP}: l'essentiel du transport hors normes. Accès pendant 3${NBSP}mois.`);
    expect(fr.general).toContain("Max Load, notre assistant IA sur le site");
  });

  it("leave the English texts as they were", () => {
    const en = defaultCannedReplies("en");
    expect(en.general).toBe(ENGLISH_GENERAL);
    expect(en.Subscription).toBe(ENGLISH_SUBSCRIPTION);
    expect(defaultCannedReplies()).toEqual(en);
  });
});

describe.each(DATABASE_ENGINES)("canned replies in two languages on $name", (engine) => {
  const database = migratedDatabase(engine);

  function services() {
    const { db, kind } = database();
    const audit = new Audit(db);
    const outbox = new MailOutbox(db, fileSender(fs.mkdtempSync(path.join(os.tmpdir(), "canned-replies-")), "Max Load <info@heavyroute.example>"), createLogger("silent"));
    const work = new PersonWork(db, outbox, audit, { origin: "https://www.heavyroute.example", postalAddress: "HeavyRoute, info@heavyroute.example" }, kind);
    const canned = new CannedReplies(db, audit);
    return { db, canned, people: new TeamPeople(db, new TeamLeads(db, audit, kind), audit, work, canned) };
  }

  it("seeds both languages on first read, English unchanged; a French edit is stored and audited with its language, the English one untouched", async () => {
    const { db, canned } = services();
    const replies = await canned.list();
    expect(replies.map((reply) => `${reply.key}/${reply.language}`)).toEqual([
      "general/en",
      "general/fr",
      "Subscription/en",
      "Subscription/fr",
      "Government/en",
      "Government/fr",
      "Training/en",
      "Training/fr",
      "Token/en",
      "Token/fr",
    ]);
    expect(replies.every((reply) => reply.updated_by === null)).toBe(true);
    expect((await canned.get("general", "en"))?.body).toBe(ENGLISH_GENERAL);
    expect((await canned.get("Subscription", "en"))?.body).toBe(ENGLISH_SUBSCRIPTION);
    expect((await canned.get("general", "fr"))?.body).toBe(defaultCannedReplies("fr").general);

    const body = "Bonjour {name},\n\nMerci de nous avoir écrit.\n\nBob";
    expect(await canned.update("general", "fr", body, MEMBER)).toBe(true);
    expect(await canned.update("general", "fr", body, MEMBER)).toBe(false);
    expect(await canned.get("general", "fr")).toMatchObject({ body, updated_by: MEMBER });
    expect(await canned.get("general", "en")).toMatchObject({ body: ENGLISH_GENERAL, updated_by: null });
    const audit = await db.selectFrom("audit_log").select(["actor", "subject", "detail"]).where("action", "=", "canned-reply").execute();
    expect(audit.map((entry) => [entry.actor, entry.subject, JSON.parse(entry.detail) as unknown])).toEqual([
      [MEMBER, "general", { language: "fr", before: defaultCannedReplies("fr").general.length, after: body.length }],
    ]);
    // Read again (another instance's first read): nothing seeded twice, the edit kept.
    expect((await new CannedReplies(db, new Audit(db)).list()).length).toBe(10);
    expect((await canned.get("general", "fr"))?.body).toBe(body);
  });

  it("a French person's reply starts in French with their name, or none; the member may switch to English", async () => {
    const { db, people } = services();
    // The site's texts again (the test above edited one): seeded anew on the next read.
    await db.deleteFrom("canned_replies").execute();
    await db
      .insertInto("more_information")
      .values({ id: newRowId(), name: "Marie Tremblay", email: "marie@example.ca", phone: "+1 418 555 0100", company: "Transports MT", message: "Tarifs?", plan_type: "Government", created_at: nowIso(), language: "fr" })
      .execute();
    await db
      .insertInto("subscribers")
      .values({ id: newRowId(), email: "luc@example.ca", email_normalized: "luc@example.ca", subscribed_at: nowIso(), status: "active", notify_admin: "admin@heavyroute.example", unsubscribe_key: newRowId(), language: "fr" })
      .execute();

    const marie = await people.find("marie@example.ca");
    expect(marie.card.language).toBe("fr");
    const french = await people.replyDraft(marie);
    expect(french.start).toBe("Government");
    expect(french.language).toBe("fr");
    expect(french.body).toMatch(/^Bonjour Marie Tremblay,\n\nMerci de l'intérêt que vous portez à nos solutions pour les gouvernements\./);
    expect(french.subject).toBe("Re: votre demande d'information à HeavyRoute (Gouvernement)");

    const english = await people.replyDraft(marie, { language: "en" });
    expect(english.language).toBe("en");
    expect(english.body).toMatch(/^Hello Marie Tremblay,\n\nThank you for your interest in the HeavyRoute government solutions\./);
    expect(english.subject).toBe("Re: your HeavyRoute information request (Government)");
    expect((await people.replyDraft(marie, { reply: "general" })).body).toMatch(/^Bonjour Marie Tremblay,\n\nMerci d'avoir communiqué avec HeavyRoute/);

    // No name: "Bonjour," in French, "Hello there," in English.
    const luc = await people.find("luc@example.ca");
    expect(luc.card.name).toBeNull();
    const noName = await people.replyDraft(luc);
    expect([noName.start, noName.language]).toEqual(["general", "fr"]);
    expect(noName.body).toMatch(/^Bonjour,\n\nMerci d'avoir communiqué/);
    expect(noName.subject).toBe("Re: votre abonnement à l'infolettre de HeavyRoute");
    expect((await people.replyDraft(luc, { language: "en" })).body).toMatch(/^Hello there,\n\nThank you for getting in touch/);
  });
});
