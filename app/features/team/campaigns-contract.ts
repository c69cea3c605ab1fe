/**
 * Newsletter campaigns' contract between /team/campaigns and server/newsletter/campaigns.ts: the
 * limits of a campaign, the actions of its forms, and its refusals as codes with their texts.
 * No zod here (the input schema is in team-schemas.ts).
 */
import { TeamError } from "./team-contract";

export const CAMPAIGNS_PATH = "/team/campaigns";

export const CAMPAIGN_LIMITS = { subject: 200, body: 50_000 } as const;

/** What a campaign form may ask for (its `intent` field). */
export const CAMPAIGN_INTENTS = ["create", "update", "segment", "schedule", "unschedule", "test", "send", "pause", "resume"] as const;
export type CampaignIntent = (typeof CAMPAIGN_INTENTS)[number];

export const CAMPAIGN_ERRORS = {
  "version-required": "Write the campaign in English, in French or in both: a subject and a message.",
  "subject-required": "Please enter a subject.",
  "subject-too-long": `The subject must be ${CAMPAIGN_LIMITS.subject} characters or fewer.`,
  "body-required": "Please write the message.",
  "body-too-long": `The message must be ${CAMPAIGN_LIMITS.body.toLocaleString("en-US")} characters or fewer.`,
  "subject-fr-required": "Please enter the French subject (or leave the French version empty).",
  "subject-fr-too-long": `The French subject must be ${CAMPAIGN_LIMITS.subject} characters or fewer.`,
  "body-fr-required": "Please write the French message (or leave the French version empty).",
  "body-fr-too-long": `The French message must be ${CAMPAIGN_LIMITS.body.toLocaleString("en-US")} characters or fewer.`,
  "campaign-missing": "This campaign does not exist.",
  "campaign-unknown": "There is no such campaign.",
  "campaign-not-draft": "Only a draft can be edited: this campaign has been sent already.",
  "campaign-already-sent": "This campaign has been sent already (or does not exist).",
  "campaign-not-sending": "Only a campaign that is sending can be paused.",
  "campaign-not-paused": "Only a campaign that is paused can be resumed.",
  "send-unconfirmed": "Tick the box to confirm sending to the audience now.",
  "campaign-not-scheduled": "This campaign is not scheduled (it may have started sending already).",
  "schedule-invalid": "Choose the date and the time to send it (for example 2027-03-01 at 09:00).",
  "schedule-gap": "That time does not exist in your time zone: the clocks move forward then. Choose another time.",
  "schedule-past": "That time has passed: choose a time later than now.",
} as const;
export type CampaignErrorCode = keyof typeof CAMPAIGN_ERRORS;

export const campaignError = (code: CampaignErrorCode) => new TeamError(code, CAMPAIGN_ERRORS);
