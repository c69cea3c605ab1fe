import { describe, expect, it } from "vitest";
import { FIELD_MESSAGES, LIMITS } from "~/shared/forms/form-result";
import { emptyMessage, invalidEmail, MAX_MESSAGE_LENGTH, messageTooLong, nameRequired } from "./chat-contract";
import { demoLimitMessage } from "./chat-lines";
import { leadSchema, messageSchema, requestProblem, transcriptSchema } from "./chat-schemas";

describe("the chat's request schemas", () => {
  it("lead: the shared name and email rules, trimmed", () => {
    expect(leadSchema.parse({ name: "  Ada ", email: " ada@example.com ", timeZone: "Europe/Paris" })).toEqual({
      name: "Ada",
      email: "ada@example.com",
      timeZone: "Europe/Paris",
      locale: "en",
    });
    expect(requestProblem(leadSchema, { name: "Ada", email: "a b@example.com" })).toBe(invalidEmail());
    expect(requestProblem(leadSchema, { name: "Ada" })).toBe(invalidEmail());
    expect(requestProblem(leadSchema, { name: "  ", email: "ada@example.com" })).toBe(nameRequired());
    expect(requestProblem(leadSchema, { name: "x".repeat(LIMITS.name + 1), email: "ada@example.com" })).toBe(FIELD_MESSAGES.nameTooLong);
    expect(requestProblem(leadSchema, { name: "Ada", email: "ada@example.com", role: "admin" })).not.toBeNull();
  });

  it("message: not blank, at most MAX_MESSAGE_LENGTH characters, kept as typed", () => {
    expect(messageSchema.parse({ text: " Hi " })).toEqual({ text: " Hi ", locale: "en" });
    expect(requestProblem(messageSchema, { text: "   " })).toBe(emptyMessage());
    expect(requestProblem(messageSchema, { text: 42 })).toBe(emptyMessage());
    expect(requestProblem(messageSchema, { text: "y".repeat(MAX_MESSAGE_LENGTH) })).toBeNull();
    expect(requestProblem(messageSchema, { text: "y".repeat(MAX_MESSAGE_LENGTH + 1) })).toBe(messageTooLong());
  });

  it("lead name and each question lose invisible and bidi characters", () => {
    expect(leadSchema.parse({ name: "\u202EAda", email: "ada@example.com" })).toEqual({ name: "Ada", email: "ada@example.com", locale: "en" });
    expect(messageSchema.parse({ text: " What\u200B is a \u202Epermit?\u0000 " })).toEqual({ text: " What is a permit? ", locale: "en" });
    expect(requestProblem(messageSchema, { text: "\u200B\u0000" })).toBe(emptyMessage());
  });

  it("transcript: the page's language, and nothing else (an empty object is refused)", () => {
    expect(requestProblem(transcriptSchema, {})).toBe('The language must be "en" or "fr".');
    expect(transcriptSchema.parse({ locale: "fr" })).toEqual({ locale: "fr" });
    expect(requestProblem(transcriptSchema, { to: "x@example.com" })).not.toBeNull();
  });

  it("the page's language: en or fr, English when absent; refusals in that language", () => {
    expect(leadSchema.parse({ name: "Élise", email: "elise@example.ca", locale: "fr" }).locale).toBe("fr");
    expect(messageSchema.parse({ text: "Bonjour", locale: "fr" }).locale).toBe("fr");
    expect(requestProblem(messageSchema, { text: "Hi", locale: "de" })).toBe('The language must be "en" or "fr".');
    expect(requestProblem(messageSchema, { text: "Hi", locale: "de" }, "fr")).toBe("La langue doit être «\u00a0en\u00a0» ou «\u00a0fr\u00a0».");
    expect(requestProblem(leadSchema, { name: "Élise", email: "nope", locale: "fr" }, "fr")).toBe("Veuillez entrer une adresse courriel valide.");
    expect(requestProblem(leadSchema, { name: " ", email: "elise@example.ca" }, "fr")).toBe("Veuillez entrer votre nom.");
    expect(requestProblem(leadSchema, { name: "x".repeat(LIMITS.name + 1), email: "elise@example.ca" }, "fr")).toBe("Le nom doit compter au plus 100 caractères.");
    expect(requestProblem(messageSchema, { text: "  " }, "fr")).toBe("Veuillez écrire un message.");
    expect(requestProblem(messageSchema, { text: "y".repeat(MAX_MESSAGE_LENGTH + 1) }, "fr")).toBe(messageTooLong("fr"));
    expect(messageTooLong("fr")).toMatch(/^Votre message est trop long\u00a0: 1\s000 caractères au maximum\.$/u);
    // English: the spec's texts, unchanged.
    expect(messageTooLong("en")).toBe("Your message is too long: 1,000 characters at most.");
    expect(invalidEmail("en")).toBe(FIELD_MESSAGES.email);
    expect(nameRequired("en")).toBe(FIELD_MESSAGES.nameRequired);
  });
});

describe("the demo-limit line (spec §9)", () => {
  it("says the allowance, the reset, that more will come with the subscription plans, and what is left", () => {
    const line = demoLimitMessage(3);
    expect(line).toMatch(/^Thank you! This is a demo of Max Load: you can send 5 free messages per 24 hours/);
    expect(line).toContain("resets at midnight, your local time.");
    expect(line).toContain("More messages will come with our subscription plans.");
    expect(line).toContain("You have 3 messages remaining today.");
  });

  it("in French: the same allowance, reset and plans, and what is left", () => {
    const line = demoLimitMessage(3, "fr");
    expect(line).toMatch(/^Merci! Ceci est une démonstration de Max Load\u00a0: vous pouvez envoyer 5 messages gratuits par période de 24 heures/);
    expect(line).toContain("minuit, à votre heure locale.");
    expect(line).toContain("forfaits d'abonnement");
    expect(line).toContain("Messages restants aujourd'hui\u00a0: 3.");
  });
});
