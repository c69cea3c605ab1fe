import { describe, expect, it } from "vitest";
import { loadConfig } from "../config";
import { claimedMailRow } from "../../tests/support/mail-row";
import { MailTemplateError, renderStored } from "../mail/templates";
import { ADMIN_NOTICE_TEMPLATE, adminNoticeMail, adminNoticeTemplate } from "./admin-notice";
import { NewsletterKeys } from "./keys";
import { WELCOME_TEMPLATE, welcomeMail, welcomeTemplate } from "./subscriber-mail";

const origin = "https://www.heavyroute.test";
const { mail: mailConfig } = loadConfig({ DATA_DIR: "/tmp", LOG_LEVEL: "silent", MAIL_POSTAL_ADDRESS: "HeavyRoute Inc., 1 Test Road", PUBLIC_SITE_URL: origin });
const keys = new NewsletterKeys("s".repeat(40));
// The admin's zone as the outbox would read it from team_members (tests/integration/newsletter.test.ts reads it there).
const zones: Record<string, string> = { "admin@example.com": "America/Toronto" };
const renderers = { [WELCOME_TEMPLATE]: welcomeTemplate(mailConfig, keys), [ADMIN_NOTICE_TEMPLATE]: adminNoticeTemplate((email) => Promise.resolve(zones[email] ?? "UTC")) };


describe("the sign-up's mails, queued as template references", () => {
  const key = NewsletterKeys.newUnsubscribeKey();
  const token = keys.token(key);

  it("the welcome stores the unsubscribe key, not the signed link, and gets link and headers when sent", async () => {
    const row = claimedMailRow(welcomeMail({ email: "ann@example.com", unsubscribeKey: key }));
    expect(row.headers).toBeNull();
    expect(row.template).not.toContain(token);
    const sent = await renderStored(row, renderers);
    const link = `${origin}/unsubscribe?token=${encodeURIComponent(token)}`;
    expect(JSON.parse(sent.headers ?? "null")).toEqual({ "List-Unsubscribe": `<${link}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });
    expect(sent.text).toContain(`Unsubscribe with one click: ${link}`);
    expect(sent.text).toContain("Sent by HeavyRoute Inc., 1 Test Road.");
    expect(keys.verify(token)).toBe(key);
  });

  it("a French subscriber's welcome is in French, its links to the French unsubscribe page, in the headers too", async () => {
    const row = claimedMailRow(welcomeMail({ email: "jeanne@example.com", unsubscribeKey: key, locale: "fr" }));
    expect(row.subject).toBe("Bienvenue à l'infolettre de HeavyRoute");
    const sent = await renderStored(row, renderers);
    const link = `${origin}/fr/unsubscribe?token=${encodeURIComponent(token)}`;
    expect(JSON.parse(sent.headers ?? "null")).toEqual({ "List-Unsubscribe": `<${link}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });
    expect(sent.text).toContain("Merci de votre abonnement à l'infolettre de HeavyRoute.");
    expect(sent.text).toContain(`Vous recevez ce courriel parce que l'adresse jeanne@example.com est abonnée à l'infolettre de HeavyRoute sur ${origin}.`);
    expect(sent.text).toContain(`Se désabonner en un clic\u00a0: ${link}`);
    expect(sent.html).toContain('lang="fr-CA"');
    expect(sent.html).toContain(`href="${link}"`);
    expect(`${sent.text}${sent.html}`).not.toMatch(/Thank you|Unsubscribe with|Sent by|(?<!\/fr)\/unsubscribe\?/);
    // An English subscriber's welcome, rendered by the same renderer after it, stays English.
    const english = await renderStored(claimedMailRow(welcomeMail({ email: "ann@example.com", unsubscribeKey: key })), renderers);
    expect(english.text).toContain("Thank you for subscribing to the HeavyRoute newsletter.");
    expect(english.html).not.toContain("Merci");
  });

  it("a welcome queued with the origin of the request it came from is sent with its links on the mail origin", async () => {
    const values = { email: "ann@example.com", key, origin: "http://evil.test" };
    const sent = await renderStored(claimedMailRow({ to: "ann@example.com", about: null, subject: "Welcome", text: "", template: { name: WELCOME_TEMPLATE, values } }), renderers);
    const link = `${origin}/unsubscribe?token=${encodeURIComponent(token)}`;
    expect(JSON.parse(sent.headers ?? "null")).toMatchObject({ "List-Unsubscribe": `<${link}>` });
    expect(`${sent.text}${sent.html}`).not.toContain("evil.test");
  });

  it("a welcome without its key is an error, never a mail without its unsubscribe link", async () => {
    const row = claimedMailRow({ to: "ann@example.com", about: null, subject: "Welcome", text: "", template: { name: WELCOME_TEMPLATE, values: { email: "ann@example.com" } } });
    await expect(renderStored(row, renderers)).rejects.toThrow(MailTemplateError);
  });

  it("the admin notice stores the address and the time, and is rendered with them (in the admin's zone), html escaped", async () => {
    const row = claimedMailRow(adminNoticeMail("admin@example.com", "o'brien&co@example.com", "2026-11-24T10:00:00.000Z"));
    expect([row.text, row.html]).toEqual(["", ""]);
    expect(row.subject).toBe("New HeavyRoute newsletter subscriber: o'brien&co@example.com");
    const sent = await renderStored(row, renderers);
    expect(sent.text).toBe("A new subscriber joined the HeavyRoute newsletter.\n\nEmail: o'brien&co@example.com\nLanguage: English\nSubscribed at: Tue 24 Nov 2026, 05:00 EST");
    expect(sent.html).toBe("A new subscriber joined the HeavyRoute newsletter.<br><br>Email: o&#39;brien&amp;co@example.com<br>Language: English<br>Subscribed at: Tue 24 Nov 2026, 05:00 EST");
  });

  it("the admin notice of a French subscriber stays in English and names the language", async () => {
    const sent = await renderStored(claimedMailRow(adminNoticeMail("admin@example.com", "jeanne@example.com", "2026-11-24T10:00:00.000Z", "fr")), renderers);
    expect(sent.text).toBe("A new subscriber joined the HeavyRoute newsletter.\n\nEmail: jeanne@example.com\nLanguage: French\nSubscribed at: Tue 24 Nov 2026, 05:00 EST");
  });
});
