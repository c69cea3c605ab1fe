/**
 * A campaign's versions: English (`subject`, `body`), French (`subject_fr`, `body_fr`), or both; a
 * version not written is "" (migration 0029). Each subscriber gets one mail: the version in their
 * language when the campaign has it, else the other one (a campaign in one language goes to
 * everyone in that language).
 */
import type { Locale } from "~/shared/i18n/locale";
import type { Audience } from "./campaign-audience";

/** A campaign's texts as stored. */
export interface CampaignTexts {
  subject: string;
  body: string;
  subject_fr: string;
  body_fr: string;
}

/** One version: its language, subject and Markdown body. */
export interface CampaignVersion {
  locale: Locale;
  subject: string;
  body: string;
}

/** The versions written, English first. */
export function versionsOf(campaign: CampaignTexts): CampaignVersion[] {
  const all: CampaignVersion[] = [
    { locale: "en", subject: campaign.subject, body: campaign.body },
    { locale: "fr", subject: campaign.subject_fr, body: campaign.body_fr },
  ];
  return all.filter((version) => version.subject !== "");
}

/** The version a subscriber of `language` gets: theirs if written, else the other. */
export function versionFor(campaign: CampaignTexts, language: Locale): CampaignVersion {
  const versions = versionsOf(campaign);
  const version = versions.find((candidate) => candidate.locale === language) ?? versions[0];
  if (!version) throw new Error("A campaign without a version cannot be sent.");
  return version;
}

/** What the team calls the campaign: its English subject, else its French one. */
export const campaignTitle = (campaign: Pick<CampaignTexts, "subject" | "subject_fr">): string => campaign.subject || campaign.subject_fr;

/** How many mails of each version the audience gets (by `versionFor`). */
export function mailsByVersion(campaign: CampaignTexts, languages: Audience["languages"]): Record<Locale, number> {
  const mails: Record<Locale, number> = { en: 0, fr: 0 };
  if (versionsOf(campaign).length === 0) return mails;
  for (const language of ["en", "fr"] as const) mails[versionFor(campaign, language).locale] += languages[language];
  return mails;
}
