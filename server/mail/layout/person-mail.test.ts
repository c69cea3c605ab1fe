import { describe, expect, it } from "vitest";
import { mailTemplate, renderPersonMail } from "./person-mail";

const footer = { postalAddress: "HeavyRoute Inc., 1 Test Road", why: "You receive this because you subscribed.", unsubscribeUrl: "https://site.test/unsubscribe?token=a&b" };

describe("a mail to a person in the branded layout", () => {
  it("is a table layout with the brand, the preheader, both colour schemes, the body escaped, and the footer", async () => {
    const { html, text } = await renderPersonMail({ subject: "Hello & welcome", preview: "Hello there", heading: "Hi <Ann>", body: { text: "First <b>line</b>\nsecond line\n\nNext paragraph" }, footer });
    expect(html).toMatch(/^<!DOCTYPE html/);
    expect(html).toContain('role="presentation"');
    expect(html).toContain('<meta name="color-scheme" content="light dark"/>');
    expect(html).toContain('<meta name="supported-color-schemes" content="light dark"/>');
    expect(html).toContain("prefers-color-scheme: dark");
    expect(html).toContain("<title>Hello &amp; welcome</title>");
    expect(html).toContain("HeavyRoute");
    expect(html).toContain("Hello there");
    expect(html).toContain("Hi &lt;Ann&gt;");
    expect(html).toContain("First &lt;b&gt;line&lt;/b&gt;");
    expect(html).not.toContain("<b>line");
    expect(html).toContain('lang="en"');
    expect(html).toContain("Sent by HeavyRoute Inc., 1 Test Road.");
    expect(html).toContain('href="https://site.test/unsubscribe?token=a&amp;b"');
    expect(text).toBe(
      ["Hi <Ann>", "First <b>line</b>\nsecond line\n\nNext paragraph", "-- \nYou receive this because you subscribed.\nSent by HeavyRoute Inc., 1 Test Road.\nUnsubscribe with one click: https://site.test/unsubscribe?token=a&b"].join("\n\n"),
    );
  });

  it("in French, the layout's own words are French and the html says so; what was written stays as written", async () => {
    const { html, text } = await renderPersonMail({ subject: "Hello", preview: "Hello", body: { text: "Written as is." }, action: { label: "Go", url: "https://site.test/go" }, footer, locale: "fr" });
    expect(html).toContain('lang="fr-CA"');
    expect(html).toContain("La plateforme professionnelle du transport hors normes et lourd");
    expect(html).toContain("Ou ouvrez ce lien\u00a0:");
    expect(html).toContain("Envoyé par HeavyRoute Inc., 1 Test Road.");
    expect(html).toContain("Se désabonner en un clic</a>");
    expect(html).not.toMatch(/Sent by|Unsubscribe with|Or open this link|The professional platform/);
    expect(text).toContain("Written as is.");
    expect(text).toContain("Envoyé par HeavyRoute Inc., 1 Test Road.\nSe désabonner en un clic\u00a0: https://site.test/unsubscribe?token=a&b");
  });

  it("an action is a button and a link, and its URL is in the text between the body and what follows", async () => {
    const { html, text } = await renderPersonMail({ subject: "Sign in", preview: "Sign in", body: { text: "Sign in:" }, action: { label: "Sign in now", url: "https://site.test/in?t=1" }, after: "Works once.", footer: { postalAddress: "P" } });
    expect(html).toContain("Sign in now");
    expect(html.match(/href="https:\/\/site\.test\/in\?t=1"/g)).toHaveLength(2);
    expect(html).not.toContain("Unsubscribe");
    expect(text).toBe("Sign in:\n\nhttps://site.test/in?t=1\n\nWorks once.\n\n-- \nSent by P.");
  });

  it("a markup body keeps its tags and gets inline styles", async () => {
    const { html } = await renderPersonMail({ subject: "x", preview: "x", body: { html: '<h2>Title</h2><p>Go <a href="https://x.test">there</a></p>', text: "x" }, footer });
    expect(html).toMatch(/<h2 style="[^"]+">Title<\/h2>/);
    expect(html).toMatch(/<a style="[^"]+" href="https:\/\/x\.test">there<\/a>/);
  });

  it("a template rendered once gives each recipient their own values, escaped in the html, and the same as a render of its own", async () => {
    const build = (values: Readonly<Record<"email" | "url", string>>) => ({ subject: "News", preview: "News", body: { text: "Body" }, footer: { postalAddress: "P", why: `Because ${values.email} subscribed.`, unsubscribeUrl: values.url } });
    const fill = await mailTemplate(["email", "url"], build);
    const values = { email: "o'brien&co@example.com", url: "https://site.test/u?token=x&y" };
    const filled = fill(values);
    expect(filled.html).toContain("Because o&#39;brien&amp;co@example.com subscribed.");
    expect(filled.html).toContain('href="https://site.test/u?token=x&amp;y"');
    expect(filled.text).toContain("Unsubscribe with one click: https://site.test/u?token=x&y");
    expect(fill({ email: "b@example.com", url: "https://site.test/u?token=b" }).html).toContain("b@example.com");
    const direct = await renderPersonMail(build(values));
    expect(filled.text).toBe(direct.text);
    // React writes an apostrophe as &#x27; where escapeHtml writes &#39;: the same html otherwise.
    expect(filled.html.replaceAll("&#39;", "&#x27;")).toBe(direct.html);
  });
});
