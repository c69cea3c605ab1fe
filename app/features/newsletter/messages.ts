import { PRODUCT_NAME } from "~/content/brand";

/** The newsletter's texts (spec §5 and §8). */
export const NEWSLETTER_MESSAGES = {
  success: `Thank you for subscribing! Welcome to the ${PRODUCT_NAME} community: we will keep you posted on our launch.`,
  alreadySubscribed: "This email is already subscribed.",
  failed: "Failed to subscribe. Please try again later.",
  unexpected: "An unexpected error occurred. Please try again.",
} as const;

/** The success message disappears after this long (spec §9). */
export const NEWSLETTER_SUCCESS_MS = 5_000;
