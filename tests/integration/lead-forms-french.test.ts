/**
 * The lead forms' answers in French, against the production server: JSON posts (the forms'
 * script sends the page's language as `locale`) and plain form posts to /fr/newsletter,
 * /fr/contact and /fr/request-information, the French redirect after a plain sign-up, the
 * language passed on to the stored sign-up (its consent text as shown), the unsubscribe page
 * under /fr, and a language we do not have (a clear 400, never a 500). English stays the spec's.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NewsletterKeys } from "../../server/newsletter/keys";
import { startSite, type Site } from "../support/site-server";
import { postJson } from "./leads-helpers";
import { siteQuery, type Query } from "./newsletter-db";

const SECRET = "french-forms-test-secret-0123456789-abcdef";

const FR = {
  invalidEmail: "Veuillez entrer une adresse courriel valide.",
  correct: "Veuillez corriger les champs indiqués.",
  subscribed: "Merci de votre abonnement! Bienvenue dans la communauté HeavyRoute\u00a0: nous vous tiendrons au courant de notre lancement.",
  already: "Cette adresse courriel est déjà abonnée.",
  consent: "Recevez par courriel les nouvelles du lancement et les offres d'accès anticipé. Aucun pourriel; désabonnement en tout temps.",
  contactSent: "Votre message a bien été envoyé! Nous communiquerons avec vous sous peu.",
  requestSent: "Votre demande a bien été envoyée. Nous communiquerons avec vous sous peu!",
  locale: "Le champ «\u00a0locale\u00a0» doit valoir «\u00a0en\u00a0» ou «\u00a0fr\u00a0».",
};

let site: Site;
let query: Query;
beforeAll(async () => {
  site = await startSite({ env: { RATE_LIMIT_POST_PER_MINUTE: "1000", SESSION_SECRET: SECRET, TEAM_EMAIL: "team@example.com" } });
  query = siteQuery({ dataDir: site.dataDir });
}, 60_000);
afterAll(async () => {
  await site?.stop();
});

let n = 0;
const unique = (tag: string) => `${tag}-${Date.now()}-${n++}@example.com`;

/** The visible text of a page (tags and entities out; non-breaking spaces kept). */
const textOf = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/[ \t\r\n]+/g, " ");

