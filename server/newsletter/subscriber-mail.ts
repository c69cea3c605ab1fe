/**
 * What every mail to a subscriber carries (CAN-SPAM, CASL, GDPR): who sends it, why the person
 * gets it, the postal/contact line, and their own unsubscribe link, in the footer and in the
 * `List-Unsubscribe` / `List-Unsubscribe-Post` headers (RFC 2369, RFC 8058).
 */
import { PRODUCT_NAME } from "~/content/brand";
import { NEWSLETTER_WELCOME } from "~/features/newsletter/messages";
import { UNSUBSCRIBE_PATH } from "~/features/newsletter/unsubscribe-contract";
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
}

export const unsubscribeUrl = (origin: string, token: string): string => `${origin}${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}`;

/** List-Unsubscribe (the link, and mailto: when configured) and the RFC 8058 one-click header. */
export function listHeaders(link: SubscriberLink, mail: Config["mail"]): Record<string, string> {
  const targets = [`<${unsubscribeUrl(link.origin, link.token)}>`];
  if (mail.unsubscribeMailto) targets.push(`<mailto:${mail.unsubscribeMailto}?subject=${encodeURIComponent(`unsubscribe ${link.token}`)}>`);
  return { "List-Unsubscribe": targets.join(", "), "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}

/** A subscriber's two values in a mail to them: their address and their own unsubscribe link. */
export const SUBSCRIBER_SLOTS = ["email", "unsubscribeUrl"] as const;
export type SubscriberValues = Readonly<Record<(typeof SUBSCRIBER_SLOTS)[number], string>>;

export const subscriberValues = (link: SubscriberLink): SubscriberValues => ({ email: link.email, unsubscribeUrl: unsubscribeUrl(link.origin, link.token) });

/** The footer of every mail to a subscriber: why they get it, who sends it, their unsubscribe link. */
export function subscriberFooter(values: SubscriberValues, mail: Config["mail"]): MailFooter {
  return {
    why: `You receive this email because ${values.email} subscribed to the ${PRODUCT_NAME} newsletter on ${mail.origin}.`,
    postalAddress: mail.postalAddress,
    unsubscribeUrl: values.unsubscribeUrl,
  };
}

/** The welcome mail in the branded layout, for one subscriber's values (or a template's slots). */
export function welcomeContent(values: SubscriberValues, mail: Config["mail"]): PersonMail {
  const [first, ...rest] = NEWSLETTER_WELCOME.paragraphs;
  return { subject: NEWSLETTER_WELCOME.subject, preview: first, heading: NEWSLETTER_WELCOME.subject, body: { text: [first, ...rest].join("\n\n") }, footer: subscriberFooter(values, mail) };
}

export const WELCOME_TEMPLATE = "newsletter-welcome";

/** Who a welcome mail greets: the address and its subscriber row's unsubscribe key. */
export interface WelcomeRecipient {
  email: string;
  unsubscribeKey: string;
}

/**
 * The welcome mail: once per address, queued with the subscription. Queued as a template
 * reference (the recipient's two values), rendered by `welcomeTemplate` when sent, signed
 * unsubscribe link and List-Unsubscribe headers included: the same for everyone but the link, its
 * text would otherwise be written with every sign-up (0046), and the link's signature is an HMAC
 * the sign-up need not wait for (0053).
 */
export function welcomeMail(recipient: WelcomeRecipient): MailInput {
  return {
    to: recipient.email,
    about: recipient.email,
    subject: NEWSLETTER_WELCOME.subject,
    text: "",
    template: { name: WELCOME_TEMPLATE, values: { email: recipient.email, key: recipient.unsubscribeKey } },
    priority: "bulk",
  };
}

/**
 * Renders a queued welcome mail (server/mail/templates.ts), its links on the mail origin as it is
 * when sent (an `origin` value in rows queued by earlier versions is ignored). A row without its
 * key cannot be rendered: an error, never a mail without its unsubscribe link.
 */
export function welcomeTemplate(mail: Config["mail"], keys: NewsletterKeys): TemplateRenderer {
  // The same for everyone but the two values: rendered once, filled per mail.
  let template: Promise<FillMail<(typeof SUBSCRIBER_SLOTS)[number]>> | undefined;
  const prepared = () =>
    (template ??= mailTemplate(SUBSCRIBER_SLOTS, (values) => welcomeContent(values, mail)).catch((error: unknown) => {
      template = undefined;
      throw error;
    }));
  return async (values, row) => {
    if (values.key === undefined) throw new MailTemplateError(`Mail ${row.id}: the welcome mail has no unsubscribe key.`);
    const link: SubscriberLink = { email: values.email ?? row.to, token: keys.token(values.key), origin: mail.origin };
    const fill = await prepared();
    return { ...fill(subscriberValues(link)), headers: listHeaders(link, mail) };
  };
}
