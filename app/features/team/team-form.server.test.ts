import { describe, expect, it } from "vitest";
import { CAMPAIGN_ERRORS, CAMPAIGN_INTENTS, CAMPAIGN_LIMITS, campaignError } from "./campaigns-contract";
import { TEAM_ERRORS, teamErrorCode } from "./team-contract";
import { type Refusal, readTeamForm } from "./team-form.server";
import { campaignInputError, campaignInputSchema, noteSchema } from "./team-schemas";

const post = (body: string, type = "application/x-www-form-urlencoded") =>
  new Request("http://localhost/team/campaigns", { method: "POST", headers: { "content-type": type }, body });

/** The body and status of a refusal (React Router's `data()`). */
const refusal = (read: { ok: true } | { ok: false; refusal: Refusal }) => {
  if (read.ok) throw new Error("expected a refusal");
  return { status: read.refusal.init?.status, ...read.refusal.data };
};

const campaignForm = { intents: CAMPAIGN_INTENTS, needsId: (intent: string) => intent !== "create", noSuchId: CAMPAIGN_ERRORS["campaign-unknown"] };

describe("readTeamForm", () => {
  it("reads the intent, the id and the text fields", async () => {
    const read = await readTeamForm(post("intent=update&id=0190c3d2-7b1a-7c3e-8f00-000000000001&subject=Hi"), campaignForm);
    expect(read.ok && { intent: read.value.intent, id: read.value.id, subject: read.value.text("subject"), body: read.value.text("body") }).toEqual({
      intent: "update",
      id: "0190c3d2-7b1a-7c3e-8f00-000000000001",
      subject: "Hi",
      body: "",
    });
  });

  it("refuses an unreadable body, an unknown intent, a missing or malformed id, with a 400 and a message", async () => {
    expect(refusal(await readTeamForm(post("--x\r\n", "multipart/form-data; boundary=y"), campaignForm))).toEqual({ status: 400, ok: false, message: "The form could not be read. Please try again." });
    expect(refusal(await readTeamForm(post("intent=delete&id=abc"), campaignForm))).toEqual({ status: 400, ok: false, message: "Unknown action." });
    expect(refusal(await readTeamForm(post("intent=send"), campaignForm))).toEqual({ status: 400, ok: false, message: "There is no such campaign." });
    expect(refusal(await readTeamForm(post("intent=send&id=../../etc"), campaignForm))).toEqual({ status: 400, ok: false, message: "There is no such campaign." });
    expect(refusal(await readTeamForm(post("id=x%20y"), { noSuchId: "There is no such mail." }))).toEqual({ status: 400, ok: false, message: "There is no such mail." });
  });

  it("reads the fields through a schema: its value, or its first message", async () => {
    const read = await readTeamForm(post(`intent=create&subject=${"s".repeat(CAMPAIGN_LIMITS.subject + 1)}&body=`), campaignForm);
    expect(read.ok && refusal(read.value.fields(campaignInputSchema))).toEqual({ status: 400, ok: false, message: "The subject must be 200 characters or fewer." });
    const note = await readTeamForm(post("intent=note&note=%20%20Called%20back%20"));
    expect(note.ok && note.value.fields(noteSchema)).toEqual({ ok: true, value: { note: "Called back" } });
  });
});

describe("campaign input", () => {
  it("refuses in the order the member fixes things: subject first, an empty body before a long one", () => {
    const codeOf = (input: { subject: string; body: string; subject_fr?: string; body_fr?: string }) => {
      const parsed = campaignInputSchema.safeParse(input);
      return parsed.success ? parsed.data : campaignInputError(parsed.error);
    };
    expect(codeOf({ subject: "\u0007 ", body: "" })).toBe("version-required");
    expect(codeOf({ subject: "", body: "# Hello" })).toBe("subject-required");
    expect(codeOf({ subject: "Live", body: " ".repeat(CAMPAIGN_LIMITS.body + 1) })).toBe("body-required");
    expect(codeOf({ subject: "Live", body: "x".repeat(CAMPAIGN_LIMITS.body + 1) })).toBe("body-too-long");
    expect(codeOf({ subject: "We\nare\tlive ", body: "# Hello" })).toEqual({ subject: "We are live", body: "# Hello", subject_fr: "", body_fr: "" });
  });

  it("takes an English version, a French one, or both, each written whole", () => {
    const codeOf = (input: { subject: string; body: string; subject_fr?: string; body_fr?: string }) => {
      const parsed = campaignInputSchema.safeParse(input);
      return parsed.success ? parsed.data : campaignInputError(parsed.error);
    };
    expect(codeOf({ subject: "", body: "", subject_fr: "En ligne", body_fr: "Bonjour" })).toEqual({ subject: "", body: "", subject_fr: "En ligne", body_fr: "Bonjour" });
    expect(codeOf({ subject: "Live", body: "Hello", subject_fr: "En ligne", body_fr: "Bonjour" })).toEqual({ subject: "Live", body: "Hello", subject_fr: "En ligne", body_fr: "Bonjour" });
    expect(codeOf({ subject: "Live", body: "Hello", subject_fr: "En ligne", body_fr: " " })).toBe("body-fr-required");
    expect(codeOf({ subject: "Live", body: "Hello", subject_fr: "", body_fr: "Bonjour" })).toBe("subject-fr-required");
    expect(codeOf({ subject: "", body: "", subject_fr: "x".repeat(CAMPAIGN_LIMITS.subject + 1), body_fr: "Bonjour" })).toBe("subject-fr-too-long");
  });
});

describe("refusals", () => {
  it("are told apart by code, also when thrown by another copy of the contract (the Express bundle's)", () => {
    const elsewhere = Object.assign(new Error(CAMPAIGN_ERRORS["campaign-already-sent"]), { code: "campaign-already-sent" });
    expect(teamErrorCode(elsewhere, CAMPAIGN_ERRORS)).toBe("campaign-already-sent");
    expect(teamErrorCode(campaignError("campaign-not-draft"), CAMPAIGN_ERRORS)).toBe("campaign-not-draft");
    expect(campaignError("campaign-not-draft").message).toBe("Only a draft can be edited: this campaign has been sent already.");
    expect(teamErrorCode(campaignError("campaign-missing"), TEAM_ERRORS)).toBeUndefined();
    expect(teamErrorCode(Object.assign(new Error("ENOENT"), { code: "ENOENT" }), CAMPAIGN_ERRORS)).toBeUndefined();
  });
});
