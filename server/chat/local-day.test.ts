import { describe, expect, it } from "vitest";
import { localDate, nextLocalMidnight, nextUtcMidnight, validTimeZone } from "./local-day";
import { SessionSigner } from "./session";

describe("time zones", () => {
  it("accepts IANA zones and refuses the rest", () => {
    expect(validTimeZone("Europe/Paris")).toBe("Europe/Paris");
    expect(validTimeZone("America/New_York")).toBe("America/New_York");
    expect(validTimeZone("Mars/Olympus")).toBeUndefined();
    expect(validTimeZone("'; DROP TABLE")).toBeUndefined();
    expect(validTimeZone(42)).toBeUndefined();
    expect(validTimeZone("")).toBeUndefined();
  });

  it("resets at the visitor's next local midnight", () => {
    const now = new Date("2026-03-10T22:30:00Z");
    expect(localDate(now, "Europe/Paris")).toBe("2026-03-10");
    expect(nextLocalMidnight(now, "Europe/Paris").toISOString()).toBe("2026-03-10T23:00:00.000Z");
    expect(localDate(now, "Asia/Tokyo")).toBe("2026-03-11");
    expect(nextLocalMidnight(now, "Asia/Tokyo").toISOString()).toBe("2026-03-11T15:00:00.000Z");
    expect(nextLocalMidnight(now, "America/Los_Angeles").toISOString()).toBe("2026-03-11T07:00:00.000Z");
    expect(nextUtcMidnight(now).toISOString()).toBe("2026-03-11T00:00:00.000Z");
  });

  it("handles a daylight-saving change before midnight", () => {
    // New York springs forward on 2026-03-08: the next midnight is at UTC-4.
    expect(nextLocalMidnight(new Date("2026-03-08T12:00:00Z"), "America/New_York").toISOString()).toBe("2026-03-09T04:00:00.000Z");
    // Paris falls back on 2026-10-25.
    expect(nextLocalMidnight(new Date("2026-10-25T12:00:00Z"), "Europe/Paris").toISOString()).toBe("2026-10-25T23:00:00.000Z");
  });
});

describe("session cookie", () => {
  const signer = new SessionSigner("x".repeat(40));
  const id = "3f2b8c4e-1a2b-4c3d-8e9f-0a1b2c3d4e5f";

  it("verifies its own signature and refuses forgeries", () => {
    expect(signer.verify(signer.sign(id))).toBe(id);
    expect(signer.verify(`${id}.forged`)).toBeUndefined();
    expect(new SessionSigner("y".repeat(40)).verify(signer.sign(id))).toBeUndefined();
    expect(signer.verify(signer.sign(id).replace("3f2b", "4f2b"))).toBeUndefined();
    expect(signer.verify("not-a-cookie")).toBeUndefined();
    expect(signer.verify(undefined)).toBeUndefined();
  });
});
