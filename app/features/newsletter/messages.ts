import { PRODUCT_NAME, TEAM_EMAIL } from "~/content/brand";

/** The newsletter's texts (spec §5 and §8). */
export const NEWSLETTER_MESSAGES = {
  success: `Thank you for subscribing! Welcome to the ${PRODUCT_NAME} community: we will keep you posted on our launch.`,
  alreadySubscribed: "This email is already subscribed.",
  failed: "Failed to subscribe. Please try again later.",
  unexpected: "An unexpected error occurred. Please try again.",
} as const;

/** The success message disappears after this long (spec §9). */
export const NEWSLETTER_SUCCESS_MS = 5_000;

/**
 * The text shown next to the Subscribe button: what the visitor consents to. Stored, word for
 * word, in each subscription's consent record (with NEWSLETTER_FORM_ID): change the text, and
 * later records say so.
 */
export const NEWSLETTER_CONSENT_TEXT = "Get launch news and early-access offers by email. No spam; unsubscribe at any time.";

/** Which form a consent record comes from (the block is on Home and on /newsletter; the page is recorded too). */
export const NEWSLETTER_FORM_ID = "newsletter-block";

/** The hidden field carrying the path of the page the form is on. */
export const NEWSLETTER_PAGE_FIELD = "page";

/** The welcome mail to a new subscriber (the footer with the unsubscribe link is added by the server). */
export const NEWSLETTER_WELCOME = {
  subject: `Welcome to the ${PRODUCT_NAME} newsletter`,
  paragraphs: [
    `Thank you for subscribing to the ${PRODUCT_NAME} newsletter.`,
    `You signed up for launch news and early-access offers about ${PRODUCT_NAME}, the professional platform for oversized and heavy transport. We will write when there is something worth telling: no spam, and you can unsubscribe at any time with the link below.`,
    `This newsletter is sent by the ${PRODUCT_NAME} team. Questions? Write to ${TEAM_EMAIL}.`,
  ],
} as const;