const plainPost = (path: string, fields: Record<string, string>) =>
  fetch(`${site.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  });

describe("the newsletter in French", () => {
  it("JSON: a bad address gets the French field message; the English page keeps the spec's", async () => {
    const french = await postJson(`${site.url}/fr/newsletter`, { email: "no-at-sign", locale: "fr" });
    expect(french.status).toBe(400);
    expect(await french.json()).toEqual({ ok: false, message: FR.correct, fieldErrors: { email: FR.invalidEmail } });

    const english = await postJson(`${site.url}/newsletter`, { email: "no-at-sign", locale: "en" });
    expect(english.status).toBe(400);
    expect(await english.json()).toMatchObject({ fieldErrors: { email: "Please enter a valid email address." } });
  });

  it("JSON: the body's language wins over the URL's; without one, the URL's", async () => {
    const bodySaysFrench = await postJson(`${site.url}/newsletter`, { email: "", locale: "fr" });
    expect(await bodySaysFrench.json()).toMatchObject({ fieldErrors: { email: FR.invalidEmail } });
    const urlSaysFrench = await postJson(`${site.url}/fr/newsletter`, { email: "" });
    expect(await urlSaysFrench.json()).toMatchObject({ fieldErrors: { email: FR.invalidEmail } });
  });

  it("JSON: a French sign-up succeeds in French, is stored with the French consent text, and a second one is already subscribed", async () => {
    const email = unique("marie");
    const response = await postJson(`${site.url}/fr/newsletter`, { email, page: "/fr", locale: "fr" });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, message: FR.subscribed });
    const [row] = await query<Record<string, string | null>>("select * from subscribers where email_normalized = $1", [email]);
    expect(row).toMatchObject({ status: "active", consent_page: "/fr", consent_text: FR.consent });

    const again = await postJson(`${site.url}/fr/newsletter`, { email: email.toUpperCase(), locale: "fr" });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ ok: false, message: FR.already, fieldErrors: { email: FR.already } });
  });

  it("a language we do not have is a clear 400 (in the URL's language), never a 500, and nothing is stored", async () => {
    for (const locale of ["de", "FR", "", 42, null, ["fr"]]) {
      const email = unique("lang");
      const english = await postJson(`${site.url}/newsletter`, { email, locale });
      expect(english.status, JSON.stringify(locale)).toBe(400);
      expect(await english.json()).toMatchObject({ ok: false, message: 'The field "locale" must be "en" or "fr".' });
      const french = await postJson(`${site.url}/fr/contact`, { name: "Ana", email, message: "Bonjour", locale });
      expect(french.status, JSON.stringify(locale)).toBe(400);
      expect(await french.json()).toMatchObject({ ok: false, message: FR.locale });
      expect(await query("select id from subscribers where email_normalized = $1", [email])).toEqual([]);
    }
  });

  it("plain post: a bad address answers the French page with the French message and the form posting to /fr/newsletter", async () => {
    const response = await plainPost("/fr/newsletter", { email: "pas-une-adresse", page: "/fr" });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain('<html lang="fr-CA"');
    expect(html).toContain('action="/fr/newsletter"');
    const text = textOf(html);
    expect(text).toContain(FR.invalidEmail);
    expect(text).toContain("S'abonner");
    expect(text).not.toContain("Please enter a valid email address.");
  });

  it("plain post: a sign-up is sent on to /fr/newsletter/subscribed, which says so in French", async () => {
    const email = unique("plain");
    const response = await plainPost("/fr/newsletter", { email, page: "/fr" });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/fr/newsletter/subscribed");
    const page = await fetch(`${site.url}/fr/newsletter/subscribed`);
    expect(page.status).toBe(200);
    expect(textOf(await page.text())).toContain(FR.subscribed);
    const [row] = await query<Record<string, string | null>>("select consent_text from subscribers where email_normalized = $1", [email]);
    expect(row?.consent_text).toBe(FR.consent);

    const english = await plainPost("/newsletter", { email: unique("plain-en"), page: "/" });
    expect(english.headers.get("location")).toBe("/newsletter/subscribed");
  });
});

describe("contact and information request in French", () => {
  it("contact: JSON errors and success in French; a plain post's page says MERCI", async () => {
    const missing = await postJson(`${site.url}/fr/contact`, { name: "", email: "x", message: "", locale: "fr" });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({
      fieldErrors: { name: "Veuillez entrer votre nom.", email: FR.invalidEmail, message: "Veuillez entrer votre message." },
    });
    const sent = await postJson(`${site.url}/fr/contact`, { name: "Ana", email: unique("ana"), category: "feature", message: "Bonjour", locale: "fr" });
    expect(await sent.json()).toEqual({ ok: true, message: FR.contactSent });

    const page = await plainPost("/fr/contact", { name: "Luc", email: unique("luc"), category: "question", message: "Allô" });
    expect(page.status).toBe(200);
    const text = textOf(await page.text());
    expect(text).toContain("MERCI");
    expect(text).toContain("Le courriel a bien été envoyé");
    expect(text).toContain(FR.contactSent);
  });

  it("information request: French success; the plan type stays the English value, a translated one is refused in French", async () => {
    const fields = { name: "Ana", email: unique("info"), phone: "+1 418 555 0100", company: "Transports Ana", message: "Des détails?" };
    const sent = await postJson(`${site.url}/fr/request-information`, { ...fields, planType: "Government", locale: "fr" });
    expect(await sent.json()).toEqual({ ok: true, message: FR.requestSent });
    const [row] = await query<{ plan_type: string }>("select plan_type from more_information where email = $1", [fields.email]);
    expect(row?.plan_type).toBe("Government");

    const page = await plainPost("/fr/request-information", { ...fields, planType: "Gouvernement" });
    expect(page.status).toBe(400);
    const text = textOf(await page.text());
    expect(text).toContain("Veuillez choisir un type de forfait\u00a0: Abonnement, Gouvernement, Formation ou Jetons.");
    expect(text).toContain("Retour à l'aperçu de la plateforme");
  });
});

describe("the unsubscribe page in French", () => {
  it("asks, unsubscribes and answers in French; its one-click POST is exempt from the Origin check like the English one", async () => {
    const missing = await fetch(`${site.url}/fr/unsubscribe`);
    expect(missing.status).toBe(400);
    expect(textOf(await missing.text())).toContain("Cette page a besoin du lien de désabonnement de l'un de nos courriels.");

    const email = unique("bye");
    await postJson(`${site.url}/fr/newsletter`, { email, locale: "fr" });
    const [row] = await query<{ unsubscribe_key: string }>("select unsubscribe_key from subscribers where email_normalized = $1", [email]);
    const token = new NewsletterKeys(SECRET).token(row!.unsubscribe_key);
    const link = `/fr/unsubscribe?token=${encodeURIComponent(token)}`;
    const confirm = await fetch(`${site.url}${link}`);
    const html = await confirm.text();
    expect(html).toContain(`action="${link.replace(/&/g, "&amp;")}"`);
    expect(textOf(html)).toContain("Appuyez sur le bouton pour ne plus recevoir l'infolettre à cette adresse.");

    const oneClick = await fetch(`${site.url}${link}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", Origin: "https://mail.example.net", "Sec-Fetch-Site": "cross-site" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.status).toBe(200);
    expect(textOf(await oneClick.text())).toContain("Votre désabonnement est confirmé. Vous ne recevrez plus l'infolettre.");
    const [after] = await query<{ status: string }>("select status from subscribers where email_normalized = $1", [email]);
    expect(after?.status).toBe("unsubscribed");
  });
});
