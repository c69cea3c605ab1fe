import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { fieldMessageIn, REQUEST_MESSAGES } from "./form-messages";
import { FIELD_MESSAGES } from "./form-result";

const forms = (locale: "en" | "fr") => JSON.parse(readFileSync(new URL(`../../../messages/${locale}/forms.json`, import.meta.url), "utf8")) as Record<string, string>;

describe("the forms' messages", () => {
  it("English and French have the same keys, and no French text is left empty or in English", () => {
    const en = forms("en");
    const fr = forms("fr");
    expect(Object.keys(fr).sort()).toEqual(Object.keys(en).sort());
    for (const key of Object.keys(en)) {
      expect(fr[key]?.trim(), key).not.toBe("");
      // Words that are the same in both languages ("Question", "Suggestion", "Message").
      if (!/category_(question|suggestion)$|contact_message$|\$schema/.test(key)) expect(fr[key], key).not.toBe(en[key]);
    }
  });

  it("each field message in English is the spec's text the schemas give, word for word", () => {
    for (const text of Object.values(FIELD_MESSAGES)) expect(fieldMessageIn(text, "en")).toBe(text);
  });

  it("each field message has its French text; a message that is not ours is left as it is", () => {
    const french = Object.values(FIELD_MESSAGES).map((text) => fieldMessageIn(text, "fr"));
    for (const [index, text] of french.entries()) expect(text, Object.keys(FIELD_MESSAGES)[index]).not.toBe(Object.values(FIELD_MESSAGES)[index]);
    expect(new Set(french).size).toBe(french.length);
    expect(fieldMessageIn(FIELD_MESSAGES.messageTooLong, "fr")).toBe("Le message doit compter au plus 5\u00a0000 caractères.");
    expect(fieldMessageIn("Too big: expected string to have <=1000 characters", "fr")).toBe("Too big: expected string to have <=1000 characters");
  });

  it("a request's message in French", () => {
    expect(REQUEST_MESSAGES.duplicate("email", "fr")).toBe("Le champ «\u00a0email\u00a0» a été envoyé plus d'une fois.");
    expect(REQUEST_MESSAGES.unknown(["admin", "role"], "fr")).toBe("Champs inconnus\u00a0: admin, role.");
    expect(REQUEST_MESSAGES.unknown(["admin"], "en")).toBe("Unknown field: admin.");
  });
});
