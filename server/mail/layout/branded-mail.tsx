/**
 * The one layout of every mail the site sends to a person (welcome, campaigns, sign-in links,
 * replies): React Email components, so the markup is what mail clients handle — nested
 * presentation tables, inline styles, no external CSS or images. The light palette is inline; a
 * `prefers-color-scheme: dark` block (Apple Mail, Outlook.com, some Android clients) switches to the
 * dark one, and the `color-scheme` metas tell clients that invert colours on their own (Gmail) that
 * both schemes are intended. Colours are the site's (app/app.css), contrast ≥ 4.5:1 in both.
 * Its fixed words (tagline, footer, the link under the button) are in the person's language
 * (messages/<locale>/mail.json); what a member writes stays as written.
 */
// The component packages one by one: the @react-email/components bundle also loads its Tailwind
// support, a second of start-up for every server process (decision 0125).
import { Body } from "@react-email/body";
import { Button } from "@react-email/button";
import { Container } from "@react-email/container";
import { Head } from "@react-email/head";
import { Heading } from "@react-email/heading";
import { Hr } from "@react-email/hr";
import { Html } from "@react-email/html";
import { Link } from "@react-email/link";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import type { ReactNode } from "react";
import { PRODUCT_NAME } from "~/content/brand";
import * as m from "~/paraglide/messages.js";
import { LANGUAGE_TAG, type Locale } from "~/shared/i18n/locale";

/** The site's palette (app/app.css tokens), light and dark. */
export const MAIL_PALETTE = {
  brand: "#b91c1c",
  brandStrong: "#991b1b",
  onBrand: "#ffffff",
  ink: "#0f172a",
  muted: "#475569",
  surface: "#f1f5f9",
  canvas: "#ffffff",
  line: "#cbd5e1",
  dark: { surface: "#0b1220", canvas: "#111827", ink: "#f8fafc", muted: "#cbd5e1", link: "#fca5a5", line: "#334155" },
} as const;

const P = MAIL_PALETTE;
const FONT = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

/** The dark scheme, for clients that honour the media query (classes below, !important beats inline). */
const DARK_CSS = `
:root { color-scheme: light dark; supported-color-schemes: light dark; }
@media (prefers-color-scheme: dark) {
  .hr-body, .hr-outer { background-color: ${P.dark.surface} !important; }
  .hr-card { background-color: ${P.dark.canvas} !important; color: ${P.dark.ink} !important; }
  .hr-card h1, .hr-card h2, .hr-card h3, .hr-card h4, .hr-card p, .hr-card li { color: ${P.dark.ink} !important; }
  .hr-card a:not(.hr-button) { color: ${P.dark.link} !important; }
  .hr-footer, .hr-footer p { color: ${P.dark.muted} !important; }
  .hr-footer a { color: ${P.dark.link} !important; }
  .hr-rule { border-color: ${P.dark.line} !important; }
}`;

/** Inline styles of the tags in a body given as markup (the campaigns' Markdown subset). */
export const BODY_TAG_STYLES: Readonly<Record<string, string>> = {
  p: `margin:0 0 16px;font-size:16px;line-height:1.6;color:${P.ink}`,
  h2: `margin:24px 0 12px;font-size:20px;line-height:1.3;color:${P.ink}`,
  h3: `margin:20px 0 10px;font-size:18px;line-height:1.3;color:${P.ink}`,
  h4: `margin:16px 0 8px;font-size:16px;line-height:1.3;color:${P.ink}`,
  ul: "margin:0 0 16px;padding-left:24px",
  li: `margin:0 0 6px;font-size:16px;line-height:1.6;color:${P.ink}`,
  a: `color:${P.brand};text-decoration:underline`,
};

/** The footer: the postal line always; why the person gets it and their unsubscribe link for subscribers. */
export interface MailFooter {
  /** MAIL_POSTAL_ADDRESS. */
  postalAddress: string;
  /** Why the person receives this mail (subscribers). */
  why?: string;
  /** Their one-click unsubscribe link (subscribers). */
  unsubscribeUrl?: string;
}

export interface BrandedMailProps {
  /** The document's title (the subject). */
  title: string;
  /** The preheader: the line clients show after the subject in the inbox. */
  preview: string;
  heading?: string;
  /** The body, before the action. */
  children: ReactNode;
  /** A button after the body (e.g. a sign-in link). */
  action?: { label: string; url: string };
  /** Text after the action. */
  after?: ReactNode;
  footer: MailFooter;
  /** The language of the person it is sent to: the layout's own words and `<html lang>`. */
  locale: Locale;
}

