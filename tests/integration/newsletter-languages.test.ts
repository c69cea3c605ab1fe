/**
 * The newsletter in the subscriber's language, on SQLite and PostgreSQL, the server's own services
 * sending to a real SMTP server on loopback: a French sign-up gets the French welcome, with its
 * links to the French unsubscribe page, and the admin's notice names the language; a campaign written in
 * both languages gives each subscriber exactly one mail, in their language; one written in French
 * only goes to everyone in French. The campaign's progress counts each version's mails.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { startPostgres, type Postgres } from "../support/postgres";
import { startServices, until } from "./leads-helpers";
import { startSmtp, type Smtp } from "../support/smtp";

const SECRET = "languages-test-secret-0123456789-abcdefgh";
const ORIGIN = "https://www.heavyroute.test";

let postgres: Postgres;
let smtp: Smtp;
beforeAll(async () => {
  postgres = await startPostgres();
  smtp = await startSmtp();
}, 120_000);
afterAll(async () => {
  await smtp?.stop();
  await postgres?.stop();
});

it.each(["sqlite", "postgres"] as const)("on %s: welcomes each subscriber in their language and sends each one campaign mail in it", async (kind) => {
  const prefix = `${kind}-`;
  const env: Record<string, string> = { SESSION_SECRET: SECRET, SMTP_URL: smtp.url, PUBLIC_SITE_URL: ORIGIN, MAIL_RATE_PER_MINUTE: "60000", MAIL_POSTAL_ADDRESS: "HeavyRoute Inc., 1 Test Road" };
  if (kind === "postgres") env.DATABASE_URL = await postgres.createDatabase();
  const setup = await startServices(env);
  const { services } = setup;
  const mailsTo = (address: string) => smtp.messages.filter((m) => m.to.includes(address));
  try {
    const english = [1, 2, 3].map((i) => `${prefix}reader-${i}@example.com`);
    const french = [1, 2].map((i) => `${prefix}lecteur-${i}@example.com`);
    for (const email of english) expect(await services.signUp.subscribe(email, { page: "/", clientKey: "203.0.113.5" })).toBe("subscribed");
    for (const email of french) expect(await services.signUp.subscribe(email, { page: "/fr", clientKey: "203.0.113.6" }, "fr")).toBe("subscribed");

    // The welcome: French for a French sign-up, its unsubscribe link to /fr/unsubscribe.
    await until(() => [...english, ...french].every((email) => mailsTo(email).length === 1), 30_000, "every welcome");
    const [welcome] = mailsTo(french[0]!);
    expect(welcome!.subject).toBe("Bienvenue à l'infolettre de HeavyRoute");
    expect(welcome!.text).toContain("Merci de votre abonnement à l'infolettre de HeavyRoute.");
    expect(welcome!.text).toMatch(new RegExp(`Se désabonner en un clic\\u00a0: ${ORIGIN}/fr/unsubscribe\\?token=\\S+`));
    expect(welcome!.html).toContain('<html dir="ltr" lang="fr-CA">');
    expect(welcome!.raw.replace(/\r?\n[ \t]+/g, " ")).toContain(`List-Unsubscribe: <${ORIGIN}/fr/unsubscribe?token=`);
    expect(`${welcome!.text}${welcome!.html}`).not.toMatch(/Thank you|Unsubscribe with one click/);
    const [englishWelcome] = mailsTo(english[0]!);
    expect(englishWelcome!.subject).toBe("Welcome to the HeavyRoute newsletter");
    expect(englishWelcome!.text).toContain(`Unsubscribe with one click: ${ORIGIN}/unsubscribe?token=`);
    // The admin's notice stays English and names the language.
    await until(() => smtp.messages.filter((m) => m.to.includes("admin@example.com") && m.subject.includes(french[0]!)).length === 1, 15_000, "the admin notice");
    expect(smtp.messages.find((m) => m.to.includes("admin@example.com") && m.subject.includes(french[0]!))!.text).toContain("\nLanguage: French\n");

    // A campaign in both languages: the audience by version, then one mail each, in their language.
    const both = await services.campaigns.create("lead@example.com", { subject: `${prefix}We are live`, body: "The platform is **open**.", subject_fr: `${prefix}Nous sommes en ligne`, body_fr: "La plateforme est **ouverte**." });
    const audience = await services.campaigns.audience({});
    expect(audience).toMatchObject({ recipients: 5, languages: { en: 3, fr: 2 } });
    expect(services.campaigns.mailsByVersion((await services.campaigns.get(both))!, audience.languages)).toEqual({ en: 3, fr: 2 });
    const previews = (await services.campaigns.preview(both, "lead@example.com"))!;
    expect(previews.map((preview) => [preview.locale, preview.subject])).toEqual([["en", `${prefix}We are live`], ["fr", `${prefix}Nous sommes en ligne`]]);
    expect(previews[1]!.html).toContain("<strong>ouverte</strong>");
    expect(previews[1]!.html).toContain("Se désabonner en un clic");
    expect(await services.campaigns.start("lead@example.com", both)).toBe(5);
    const campaignMails = (email: string) => mailsTo(email).filter((m) => m.subject.startsWith(prefix));
    await until(() => [...english, ...french].every((email) => campaignMails(email).length >= 1), 60_000, "the bilingual campaign");
    await until(async () => (await services.campaigns.get(both))?.status === "done", 15_000, "the campaign done");
    const sentOf = async (id: string) => (await services.campaigns.get(id))!;
    await until(async () => (await sentOf(both)).sent === 5, 15_000, "every mail of the bilingual campaign marked sent");
    expect((await sentOf(both)).byVersion).toEqual({ en: { sent: 3, failed: 0, remaining: 0 }, fr: { sent: 2, failed: 0, remaining: 0 } });
    for (const email of english) {
      expect(campaignMails(email).map((m) => m.subject), email).toEqual([`${prefix}We are live`]);
      expect(campaignMails(email)[0]!.text).toContain(`${ORIGIN}/unsubscribe?token=`);
    }
    for (const email of french) {
      expect(campaignMails(email).map((m) => m.subject), email).toEqual([`${prefix}Nous sommes en ligne`]);
      expect(campaignMails(email)[0]!.text).toContain("La plateforme est **ouverte**.");
      expect(campaignMails(email)[0]!.text).toContain(`${ORIGIN}/fr/unsubscribe?token=`);
      expect(campaignMails(email)[0]!.html).toContain('lang="fr-CA"');
    }

    // French only: everyone gets the French version (the English subscribers too).
    const frenchOnly = await services.campaigns.create("lead@example.com", { subject: "", body: "", subject_fr: `${prefix}Nouvelles`, body_fr: "Des nouvelles." });
    expect(services.campaigns.mailsByVersion((await services.campaigns.get(frenchOnly))!, audience.languages)).toEqual({ en: 0, fr: 5 });
    expect(await services.campaigns.start("lead@example.com", frenchOnly)).toBe(5);
    await until(() => [...english, ...french].every((email) => campaignMails(email).length === 2), 60_000, "the French-only campaign");
    for (const email of [...english, ...french]) expect(campaignMails(email).map((m) => m.subject).sort(), email).toEqual([`${prefix}${email.includes("reader") ? "We are live" : "Nous sommes en ligne"}`, `${prefix}Nouvelles`].sort());
    await until(async () => (await sentOf(frenchOnly)).sent === 5, 15_000, "every mail of the French campaign marked sent");
    expect((await sentOf(frenchOnly)).byVersion).toEqual({ en: { sent: 0, failed: 0, remaining: 0 }, fr: { sent: 5, failed: 0, remaining: 0 } });
    // English subscribers get the French version with its French footer, their unsubscribe link on the French page.
    expect(campaignMails(english[0]!).find((m) => m.subject === `${prefix}Nouvelles`)!.text).toContain(`Se désabonner en un clic\u00a0: ${ORIGIN}/fr/unsubscribe?token=`);
  } finally {
    await setup.close();
  }
}, 180_000);
