/**
 * A mail to a person with a body, in the branded layout (./branded-mail.tsx): its html from React
 * Email and its text part written out (the text is what plain-text readers and filters see, so it
 * is composed, not scraped from the html). `mailTemplate` renders a mail once with slots and fills
 * them per recipient: React Email's render costs milliseconds, a campaign has thousands of
 * recipients that differ only in their address and unsubscribe link.
 */
import { randomBytes } from "node:crypto";
import { render } from "@react-email/render";
import * as m from "~/paraglide/messages.js";
import type { Locale } from "~/shared/i18n/locale";
import { escapeHtml } from "../compose";
import { BODY_TAG_STYLES, BrandedMail, type MailFooter, TextParagraphs } from "./branded-mail";

export type { MailFooter } from "./branded-mail";

/** A body as plain text (escaped, paragraphs at blank lines), or as safe markup with its text. */
export type MailBody = { text: string } | { html: string; text: string };

export interface PersonMail {
  /** The mail's subject: the html document's title. */
  subject: string;
  /** The preheader shown after the subject in the inbox. */
  preview: string;
  heading?: string;
  body: MailBody;
  /** A button after the body; its URL is also in the text part. */
  action?: { label: string; url: string };
  /** Plain text after the action. */
  after?: string;
  footer: MailFooter;
  /** The person's language: the layout's fixed words (default English). */
  locale?: Locale | undefined;
}

export interface RenderedParts {
  html: string;
  text: string;
}

/** The footer as text: the signature separator, why, who sends it, the unsubscribe link. */
export function footerText(footer: MailFooter, locale: Locale = "en"): string {
  const lines = ["-- "];
  if (footer.why) lines.push(footer.why);
  lines.push(m.mail_sent_by({ postalAddress: footer.postalAddress }, { locale }));
  if (footer.unsubscribeUrl) lines.push(m.mail_unsubscribe_text({ url: footer.unsubscribeUrl }, { locale }));
  return lines.join("\n");
}

/**
 * Inline styles on the tags of a markup body. Only for markup whose text is escaped (the
 * campaigns' Markdown renderer): then every `<p`, `<a`… in it is one of its own tags.
 */
function styleMarkup(html: string): string {
  return html.replace(/<(p|h2|h3|h4|ul|li|a)(?=[\s>])/g, (tag, name: string) => `${tag} style="${BODY_TAG_STYLES[name]}"`);
}

function textPart(mail: PersonMail): string {
  return [mail.heading, mail.body.text.replace(/\r\n?/g, "\n").trim(), mail.action?.url, mail.after, footerText(mail.footer, mail.locale)].filter((part) => part !== undefined && part !== "").join("\n\n");
}

/** The html and text of a mail to a person, in the branded layout. */
export async function renderPersonMail(mail: PersonMail): Promise<RenderedParts> {
  const body = "html" in mail.body ? <div dangerouslySetInnerHTML={{ __html: styleMarkup(mail.body.html) }} /> : <TextParagraphs text={mail.body.text} />;
  const after = mail.after ? <TextParagraphs text={mail.after} /> : undefined;
  const html = await render(
    <BrandedMail title={mail.subject} preview={mail.preview} heading={mail.heading} action={mail.action} after={after} footer={mail.footer} locale={mail.locale ?? "en"}>
      {body}
    </BrandedMail>,
  );
  return { html, text: textPart(mail) };
}

/** A rendered mail with named slots, filled per recipient. */
export type FillMail<K extends string> = (values: Readonly<Record<K, string>>) => RenderedParts;

/**
 * Renders `build`'s mail once with a random mark in each slot and returns the function that puts
 * each recipient's values in place (html-escaped in the html). The marks are 128 random bits made
 * after the content is fixed, so no body can contain one.
 */
export async function mailTemplate<K extends string>(slots: readonly K[], build: (values: Readonly<Record<K, string>>) => PersonMail): Promise<FillMail<K>> {
  const nonce = randomBytes(16).toString("hex");
  const marks = Object.fromEntries(slots.map((slot, i) => [slot, `slot${i}x${nonce}`])) as Record<K, string>;
  const rendered = await renderPersonMail(build(marks));
  const pattern = new RegExp(`slot(\\d+)x${nonce}`, "g");
  const split = (source: string) => source.split(pattern);
  const html = split(rendered.html);
  const text = split(rendered.text);
  const fill = (parts: readonly string[], values: Readonly<Record<K, string>>, escape: (value: string) => string) =>
    parts.map((part, i) => (i % 2 === 0 ? part : escape(values[slots[Number(part)]!]))).join("");
  return (values) => ({ html: fill(html, values, escapeHtml), text: fill(text, values, (value) => value) });
}
