import { describe, expect, it } from "vitest";
import { leadSchema, messageSchema } from "~/features/chat/chat-schemas";
import { contactSchema } from "~/features/contact/schema";
import { infoRequestSchema } from "~/features/info-request/schema";
import { campaignInputSchema, noteSchema } from "~/features/team/team-schemas";
import { isValidEmail } from "./email-rule";
import { FIELD_MESSAGES as M } from "./form-result";
import { visibleText } from "./text-rule";
import { validateForm } from "./validate";

const codes = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i));

describe("the one text rule", () => {
  it("removes bidirectional controls and marks", () => {
    for (const char of [...codes(0x202a, 0x202e), ...codes(0x2066, 0x2069), "\u200E", "\u200F", "\u061C"]) {
      expect(visibleText(`Bob ${char}gnp.exe`), char.codePointAt(0)!.toString(16)).toBe("Bob gnp.exe");
    }
  });

  it("removes zero-width and other invisible format characters", () => {
    for (const char of ["\u00AD", "\u200B", ...codes(0x2060, 0x2064), ...codes(0x206a, 0x206f), "\uFEFF"]) {
      expect(visibleText(`in${char}voice`), char.codePointAt(0)!.toString(16)).toBe("invoice");
    }
  });

  it("removes C0 and C1 control characters but keeps tab, line feed and carriage return", () => {
    for (const char of [...codes(0x00, 0x08), "\v", "\f", ...codes(0x0e, 0x1f), ...codes(0x7f, 0x9f)]) {
      expect(visibleText(`a${char}b`), char.codePointAt(0)!.toString(16)).toBe("ab");
    }
    expect(visibleText("line 1\r\nline 2\tend\n")).toBe("line 1\r\nline 2\tend\n");
  });

  it("keeps zero-width joiners where a script or an emoji needs them, and removes them elsewhere", () => {
    const needed = [
      "\u0645\u06CC\u200C\u062E\u0648\u0627\u0647\u0645", // Persian: ZWNJ after a letter
      "\u0915\u094D\u200D\u0937", // Devanagari: ZWJ after a virama (a combining mark)
      "\u{1F469}\u{1F3FD}\u200D\u{1F4BB}", // woman, skin tone, ZWJ, laptop
      "\u{1F3F3}\uFE0F\u200D\u{1F308}", // rainbow flag
      "\u{1F468}\u200D\u{1F469}\u200D\u{1F467}", // family
    ];
    for (const text of needed) expect(visibleText(text), text).toBe(text);
    expect(visibleText("B\u200Dob \u200Cgnp\u200D")).toBe("Bob gnp");
    expect(visibleText("\u200D\u200C")).toBe("");
  });

  it("normalises to NFC and leaves ordinary text as it is", () => {
    expect(visibleText("Zoe\u0308 Mu\u0308ller")).toBe("Zoë Müller");
    for (const text of ["Ann O'Neil", "東京運輸株式会社", "Śląsk Transport", "שלום עולם", "€ 5,000 — ok?"]) expect(visibleText(text)).toBe(text);
  });
});

describe("every schema of typed text applies it", () => {
  const info = { name: "Ana", email: "ana@example.com", phone: "+1 555 010 0200", company: "ACME", message: "Hi", planType: "Subscription" };

  it("lead forms: names, company and message lose the characters; a field left empty is required", () => {
    expect(validateForm(contactSchema, { name: "Bob \u202Egnp.exe", email: "bob@example.com", message: "Hi\u0000 \u2066there\u2069\n" })).toEqual({
      ok: true,
      data: { name: "Bob gnp.exe", email: "bob@example.com", category: "question", message: "Hi there" },
    });
    expect(validateForm(infoRequestSchema, { ...info, company: "AC\u200BME\u00AD" })).toMatchObject({ ok: true, data: { company: "ACME" } });
    expect(validateForm(infoRequestSchema, { ...info, name: "\u202E\u200B\uFEFF" })).toMatchObject({ ok: false, fieldErrors: { name: M.nameRequired } });
    expect(validateForm(infoRequestSchema, { ...info, message: "\u0000\u2067" })).toMatchObject({ ok: false, fieldErrors: { message: M.questionsRequired } });
    // A line break in a one-line field is still refused, not removed.
    expect(validateForm(infoRequestSchema, { ...info, company: "A\nB" })).toMatchObject({ ok: false, fieldErrors: { company: M.controlChars } });
  });

  it("the email rule refuses an address with an invisible character in it", () => {
    for (const char of ["\u202E", "\u2066", "\u200B", "\u200C", "\u200D", "\u200E", "\u200F", "\u2060", "\u00AD", "\u0000"]) {
      expect(isValidEmail(`bob${char}@example.com`), char.codePointAt(0)!.toString(16)).toBe(false);
      expect(validateForm(contactSchema, { name: "Bob", email: `bob@exam${char}ple.com`, message: "Hi" })).toMatchObject({ ok: false, fieldErrors: { email: M.email } });
    }
  });

  it("the chat: lead name and each question", () => {
    expect(leadSchema.parse({ name: "\u202EAda", email: "ada@example.com" })).toEqual({ name: "Ada", email: "ada@example.com" });
    expect(messageSchema.parse({ text: " What\u200B is a \u202Epermit? " })).toEqual({ text: " What is a permit? " });
    expect(messageSchema.safeParse({ text: "\u200B\u0000" }).success).toBe(false);
  });

  it("the team: a note, a campaign's subject and body", () => {
    expect(noteSchema.parse({ note: "Called\u0000 back\u202E\nwants a demo" })).toEqual({ note: "Called back\nwants a demo" });
    expect(noteSchema.safeParse({ note: "\u0000\u200B" }).success).toBe(false);
    expect(campaignInputSchema.parse({ subject: "News \u202Efdp.exe\tfor\nyou", body: "Hello\u2066 **all**\u0000\n" })).toEqual({
      subject: "News fdp.exe for you",
      body: "Hello **all**\n",
    });
    expect(campaignInputSchema.safeParse({ subject: "\u2067\u200B", body: "x" }).success).toBe(false);
  });
});
