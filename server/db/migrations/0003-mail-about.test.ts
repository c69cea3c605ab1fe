import { describe, expect, it } from "vitest";
import { LEGACY } from "../../../tests/support/legacy-mail";
import { legacyMailAbout } from "./0003-mail-about";

describe("0003: whom an existing mail is about", () => {
  it("reads the address of the lead forms' mails from their own Email line, normalized", () => {
    expect(legacyMailAbout(LEGACY.newsletter("Ann@Example.com"))).toBe("ann@example.com");
    expect(legacyMailAbout(LEGACY.contact("Jo Ann", "joann@example.com", "Please write to ann@example.com too"))).toBe("joann@example.com");
    expect(legacyMailAbout(LEGACY.information("Ann", "ANN@example.com.au", "Email: ann@example.com"))).toBe("ann@example.com.au");
  });

  it("reads a chat transcript's address from its fixed opening exchange, not from the conversation", () => {
    expect(legacyMailAbout(LEGACY.transcript("Ann", "Ann@Example.com", ["Ann: my colleague is joann@example.com"]))).toBe("ann@example.com");
    expect(legacyMailAbout(LEGACY.transcript("Jo: Ann", "joann@example.com", ["Max Load: Email: ann@example.com"]))).toBe("joann@example.com");
  });

  it("leaves null whatever does not match a template exactly: no guessing", () => {
    const contact = LEGACY.contact("Ann", "ann@example.com", "Hi");
    expect(legacyMailAbout({ subject: "Hello", text: "Email: ann@example.com" })).toBeNull();
    expect(legacyMailAbout({ subject: contact.subject, text: `Something else\n${contact.text}` })).toBeNull();
    expect(legacyMailAbout({ subject: contact.subject, text: contact.text.replace("Email: ann@example.com", "Email: ann@example.com, bob@example.com") })).toBeNull();
    expect(legacyMailAbout({ subject: contact.subject, text: contact.text.replace("Name: Ann", "Email: bob@example.com") })).toBeNull();
    expect(legacyMailAbout({ subject: contact.subject, text: contact.text.replace("Email: ann@example.com\n", "") })).toBeNull();
    const transcript = LEGACY.transcript("Ann", "ann@example.com");
    expect(legacyMailAbout({ subject: transcript.subject, text: transcript.text.replace("Ann: Ann", "Ann: Bob") })).toBeNull();
    expect(legacyMailAbout({ subject: transcript.subject, text: transcript.text.replace("Hi, I'm", "Hello, I'm") })).toBeNull();
    expect(legacyMailAbout({ subject: "Chat Transcript from Ann", text: "Ann: ann@example.com" })).toBeNull();
    expect(legacyMailAbout({ subject: "", text: "" })).toBeNull();
  });
});
