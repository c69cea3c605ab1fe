import { describe, expect, it } from "vitest";
import type { AuditAction } from "../../../server/audit/audit";
import { auditSentence, auditSentenceText } from "./audit-sentence";

const ann = "ann@heavyroute.test";
const campaignId = "0190a8f2-1111-7000-8000-000000000001";
const mailId = "0190a8f2-2222-7000-8000-000000000002";
const leadId = "0190a8f2-3333-7000-8000-000000000003";

/** Every action the server records (a new one is a compile error here until it has its line). */
const EXAMPLES: Record<AuditAction, { subject: string; detail: object; text: string; link?: string }> = {
  "sign-in": { subject: ann, detail: {}, text: `${ann} signed in.` },
  "sign-out": { subject: ann, detail: {}, text: `${ann} signed out.` },
  export: { subject: "1204 leads as CSV", detail: { kind: "contact", count: 1204 }, text: `${ann} exported 1,204 leads as CSV.` },
  erase: { subject: "one person", detail: { records: 4 }, text: `${ann} erased a person — 4 records.` },
  resend: { subject: `mail ${mailId}`, detail: { mails: 1 }, text: `${ann} resent a failed mail.`, link: `/team/mail/${mailId}` },
  "lead-status": { subject: `contact/${leadId}`, detail: { status: "handled" }, text: `${ann} marked a contact message as handled.`, link: `/team/leads/contact/${leadId}` },
  "lead-note": { subject: `chat/${leadId}`, detail: {}, text: `${ann} added a note to a chat lead.`, link: `/team/leads/chat/${leadId}` },
  "campaign-draft": { subject: campaignId, detail: { subject: "We launch" }, text: `${ann} saved the campaign draft “We launch”.`, link: `/team/campaigns?id=${campaignId}` },
  "campaign-test": { subject: campaignId, detail: { subject: "We launch" }, text: `${ann} sent themselves a test of “We launch”.`, link: `/team/campaigns?id=${campaignId}` },
  "campaign-send": { subject: campaignId, detail: { recipients: 2 }, text: `${ann} started sending a campaign to 2 subscribers.`, link: `/team/campaigns?id=${campaignId}` },
  "campaign-pause": { subject: campaignId, detail: {}, text: `${ann} paused a campaign.`, link: `/team/campaigns?id=${campaignId}` },
  "campaign-resume": { subject: campaignId, detail: {}, text: `${ann} resumed a campaign.`, link: `/team/campaigns?id=${campaignId}` },
};

describe("audit entries as sentences", () => {
  for (const [action, example] of Object.entries(EXAMPLES)) {
    it(`${action}: “${example.text}”`, () => {
      const entry = { actor: ann, action, subject: example.subject, detail: JSON.stringify(example.detail) };
      expect(auditSentenceText(entry)).toBe(example.text);
      const links = auditSentence(entry).filter((part) => typeof part !== "string");
      expect(links.map((link) => link.to)).toEqual(example.link ? [example.link] : []);
    });
  }

  it("all failed mail resent, and counts of one", () => {
    expect(auditSentenceText({ actor: ann, action: "resend", subject: "all failed mail", detail: '{"mails":3}' })).toBe(`${ann} resent all failed mail (3 mails).`);
    expect(auditSentenceText({ actor: ann, action: "export", subject: "1 leads as JSON", detail: '{"count":1}' })).toBe(`${ann} exported 1 lead as JSON.`);
    expect(auditSentenceText({ actor: ann, action: "lead-status", subject: `contact/${leadId}`, detail: '{"status":"open"}' })).toBe(`${ann} marked a contact message as open again.`);
  });

  it("an unknown action, a broken detail and the command line still read as sentences", () => {
    expect(auditSentenceText({ actor: ann, action: "member-invite", subject: "bob@heavyroute.test", detail: "{}" })).toBe(`${ann} did “member-invite” on bob@heavyroute.test.`);
    expect(auditSentenceText({ actor: "cli", action: "erase", subject: "one person", detail: "not json" })).toBe("The command line erased a person — some records.");
    expect(auditSentenceText({ actor: ann, action: "lead-status", subject: "bogus", detail: "{}" })).toBe(`${ann} marked the lead bogus as changed.`);
  });
});
