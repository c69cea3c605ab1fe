import { describe, expect, it } from "vitest";
import { isValidEmail } from "./email-rule";
import { LIMITS } from "./form-result";

describe("the one email rule", () => {
  it("accepts plain addresses", () => {
    for (const good of ["ann@example.com", "a.b+tag@sub.example.co", "o'neil_x-y@mail-host.example.org", "A@B.CD"]) {
      expect(isValidEmail(good), good).toBe(true);
    }
  });

  it("refuses what is not the shape {email} with no spaces (spec §5), or could split a mail header", () => {
    const bad = [
      "",
      "plainaddress",
      "a@b",
      "a b@c.de",
      "a@b.c",
      "@example.com",
      "a@@example.com",
      "a@example.com, b@example.com",
      "a@example.com\r\nBcc: x@y.z",
      "Name <a@example.com>",
      ".a@example.com",
      "a..b@example.com",
      "a@-example.com",
      "a@example-.com",
      "a@example.123",
      "ä@example.com",
    ];
    for (const value of bad) expect(isValidEmail(value), JSON.stringify(value)).toBe(false);
  });

  it(`allows ${LIMITS.email} characters at most`, () => {
    const at = (length: number) => `${"a".repeat(length - "@example.com".length)}@example.com`;
    expect(isValidEmail(at(LIMITS.email))).toBe(true);
    expect(isValidEmail(at(LIMITS.email + 1))).toBe(false);
  });
});
