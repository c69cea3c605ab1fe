import { describe, expect, it } from "vitest";
import { composeMail, escapeHtml, headerSafe, InvalidMailError, isValidAddress, normalizeAddress, textToHtml } from "./compose";

describe("mail composition", () => {
  it("escapes the text and turns line breaks into <br>", () => {
    expect(textToHtml(`<b>"Tom" & 'Jerry'</b>\nline 2\r\nline 3\rline 4`)).toBe(
      "&lt;b&gt;&quot;Tom&quot; &amp; &#39;Jerry&#39;&lt;/b&gt;<br>line 2<br>line 3<br>line 4",
    );
    expect(escapeHtml("<script>alert(1)</script>")).toBe("&lt;script&gt;alert(1)&lt;/script&gt;");
  });

  it("strips CR/LF and other control characters from header text", () => {
    expect(headerSafe("Hello\r\nBcc: victim@example.com")).toBe("Hello Bcc: victim@example.com");
    expect(headerSafe("a\u0000b\u2028c\u202Ed\tz")).toBe("a b c d z");
    expect(headerSafe("x".repeat(300), 10)).toHaveLength(10);
  });

  it("accepts one plain address only", () => {
    expect(isValidAddress("team@example.com")).toBe(true);
    expect(isValidAddress("a.b+tag@sub.example.co")).toBe(true);
    for (const bad of ["", "no-at", "a@b", "a@example.com\r\nBcc: x@y.z", "a@example.com, b@example.com", "Name <a@example.com>", "a @example.com"]) {
      expect(isValidAddress(bad), bad).toBe(false);
    }
  });

  it("composes a due, pending row with a safe subject and escaped html", () => {
    const row = composeMail({ to: "team@example.com", subject: "From Eve\r\nBcc: all@example.com", text: "Hi <there>\nbye", about: null }, "2025-01-01T00:00:00.000Z");
    expect(row).toMatchObject({
      to: "team@example.com",
      about_email: null,
      subject: "From Eve Bcc: all@example.com",
      text: "Hi <there>\nbye",
      html: "Hi &lt;there&gt;<br>bye",
      status: "pending",
      attempts: 0,
      next_attempt_at: "2025-01-01T00:00:00.000Z",
    });
    expect(() => composeMail({ to: "x@example.com\nBcc: y@example.com", subject: "s", text: "t", about: null })).toThrow(InvalidMailError);
    expect(() => composeMail({ to: "x@example.com", subject: "\r\n", text: "t", about: null })).toThrow(InvalidMailError);
  });

  it("records whom a mail is about, normalized (trimmed, lower-cased), for erasure", () => {
    expect(normalizeAddress("  Ann@Example.COM ")).toBe("ann@example.com");
    const mail = (about: string | null) => composeMail({ to: "team@example.com", subject: "s", text: "t", about });
    expect(mail(" JoAnn@Example.com ").about_email).toBe("joann@example.com");
    expect(mail(null).about_email).toBeNull();
    expect(mail("   ").about_email).toBeNull();
    // The recipient is stored as given (one plain address), never with a display name.
    expect(mail(null).to).toBe("team@example.com");
    expect(() => composeMail({ to: "Team <team@example.com>", subject: "s", text: "t", about: null })).toThrow(InvalidMailError);
  });
});
