import { LIMITS } from "./form-result";

/**
 * The one email rule of the site: every form, the chat, the configuration (TEAM_EMAIL,
 * ADMIN_EMAIL, MAIL_FROM), the mail outbox and the leads CLI accept exactly these addresses.
 * Spec §5 asks for the shape {email} with no spaces (message: FIELD_MESSAGES.email); the rule is
 * that shape, narrowed so that an accepted address is also one plain mail address the outbox can
 * put in a header: dot-separated atoms of letters, digits and _ ' + - before the @ (as zod's
 * z.email()), host-name labels of at most 63 characters not starting or ending with a hyphen,
 * and a top-level domain of letters. No zod here, so the browser can check it without loading zod.
 */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;

/** An already trimmed value: at most LIMITS.email characters, and the pattern. */
export const isValidEmail = (value: string): boolean => value.length <= LIMITS.email && EMAIL_PATTERN.test(value);