const paragraph = { margin: "0 0 16px", fontSize: "16px", lineHeight: "1.6", color: P.ink } as const;
const footerText = { margin: "0 0 8px", fontSize: "13px", lineHeight: "1.5", color: P.muted } as const;

export function BrandedMail({ title, preview, heading, children, action, after, footer, locale }: BrandedMailProps) {
  return (
    <Html lang={LANGUAGE_TAG[locale]} dir="ltr">
      <Head>
        <title>{title}</title>
        <meta name="color-scheme" content="light dark" />
        <meta name="supported-color-schemes" content="light dark" />
        <style>{DARK_CSS}</style>
      </Head>
      {/* The preheader: hidden, without the invisible padding characters React Email's Preview adds (mail carries no invisible characters). */}
      <div style={{ display: "none", overflow: "hidden", lineHeight: "1px", opacity: 0, maxHeight: 0, maxWidth: 0 }} data-skip-in-text="true">
        {preview}
      </div>
      <Body className="hr-body" style={{ margin: 0, padding: 0, backgroundColor: P.surface, fontFamily: FONT }}>
        <Container className="hr-outer" style={{ maxWidth: "600px", width: "100%", margin: "0 auto", padding: "24px 12px", backgroundColor: P.surface }}>
          <Section style={{ backgroundColor: P.brand, borderRadius: "8px 8px 0 0", padding: "20px 28px" }}>
            <Text style={{ margin: 0, fontSize: "22px", fontWeight: 800, lineHeight: "1.2", color: P.onBrand, letterSpacing: "0.01em" }}>{PRODUCT_NAME}</Text>
            <Text style={{ margin: "4px 0 0", fontSize: "13px", lineHeight: "1.4", color: P.onBrand }}>{m.mail_tagline({}, { locale })}</Text>
          </Section>
          <Section className="hr-card" style={{ backgroundColor: P.canvas, color: P.ink, borderRadius: "0 0 8px 8px", padding: "28px" }}>
            {heading ? (
              <Heading as="h1" style={{ margin: "0 0 20px", fontSize: "24px", lineHeight: "1.3", color: P.ink }}>
                {heading}
              </Heading>
            ) : null}
            {children}
            {action ? (
              <Section style={{ margin: "8px 0 20px" }}>
                <Button className="hr-button" href={action.url} style={{ backgroundColor: P.brand, color: P.onBrand, borderRadius: "6px", padding: "12px 20px", fontSize: "16px", fontWeight: 700, textDecoration: "none" }}>
                  {action.label}
                </Button>
                <Text style={{ ...paragraph, margin: "16px 0 0", fontSize: "13px", color: P.muted, wordBreak: "break-all" }}>
                  {m.mail_open_link({}, { locale })} <Link href={action.url} style={{ color: P.brand }}>{action.url}</Link>
                </Text>
              </Section>
            ) : null}
            {after}
          </Section>
          <Section className="hr-footer" style={{ padding: "20px 28px 0" }}>
            <Hr className="hr-rule" style={{ borderColor: P.line, margin: "0 0 16px" }} />
            {footer.why ? <Text style={footerText}>{footer.why}</Text> : null}
            <Text style={footerText}>{m.mail_sent_by({ postalAddress: footer.postalAddress }, { locale })}</Text>
            {footer.unsubscribeUrl ? (
              <Text style={footerText}>
                <Link href={footer.unsubscribeUrl} style={{ color: P.brandStrong, textDecoration: "underline" }}>
                  {m.mail_unsubscribe({}, { locale })}
                </Link>
              </Text>
            ) : null}
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

/** Paragraphs of plain text (split at blank lines, line breaks kept), escaped by React. */
export function TextParagraphs({ text }: { text: string }) {
  const blocks = text.replace(/\r\n?/g, "\n").split(/\n{2,}/).filter((block) => block.trim() !== "");
  return (
    <>
      {blocks.map((block, i) => (
        <Text key={i} style={paragraph}>
          {block.split("\n").map((line, j) => (
            <span key={j}>
              {j > 0 ? <br /> : null}
              {line}
            </span>
          ))}
        </Text>
      ))}
    </>
  );
}
