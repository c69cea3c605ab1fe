import { describe, expect, it } from "vitest";
import { campaignInputSchema, noteSchema } from "./team-schemas";

describe("the text rule in the team's forms", () => {
  it("a note loses NUL and bidi characters, keeps its lines; an empty one is refused", () => {
    expect(noteSchema.parse({ note: "Called\u0000 back\u202E\nwants a demo" })).toEqual({ note: "Called back\nwants a demo" });
    expect(noteSchema.safeParse({ note: "\u0000\u200B" }).success).toBe(false);
  });

  it("a campaign's subject (on one line) and body lose them; an empty subject is refused", () => {
    expect(campaignInputSchema.parse({ subject: "News \u202Efdp.exe\tfor\nyou", body: "Hello\u2066 **all**\u0000\n" })).toEqual({
      subject: "News fdp.exe for you",
      body: "Hello **all**\n",
    });
    expect(campaignInputSchema.safeParse({ subject: "\u2067\u200B", body: "x" }).success).toBe(false);
  });
});
