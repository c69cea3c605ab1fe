import { describe, expect, it } from "vitest";
import type { PersonChange } from "../../../server/team/people";
import { changeSentence } from "./person-timeline";

const ann = "ann@heavyroute.test";
const mo = "mo@heavyroute.test";
const change = (fields: Partial<PersonChange>): PersonChange => ({ id: "1", at: "2026-11-27T10:00:00.000Z", actor: ann, kind: "owner", before: null, after: null, reason: null, cause: null, ...fields });

describe("a person's changes as sentences", () => {
  it("a member removed by an admin, and by the site at a start (never its stored code)", () => {
    expect(changeSentence(change({ before: mo, cause: "owner-removed" }))).toBe(`${ann} removed ${mo} from the team, so this person has no owner now.`);
    const bySite = changeSentence(change({ actor: "TEAM_MEMBERS", before: mo, cause: "owner-removed" }));
    expect(bySite).toBe(`The site removed ${mo} from the team when it started without them in its list of admins, so this person has no owner now.`);
    expect(bySite).not.toContain("TEAM_MEMBERS");
  });

  it("stages by their labels and follow-ups as days", () => {
    expect(changeSentence(change({ kind: "stage", before: "new", after: "contacted", cause: "reply" }))).toBe(`${ann} moved the stage from New to Contacted by replying.`);
    expect(changeSentence(change({ kind: "follow-up", after: "2030-01-15" }))).toBe(`${ann} set a follow-up for Tue, 15 Jan 2030.`);
    expect(changeSentence(change({ kind: "follow-up", before: "2030-01-15", after: "2030-02-01" }))).toBe(`${ann} moved the follow-up from Tue, 15 Jan 2030 to Fri, 1 Feb 2030.`);
    expect(changeSentence(change({ kind: "follow-up", before: "2030-01-15" }))).toBe(`${ann} removed the follow-up date (was Tue, 15 Jan 2030).`);
  });
});
