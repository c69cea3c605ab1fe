import { PRODUCT_NAME } from "~/content/brand";
import { isLocale, type Locale } from "~/shared/i18n/locale";
import { languageLine } from "../mail/lead-alerts";
import { headerSafe, type MailInput, textToHtml } from "../mail/compose";
import { teamTime } from "~/features/team/team-time-lines";
import { MailTemplateError, type TemplateRenderer } from "../mail/templates";

export const ADMIN_NOTICE_TEMPLATE = "newsletter-admin-notice";

/**
 * The notice to the newsletter's admin (ADMIN_EMAIL) of a new or returning subscriber,
 * queued with the subscription as a template reference (the address and the time) and rendered by
 * `adminNoticeTemplate` when sent: a sign-up writes its two values, not the text and its html
 * (docs/decisions/0053). The subject is stored, as the team's outbox lists it. In English, naming
 * the subscriber's language.
 */
export function adminNoticeMail(adminEmail: string, subscriber: string, subscribedAt: string, locale: Locale = "en"): MailInput {
  return {
    to: adminEmail,
    about: subscriber,
    subject: `New ${PRODUCT_NAME} newsletter subscriber: ${headerSafe(subscriber)}`,
    text: "",
    template: { name: ADMIN_NOTICE_TEMPLATE, values: { email: subscriber, at: subscribedAt, language: locale } },
    priority: "bulk",
  };
}

const adminNoticeText = (subscriber: string, subscribedAt: string, locale: Locale): string =>
  [`A new subscriber joined the ${PRODUCT_NAME} newsletter.`, "", `Email: ${subscriber}`, languageLine(locale), `Subscribed at: ${subscribedAt}`].join("\n");

/**
 * Renders a queued admin notice (server/mail/templates.ts), its time in the zone `zoneOf` gives
 * the recipient (read when it is sent: a sign-up does not look it up).
 */
export const adminNoticeTemplate =
  (zoneOf: (email: string) => Promise<string>): TemplateRenderer =>
  async (values, row) => {
    if (values.email === undefined || values.at === undefined) throw new MailTemplateError(`Mail ${row.id}: the admin notice has no address or time.`);
    // Notices queued before languages were stored are English.
    const text = adminNoticeText(values.email, teamTime(values.at, await zoneOf(row.to)), isLocale(values.language) ? values.language : "en");
    return { text, html: textToHtml(text) };
  };
