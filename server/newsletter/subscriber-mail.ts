/**
 * What every mail to a subscriber carries (CAN-SPAM, CASL, GDPR): who sends it, why the person
 * gets it, the postal/contact line, and their own unsubscribe link, in the footer and in the
 * `List-Unsubscribe` / `List-Unsubscribe-Post` headers (RFC 2369, RFC 8058). In the subscriber's
 * language (`subscribers.language`): the words, and the unsubscribe page (/fr/unsubscribe in French).
 */
import { PRODUCT_NAME, TEAM_EMAIL } from "~/content/brand";
import { UNSUBSCRIBE_PATH } from "~/features/newsletter/unsubscribe-contract";
import * as m from "~/paraglide/messages.js";
import { isLocale, type Locale, pathIn } from "~/shared/i18n/locale";
import type { Config } from "../config";
import type { MailInput } from "../mail/compose";
import { type FillMail, type MailFooter, type PersonMail, mailTemplate } from "../mail/layout/person-mail";
import { MailTemplateError, type TemplateRenderer } from "../mail/templates";
import type { NewsletterKeys } from "./keys";

export interface SubscriberLink {
  /** The subscriber's address. */
  email: string;
  /** Their unsubscribe token (NewsletterKeys.token). */
  token: string;
  /** The origin of the links: the mail origin (config.ts), never one a request gave. */
  origin: string;
  /** Their language: the unsubscribe page's. */
  locale: Locale;
}

export const unsubscribeUrl = (origin: string, token: string, locale: Locale = "en"): string => `${origin}${pathIn(UNSUBSCRIBE_PATH, locale)}?token=${encodeURIComponent(token)}`;

/** List-Unsubscribe (the link, and mailto: when configured) and the RFC 8058 one-click header. */
export function listHeaders(link: SubscriberLink, mail: Config["mail"]): Record<string, string> {
  const targets = [`<${unsubscribeUrl(link.origin, link.token, link.locale)}>`];
  if (mail.unsubscribeMailto) targets.push(`<mailto:${mail.unsubscribeMailto}?subject=${encodeURIComponent(`unsubscribe ${link.token}`)}>`);
  return { "List-Unsubscribe": targets.join(", "), "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}

/** A subscriber's two values in a mail to them: their address and their own unsubscribe link. */
export const SUBSCRIBER_SLOTS = ["email", "unsubscribeUrl"] as const;
export type SubscriberValues = Readonly<Record<(typeof SUBSCRIBER_SLOTS)[number], string>>;

export const subscriberValues = (link: SubscriberLink): SubscriberValues => ({ email: link.email, unsubscribeUrl: unsubscribeUrl(link.origin, link.token, link.locale) });

/** The footer of every mail to a subscriber, in their language: why they get it, who sends it, their unsubscribe link. */
export function subscriberFooter(values: SubscriberValues, mail: Config["mail"], locale: Locale = "en"): MailFooter {
  return {
    why: m.mail_subscriber_why({ email: values.email, product: PRODUCT_NAME, origin: mail.origin }, { locale }),
    postalAddress: mail.postalAddress,
    unsubscribeUrl: values.unsubscribeUrl,
  };
}

/** The welcome mail's subject in a language. */
export const welcomeSubject = (locale: Locale): string => m.mail_welcome_subject({ product: PRODUCT_NAME }, { locale });

/** The welcome mail in the branded layout, in `locale`, for one subscriber's values (or a template's slots). */
export function welcomeContent(values: SubscriberValues, mail: Config["mail"], locale: Locale = "en"): PersonMail {
  const subject = welcomeSubject(locale);
  const first = m.mail_welcome_thanks({ product: PRODUCT_NAME }, { locale });
  const paragraphs = [first, m.mail_welcome_what({ product: PRODUCT_NAME }, { locale }), m.mail_welcome_who({ product: PRODUCT_NAME, teamEmail: TEAM_EMAIL }, { locale })];
  return { subject, preview: first, heading: subject, body: { text: paragraphs.join("\n\n") }, footer: subscriberFooter(values, mail, locale), locale };
}

export const WELCOME_TEMPLATE = "newsletter-welcome";

/** Who a welcome mail greets: the address, its subscriber row's unsubscribe key, and their language. */
export interface WelcomeRecipient {
  email: string;
  unsubscribeKey: string;
  locale?: Locale | undefined;
}

/**
 * The welcome mail: once per address, queued with the subscription. Queued as a template
 * reference (the recipient's two values), rendered by `welcomeTemplate` when sent, signed
 * unsubscribe link and List-Unsubscribe headers included: the same for everyone but the link, its
 * text would otherwise be written with every sign-up (0046), and the link's signature is an HMAC
 * the sign-up need not wait for (0053).
 */
export function welcomeMail(recipient: WelcomeRecipient): MailInput {
  const locale = recipient.locale ?? "en";
  return {
    to: recipient.email,
    about: recipient.email,
    subject: welcomeSubject(locale),
    text: "",
    template: { name: WELCOME_TEMPLATE, values: { email: recipient.email, key: recipient.unsubscribeKey, locale } },
    priority: "bulk",
  };
}

/**
 * Renders a queued welcome mail (server/mail/templates.ts), its links on the mail origin as it is
 * when sent (an `origin` value in rows queued by earlier versions is ignored), in the language of
 * its `locale` value (rows queued before languages were stored: English). A row without its key
 * cannot be rendered: an error, never a mail without its unsubscribe link.
 */
export function welcomeTemplate(mail: Config["mail"], keys: NewsletterKeys): TemplateRenderer {
  // The same for everyone of a language but the two values: rendered once per language, filled per mail.
  const templates = new Map<Locale, Promise<FillMail<(typeof SUBSCRIBER_SLOTS)[number]>>>();
  const prepared = (locale: Locale) => {
    let template = templates.get(locale);
    if (!template) {
      template = mailTemplate(SUBSCRIBER_SLOTS, (values) => welcomeContent(values, mail, locale)).catch((error: unknown) => {
        templates.delete(locale);
        throw error;
      });
      templates.set(locale, template);
    }
    return template;
  };
  return async (values, row) => {
    if (values.key === undefined) throw new MailTemplateError(`Mail ${row.id}: the welcome mail has no unsubscribe key.`);
    const locale = isLocale(values.locale) ? values.locale : "en";
    const link: SubscriberLink = { email: values.email ?? row.to, token: keys.token(values.key), origin: mail.origin, locale };
    const fill = await prepared(locale);
    return { ...fill(subscriberValues(link)), headers: listHeaders(link, mail) };
  };
}
