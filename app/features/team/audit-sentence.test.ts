import { describe, expect, it } from "vitest";
import type { AuditAction } from "../../../server/audit/audit";
import { auditSentence, auditSentenceText } from "./audit-sentence";

const ann = "ann@heavyroute.test";
const bob = "bob@heavyroute.test";
const jo = "jo@example.com";
const joLink = `/team/people?email=${encodeURIComponent(jo)}`;
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
  "campaign-edit": { subject: campaignId, detail: {}, text: `${ann} edited a campaign.`, link: `/team/campaigns?id=${campaignId}` },
  "campaign-schedule": {
    subject: campaignId,
    detail: { at: "2027-07-01T13:00:00.000Z", zone: "America/Toronto", local: "2027-07-01 09:00" },
    text: `${ann} scheduled a campaign for 2027-07-01 09:00 (America/Toronto).`,
    link: `/team/campaigns?id=${campaignId}`,
  },
  "campaign-unschedule": { subject: campaignId, detail: {}, text: `${ann} cancelled the schedule of a campaign.`, link: `/team/campaigns?id=${campaignId}` },
  "person-owner": { subject: jo, detail: { before: null, after: ann }, text: `${ann} gave ${jo} to ${ann} (was none).`, link: joLink },
  "person-stage": { subject: jo, detail: { before: "new", after: "lost", reason: "Went elsewhere" }, text: `${ann} moved ${jo} from New to Lost (Went elsewhere).`, link: joLink },
  "person-follow-up": { subject: jo, detail: { before: null, after: "2027-01-15" }, text: `${ann} set the follow-up of ${jo} to Fri, 15 Jan 2027 (was none).`, link: joLink },
  "person-reply": { subject: jo, detail: { mail: mailId, thread: "started" }, text: `${ann} replied to ${jo}.`, link: joLink },
  "canned-reply": { subject: "Government", detail: { language: "fr", before: 120, after: 140 }, text: `${ann} edited the French canned reply “Government plans”.` },
  "member-invite": { subject: bob, detail: { role: "member" }, text: `${ann} invited ${bob} as member.` },
  "member-remove": { subject: bob, detail: { role: "member" }, text: `${ann} removed ${bob} from the team.` },
  "member-role": { subject: bob, detail: { from: "member", to: "admin" }, text: `${ann} made ${bob} an admin.` },
  "member-settings": { subject: ann, detail: { timeZone: "America/Toronto", alerts: "daily" }, text: `${ann} changed their settings.` },
  "saved-filter-save": { subject: "Government", detail: { query: "plan=government" }, text: `${ann} saved the filter “Government”.`, link: "/team?plan=government" },
  "saved-filter-delete": { subject: "Government", detail: {}, text: `${ann} deleted the saved filter “Government”.` },
  "webhook-create": { subject: "https://crm.example/hooks", detail: {}, text: `${ann} added the webhook https://crm.example/hooks.`, link: "/team/webhooks" },
  "webhook-update": { subject: "https://crm.example/hooks", detail: {}, text: `${ann} changed the webhook https://crm.example/hooks.`, link: "/team/webhooks" },
  "webhook-rotate": { subject: "https://crm.example/hooks", detail: {}, text: `${ann} rotated the secret of the webhook https://crm.example/hooks.`, link: "/team/webhooks" },
  "webhook-delete": { subject: "https://crm.example/hooks", detail: { deliveries: 3 }, text: `${ann} deleted the webhook https://crm.example/hooks and 3 deliveries.` },
  "webhook-replay": { subject: "msg_1", detail: { type: "lead.created" }, text: `${ann} replayed a lead.created delivery.`, link: "/team/webhooks" },
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

  it("a canned reply's edit names its language; an entry from before languages reads as it did", () => {
    expect(auditSentenceText({ actor: ann, action: "canned-reply", subject: "general", detail: '{"language":"en","before":10,"after":12}' })).toBe(`${ann} edited the English canned reply “General”.`);
    expect(auditSentenceText({ actor: ann, action: "canned-reply", subject: "general", detail: '{"before":10,"after":12}' })).toBe(`${ann} edited the canned reply “General”.`);
    expect(auditSentenceText({ actor: ann, action: "canned-reply", subject: "general", detail: '{"language":"de"}' })).toBe(`${ann} edited the canned reply “General”.`);
  });

  it("a removed member's people, released with them; a removal by the site at a start, in words", () => {
    expect(auditSentenceText({ actor: ann, action: "member-remove", subject: bob, detail: '{"role":"member","released":1204}' })).toBe(
      `${ann} removed ${bob} from the team and left the 1,204 people they owned without an owner.`,
    );
    expect(auditSentenceText({ actor: ann, action: "member-remove", subject: bob, detail: '{"role":"member","released":1}' })).toBe(`${ann} removed ${bob} from the team and left the 1 person they owned without an owner.`);
    expect(auditSentenceText({ actor: "TEAM_MEMBERS", action: "member-remove", subject: bob, detail: '{"role":"admin","released":0}' })).toBe(
      `The site removed ${bob} from the team when it started without them in its list of admins.`,
    );
    expect(auditSentenceText({ actor: "TEAM_MEMBERS", action: "member-remove", subject: bob, detail: '{"role":"admin","released":2}' })).toBe(
      `The site removed ${bob} from the team when it started without them in its list of admins, and left the 2 people they owned without an owner.`,
    );
  });

  it("stages, days and canned replies in words, never their stored codes", () => {
    expect(auditSentenceText({ actor: ann, action: "person-stage", subject: jo, detail: '{"before":"contacted","after":"qualified"}' })).toBe(`${ann} moved ${jo} from Contacted to Qualified.`);
    expect(auditSentenceText({ actor: ann, action: "person-stage", subject: jo, detail: '{"before":"new","after":"contacted","cause":"reply"}' })).toBe(`${ann} moved ${jo} from New to Contacted by replying.`);
    expect(auditSentenceText({ actor: ann, action: "person-follow-up", subject: jo, detail: '{"before":"2027-01-15","after":null}' })).toBe(`${ann} set the follow-up of ${jo} to none (was Fri, 15 Jan 2027).`);
    expect(auditSentenceText({ actor: ann, action: "canned-reply", subject: "Training", detail: '{"language":"en"}' })).toBe(`${ann} edited the English canned reply “Training plans”.`);
    // A value from a newer version reads as stored rather than not at all.
    expect(auditSentenceText({ actor: ann, action: "person-stage", subject: jo, detail: '{"before":"new","after":"nurturing"}' })).toBe(`${ann} moved ${jo} from New to nurturing.`);
  });

  it("no actor reads as a stored code", () => {
    for (const actor of ["TEAM_MEMBERS", "cli"]) {
      for (const action of Object.keys(EXAMPLES)) {
        const text = auditSentenceText({ actor, action, subject: jo, detail: "{}" });
        expect(text).not.toMatch(/TEAM_MEMBERS|\bcli\b/);
      }
    }
  });

  it("an unknown action, a broken detail and the command line still read as sentences", () => {
    expect(auditSentenceText({ actor: ann, action: "member-promote", subject: "bob@heavyroute.test", detail: "{}" })).toBe(`${ann} did “member-promote” on bob@heavyroute.test.`);
    expect(auditSentenceText({ actor: "cli", action: "erase", subject: "one person", detail: "not json" })).toBe("The command line erased a person — some records.");
    expect(auditSentenceText({ actor: ann, action: "lead-status", subject: "bogus", detail: "{}" })).toBe(`${ann} marked the lead bogus as changed.`);
  });
});
