import { describe, expect, it } from "vitest";
import { hashTargetId } from "./hash-target";

describe("hashTargetId", () => {
  it("decodes a well-formed hash", () => {
    expect(hashTargetId("#contact")).toBe("contact");
    expect(hashTargetId("#caf%C3%A9")).toBe("café");
    expect(hashTargetId("chat")).toBe("chat");
  });

  it("falls back to the raw text on malformed percent-encoding, never throws", () => {
    expect(hashTargetId("#%E0")).toBe("%E0");
    expect(hashTargetId("#%E0%A4")).toBe("%E0%A4");
    expect(hashTargetId("#%")).toBe("%");
    expect(hashTargetId("#features%ZZ")).toBe("features%ZZ");
  });
});
