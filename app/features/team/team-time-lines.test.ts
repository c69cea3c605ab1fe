import { describe, expect, it } from "vitest";
import { teamTime } from "./team-time-lines";

describe("a time as the team reads it (workspace and mail)", () => {
  it("reads as a person reads it, in the recipient's zone, with the zone's usual name", () => {
    expect(teamTime("2026-11-27T19:05:00.000Z", "America/Toronto")).toBe("Fri 27 Nov 2026, 14:05 EST");
    expect(teamTime("2026-07-03T19:05:00.000Z", "America/Toronto")).toBe("Fri 3 Jul 2026, 15:05 EDT");
    expect(teamTime("2026-11-27T19:05:00.000Z", "Europe/Paris")).toBe("Fri 27 Nov 2026, 20:05 CET");
    expect(teamTime("2026-07-03T19:05:00.000Z", "Europe/Paris")).toBe("Fri 3 Jul 2026, 21:05 CEST");
    expect(teamTime("2026-11-27T19:05:00.000Z", "UTC")).toBe("Fri 27 Nov 2026, 19:05 UTC");
    expect(teamTime("2026-11-27T19:05:00.000Z", "Australia/Sydney")).toBe("Sat 28 Nov 2026, 06:05 AEDT");
  });

  it("a zone without an English abbreviation says its offset; midnight is 00:00; the day is the zone's", () => {
    expect(teamTime("2026-11-27T15:00:00.000Z", "Asia/Tokyo")).toBe("Sat 28 Nov 2026, 00:00 GMT+9");
    expect(teamTime("2026-11-27T19:05:00.000Z", "Asia/Kolkata")).toBe("Sat 28 Nov 2026, 00:35 GMT+5:30");
  });

  it("without the zone, for a list under a line that names it", () => {
    expect(teamTime("2026-11-27T19:05:00.000Z", "America/Toronto", { withZone: false })).toBe("Fri 27 Nov 2026, 14:05");
  });
});
