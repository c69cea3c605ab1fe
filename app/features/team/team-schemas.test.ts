import { describe, expect, it } from "vitest";
import { campaignInputSchema, noteSchema, parseAuditQuery, parseExportQuery, parseLeadFilter, parseCampaignsQuery, parseMailQuery, parsePersonQuery } from "./team-schemas";

const query = (text: string) => new URLSearchParams(text);

describe("the team pages' query strings", () => {
  it("take a page size in decimal digits only, 1 to 200", () => {
    expect(parseLeadFilter(query("size=16"))).toMatchObject({ ok: true, filter: { size: 16 } });
    expect(parseLeadFilter(query(""))).toMatchObject({ ok: true, filter: { size: 50 } });
    for (const size of ["0x10", "1e1", "16.0", " 16", "+16", "-1", "0", "201", "Infinity"]) {
      expect(parseLeadFilter(query(`size=${encodeURIComponent(size)}`)).ok, size).toBe(false);
    }
    expect(parseLeadFilter(query("size=0x10"))).toEqual({ ok: false, errors: ["Page size must be a whole number from 1 to 200."] });
  });

  it("refuse a key the page does not know, or a key given twice, on every page", () => {
    expect(parseLeadFilter(query("kind=contact&kind=chat"))).toEqual({ ok: false, errors: ['Give "kind" once.'] });
    expect(parseLeadFilter(query("sort=old"))).toEqual({ ok: false, errors: ['Unknown filter "sort".'] });
    expect(parseExportQuery(query("format=csv&after=abc")).ok).toBe(false);
    expect(parseExportQuery(query("format=csv&size=0x10")).ok).toBe(false);
    expect(parseExportQuery(query("format=csv&from=2026-05-02&to=2026-05-01")).ok).toBe(false);
    expect(parseExportQuery(query("format=json&kind=chat"))).toMatchObject({ ok: true, value: { format: "json", kind: "chat" } });
    expect(parseMailQuery(query("status=sent&status=failed")).ok).toBe(false);
    expect(parseMailQuery(query("status=sent"))).toMatchObject({ ok: true, value: { status: "sent" } });
    expect(parseMailQuery(query("status=bounced"))).toEqual({ ok: false, errors: ["Status must be pending, sent or failed."] });
    expect(parseAuditQuery(query("page=2")).ok).toBe(false);
    expect(parsePersonQuery(query("email=a%40example.com&email=b%40example.com")).ok).toBe(false);
    expect(parsePersonQuery(query(""))).toEqual({ ok: false, errors: ["Give one email address (?email=…) to see what the site holds about a person."] });
    expect(parsePersonQuery(query("email=Ann%40Example.com"))).toMatchObject({ ok: true, value: { email: "Ann@Example.com" } });
    expect(parseCampaignsQuery(query("id=abc&tested=1"))).toMatchObject({ ok: true, value: { id: "abc", tested: "1" } });
    expect(parseCampaignsQuery(query("id=a&id=b"))).toEqual({ ok: false, errors: ['Give "id" once.'] });
    expect(parseCampaignsQuery(query("tested=yes"))).toEqual({ ok: false, errors: ["This campaign link is not valid."] });
  });
});


describe("the text rule in the team's forms", () => {
  it("a note loses NUL and bidi characters, keeps its lines; an empty one is refused", () => {
    expect(noteSchema.parse({ note: "Called\u0000 back\u202E\nwants a demo" })).toEqual({ note: "Called back\nwants a demo" });
    expect(noteSchema.safeParse({ note: "\u0000\u200B" }).success).toBe(false);
  });

  it("a campaign's subject (on one line) and body lose them; an empty subject is refused", () => {
    expect(campaignInputSchema.parse({ subject: "News \u202Efdp.exe\tfor\nyou", body: "Hello\u2066 **all**\u0000\n" })).toEqual({
      subject: "News fdp.exe for you",
      body: "Hello **all**\n",
      subject_fr: "",
      body_fr: "",
    });
    expect(campaignInputSchema.safeParse({ subject: "\u2067\u200B", body: "x" }).success).toBe(false);
  });
});
