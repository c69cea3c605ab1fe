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
    });
    expect(requestProblem(leadSchema, { name: "Ada", email: "a b@example.com" })).toBe(invalidEmail());
    expect(requestProblem(leadSchema, { name: "Ada" })).toBe(invalidEmail());
    expect(requestProblem(leadSchema, { name: "  ", email: "ada@example.com" })).toBe(nameRequired());
    expect(requestProblem(leadSchema, { name: "x".repeat(LIMITS.name + 1), email: "ada@example.com" })).toBe(FIELD_MESSAGES.nameTooLong);
    expect(requestProblem(leadSchema, { name: "Ada", email: "ada@example.com", role: "admin" })).not.toBeNull();
  });

  it("message: not blank, at most MAX_MESSAGE_LENGTH characters, kept as typed", () => {
    expect(messageSchema.parse({ text: " Hi " })).toEqual({ text: " Hi " });
    expect(requestProblem(messageSchema, { text: "   " })).toBe(emptyMessage());
    expect(requestProblem(messageSchema, { text: 42 })).toBe(emptyMessage());
    expect(requestProblem(messageSchema, { text: "y".repeat(MAX_MESSAGE_LENGTH) })).toBeNull();
    expect(requestProblem(messageSchema, { text: "y".repeat(MAX_MESSAGE_LENGTH + 1) })).toBe(messageTooLong());
  });

  it("lead name and each question lose invisible and bidi characters", () => {
    expect(leadSchema.parse({ name: "\u202EAda", email: "ada@example.com" })).toEqual({ name: "Ada", email: "ada@example.com" });
    expect(messageSchema.parse({ text: " What\u200B is a \u202Epermit?\u0000 " })).toEqual({ text: " What is a permit? " });
    expect(requestProblem(messageSchema, { text: "\u200B\u0000" })).toBe(emptyMessage());
  });

  it("transcript: an empty object", () => {
    expect(requestProblem(transcriptSchema, {})).toBeNull();
    expect(requestProblem(transcriptSchema, { to: "x@example.com" })).not.toBeNull();
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
});
