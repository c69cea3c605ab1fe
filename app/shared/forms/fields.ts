import * as z from "zod/mini";
import { isValidEmail } from "./email-rule";
import { FIELD_MESSAGES as M, HONEYPOT_FIELD, LIMITS } from "./form-result";
import { visibleText } from "./text-rule";

/**
 * Zod building blocks for the lead forms (newsletter, contact, information request) and the chat.
 * zod/mini: the same checks and messages as zod's chained API (both are zod's core), and, unlike
 * it, tree-shaken in the browser (decision 0059).
 */

// No `new Function` probe: our CSP forbids eval in the browser (and zod works without it).
z.config({ jitless: true });

/** Line breaks and tabs (the control characters the text rule leaves): never in one-line fields. */
const CONTROL = /[\p{Cc}\p{Zl}\p{Zp}]/u;

/** The one email rule (email-rule.ts), with the forms' messages: empty, too long, not an address. */
export const emailField = z
  .string({ error: M.email })
  .check(z.trim(), z.minLength(1, M.email), z.maxLength(LIMITS.email, M.emailTooLong), z.refine(isValidEmail, M.email));

const line = (required: string, max: number, tooLong: string) =>
  z
    .string({ error: required })
    .check(
      z.overwrite(visibleText),
      z.trim(),
      z.minLength(1, required),
      z.maxLength(max, tooLong),
      z.refine((value) => !CONTROL.test(value), M.controlChars),
    );

export const nameField = line(M.nameRequired, LIMITS.name, M.nameTooLong);
export const companyField = line(M.companyRequired, LIMITS.company, M.companyTooLong);
export const phoneField = line(M.phoneRequired, LIMITS.phone, M.phoneTooLong).check(
  z.refine(
    (value) => /^\+?[0-9 ().\-/]*(?:\s*(?:ext\.?|x)\s*[0-9]+)?$/i.test(value) && (value.match(/[0-9]/g)?.length ?? 0) >= 5,
    M.phoneInvalid,
  ),
);

export const messageField = (required: string = M.messageRequired) =>
  z
    .string({ error: required })
    .check(z.overwrite(visibleText), z.trim(), z.minLength(1, required), z.maxLength(LIMITS.message, M.messageTooLong));

/** The honeypot: any string is accepted here; the endpoint decides what a filled one means. */
export const honeypotField = { [HONEYPOT_FIELD]: z.optional(z.string().check(z.maxLength(1_000))) } as const;
