import { describe, expect, it } from "vitest";
import { claimedMailRow } from "../../tests/support/mail-row";
import { composeMail, InvalidMailError } from "./compose";
import { MailTemplateError, renderStored } from "./templates";

const greeting = { greeting: (values: Readonly<Record<string, string>>) => ({ text: `Hello ${values.name ?? "?"}`, html: `<p>Hello ${values.name ?? "?"}</p>` }) };

describe("mail templates", () => {
  it("a mail queued as a template reference stores no body, and gets it when sent", async () => {
    const stored = claimedMailRow({ to: "ada@example.com", about: "ada@example.com", subject: "Hi", text: "", template: { name: "greeting", values: { name: "Ada" } } });
    expect(stored.text).toBe("");
    expect(stored.html).toBe("");
    expect(JSON.parse(stored.template ?? "null")).toEqual({ name: "greeting", values: { name: "Ada" } });
    const sent = await renderStored(stored, greeting);
    expect(sent.text).toBe("Hello Ada");
    expect(sent.html).toBe("<p>Hello Ada</p>");
    expect(sent.subject).toBe("Hi");
  });

  it("any other mail is sent as stored", async () => {
    const stored = claimedMailRow({ to: "ada@example.com", about: null, subject: "Hi", text: "Plain <b>text</b>" });
    expect(stored.template).toBeNull();
    expect(await renderStored(stored, greeting)).toBe(stored);
  });

  it("an unknown template or a broken reference is an error, never an empty mail", async () => {
    const unknown = claimedMailRow({ to: "ada@example.com", about: null, subject: "Hi", text: "", template: { name: "farewell", values: {} } });
    await expect(renderStored(unknown, greeting)).rejects.toThrow(MailTemplateError);
    await expect(renderStored({ ...unknown, template: "{not json" }, greeting)).rejects.toThrow(MailTemplateError);
    await expect(renderStored({ ...unknown, template: '{"name":"toString"}' }, greeting)).rejects.toThrow(MailTemplateError);
  });

  it("template names are plain tokens", () => {
    expect(() => composeMail({ to: "ada@example.com", about: null, subject: "Hi", text: "", template: { name: "../x", values: {} } })).toThrow(InvalidMailError);
  });
});

describe("headers rendered when sent", () => {
  const unsubscribe = {
    letter: () => ({ text: "Hi", html: "<p>Hi</p>", headers: { "List-Unsubscribe": "<https://example.com/u?t=1>\r\nBcc: eve@example.com" } }),
    bad: () => ({ text: "Hi", html: "<p>Hi</p>", headers: { "Reply-To": "eve@example.com" } }),
  };

  it("a renderer's headers replace the stored ones, each one header-safe line", async () => {
    const stored = claimedMailRow({ to: "ada@example.com", about: null, subject: "Hi", text: "", headers: { "List-Unsubscribe": "<https://old.example.com>" }, template: { name: "letter", values: {} } });
    const sent = await renderStored(stored, unsubscribe);
    expect(JSON.parse(sent.headers ?? "null")).toEqual({ "List-Unsubscribe": "<https://example.com/u?t=1> Bcc: eve@example.com" });
  });

  it("a renderer cannot set a header the message owns", async () => {
    const stored = claimedMailRow({ to: "ada@example.com", about: null, subject: "Hi", text: "", template: { name: "bad", values: {} } });
    await expect(renderStored(stored, unsubscribe)).rejects.toThrow(InvalidMailError);
  });
});
