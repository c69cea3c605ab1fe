/**
 * The chat's messages: the same keys in every language, and the spec's English texts word for
 * word (the English page must not change).
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import * as m from "~/paraglide/messages.js";
import { LOCALES } from "~/shared/i18n/locale";
import { chatFailure, invalidEmail, limitReached } from "./chat-contract";
import { demoLimitMessage, greeting, handedOver, niceToMeetYou, remainingLabel } from "./chat-lines";
import { inputLabel, placeholder, saysLabel, suggestions } from "./chat-texts";

const keysOf = (locale: string) => Object.keys(JSON.parse(readFileSync(`messages/${locale}/chat.json`, "utf8")) as object).sort();

describe("the chat's messages", () => {
  it("have the same keys in English and French, each prefixed chat_", () => {
    const english = keysOf("en");
    for (const locale of LOCALES) expect(keysOf(locale), locale).toEqual(english);
    for (const key of english.filter((k) => k !== "$schema")) expect(key).toMatch(/^chat_[a-z0-9_]+$/);
  });

  it("say the spec's English texts word for word", () => {
    expect(greeting("en")).toBe("Hi, I'm Max Load, your AI transport specialist! What's your name?");
    expect(niceToMeetYou("Ada", "en")).toBe("Nice to meet you, Ada! Could you please share your email address so I can keep you updated about our launch?");
    expect(remainingLabel(1, "en")).toBe("1 messages remaining");
    expect(invalidEmail("en")).toBe("Please enter a valid email address.");
    expect(limitReached("en")).toBe("You've reached the daily message limit. Please try again tomorrow.");
    expect(chatFailure("en")).toBe("Failed to get a response. Please try again.");
    expect(handedOver("Ada", "ada@example.com", "en")).toBe("Thanks, Ada: the team has your conversation and will write to you at ada@example.com.");
    // Outside a French page (the tests, the server without a request), English.
    expect(placeholder("name")).toBe("Enter your name...");
    expect(placeholder("email")).toBe("Enter your email...");
    expect(placeholder("message")).toBe("Type your message...");
    expect(inputLabel("message")).toBe("Your message to Max Load");
    expect(saysLabel("Max Load")).toBe("Max Load says:");
    expect(suggestions()).toEqual([
      "What services do you offer?",
      "Tell me about the route planning tool.",
      "What compliance tools will be available?",
      "How will the cost simulation work?",
      "Will the platform include training resources?",
      "How will the permit management system work?",
    ]);
    expect(m.chat_transcript_sent()).toBe("Transcript sent successfully!");
  });

  it("are French on a French page, Max Load's name untranslated, no English left", () => {
    const french = [
      greeting("fr"),
      niceToMeetYou("Élise", "fr"),
      remainingLabel(4, "fr"),
      demoLimitMessage(5, "fr"),
      invalidEmail("fr"),
      limitReached("fr"),
      chatFailure("fr"),
      m.chat_says({ name: "Max Load" }, { locale: "fr" }),
    ];
    expect(french[0]).toBe("Bonjour, je suis Max Load, votre spécialiste du transport propulsé par l'IA! Comment vous appelez-vous?");
    expect(french[2]).toBe("Messages restants\u00a0: 4");
    expect(french[4]).toBe("Veuillez entrer une adresse courriel valide.");
    expect(french[7]).toBe("Max Load dit\u00a0:");
    for (const text of french) {
      expect(text).not.toMatch(/\b(Please|the|your|messages remaining)\b/);
      // OQLF: a non-breaking space before a colon, none before ! and ?.
      expect(text).not.toMatch(/ [:!?]|\u00a0[!?]/);
    }
  });
});
