/**
 * The unsubscribe page's URL and texts, shared by the page (app/routes/unsubscribe.tsx) and the
 * server (the links in mails, the Origin-check exemption of the one-click POST).
 */
export const UNSUBSCRIBE_PATH = "/unsubscribe";

/** The RFC 8058 one-click body: `List-Unsubscribe=One-Click`. */
export const ONE_CLICK_FIELD = "List-Unsubscribe";

export type UnsubscribeOutcome = "unsubscribed" | "already-unsubscribed" | "invalid" | "unknown";

export const UNSUBSCRIBE_MESSAGES = {
  title: "Unsubscribe from the newsletter",
  confirm: "Press the button to stop receiving the newsletter at this address.",
  button: "Unsubscribe",
  unsubscribed: "You are unsubscribed. You will not receive the newsletter anymore.",
  alreadyUnsubscribed: "This address is already unsubscribed. You will not receive the newsletter anymore.",
  resubscribe: "Changed your mind? You can subscribe again from our home page at any time.",
  invalid: "This unsubscribe link is not valid. Please use the link in the most recent email you received from us, or write to us and we will unsubscribe you.",
  unknown: "We could not find this subscription: the address may have been erased already. If you still receive our emails, write to us and we will unsubscribe you.",
  missing: "This page needs the unsubscribe link from one of our emails. Please open the link in the email again.",
} as const;
