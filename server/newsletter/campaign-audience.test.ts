import { describe, expect, it } from "vitest";
import { parseSegment, readSegment, segmentJson } from "./campaign-audience";

const form = (values: Record<string, string>) => (name: string) => values[name] ?? "";

describe("a campaign's segment", () => {
  it("keeps the filters given, trimmed and without invisible characters, and the zone its day is read in", () => {
    const read = readSegment(form({ source: " linkedin\u200B ", campaign: "", plan: "Token", since: "2026-03-08" }), "America/Toronto");
    expect(read).toEqual({ ok: true, segment: { source: "linkedin", plan: "Token", since: "2026-03-08", zone: "America/Toronto" } });
    expect(readSegment(form({ source: "linkedin" }), "America/Toronto")).toEqual({ ok: true, segment: { source: "linkedin" } });
    expect(readSegment(form({}), "UTC")).toEqual({ ok: true, segment: {} });
  });

  it("refuses in words what is not a value of its filter", () => {
    expect(readSegment(form({ plan: "Gold" }), "UTC")).toEqual({ ok: false, message: "Plan interest must be one of: Subscription, Government, Training, Token." });
    expect(readSegment(form({ since: "2026-02-30" }), "UTC")).toEqual({ ok: false, message: "Subscribed since must be a date (YYYY-MM-DD)." });
    expect(readSegment(form({ since: "yesterday" }), "UTC")).toEqual({ ok: false, message: "Subscribed since must be a date (YYYY-MM-DD)." });
    expect(readSegment(form({ campaign: "x".repeat(101) }), "UTC")).toEqual({ ok: false, message: "Campaign is at most 100 characters." });
  });

  it("is stored as JSON and read back the same; an empty one is everyone", () => {
    const segment = { source: "linkedin", since: "2026-01-01", zone: "Europe/Paris" };
    expect(segmentJson(segment)).toBe('{"source":"linkedin","since":"2026-01-01","zone":"Europe/Paris"}');
    expect(parseSegment(segmentJson(segment))).toEqual(segment);
    expect(parseSegment("{}")).toEqual({});
    expect(() => parseSegment('{"plan":"Gold"}')).toThrow(/no longer reads/);
  });
});
