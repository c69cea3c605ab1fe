/**
 * The chat's request schemas (the bodies of POST /api/chat/*), built from the shared form rules
 * and the contract's limits and texts. server/chat/routes.ts parses every request with them; the
 * browser checks the lead and each message with them before sending (loading this module on
 * demand, as the lead forms load theirs, so zod stays out of the page's first load).
 * Each body carries the page's language (`locale`, English when absent): the server answers in
 * it and stores the lead with it.
 */
import * as z from "zod/mini";
import { emailField, nameField } from "~/shared/forms/fields";
import { visibleText } from "~/shared/forms/text-rule";
import { LOCALES, type Locale } from "~/shared/i18n/locale";
import * as m from "~/paraglide/messages.js";
import {
  MAX_MESSAGE_LENGTH,
  TIME_ZONE_MAX_LENGTH,
  controlCharacters,
  emailTooLong,
  emptyMessage,
  invalidEmail,
  messageTooLong,
  nameRequired,
  nameTooLong,
} from "./chat-contract";

const timeZoneField = z.optional(z.string().check(z.maxLength(TIME_ZONE_MAX_LENGTH)));

/** The page's language: "en" | "fr". */
const requiredLocaleField = z.enum(LOCALES as [Locale, ...Locale[]], { error: () => m.chat_request_locale({}, { locale: "en" }) });

/** The page's language, English when the body has none. */
const localeField = z._default(requiredLocaleField, "en");

/** POST /api/chat/lead: the name and email of spec §4 steps 2 and 3. */
export const leadSchema = z.strictObject({ name: nameField, email: emailField, timeZone: timeZoneField, locale: localeField });

/** POST /api/chat/messages: one question, kept as typed (not trimmed) under the text rule. */
export const messageSchema = z.strictObject({
  text: z.string({ error: () => emptyMessage("en") }).check(
    z.overwrite(visibleText),
    z.refine((text) => text.trim().length > 0, { error: () => emptyMessage("en") }),
    z.refine((text) => text.length <= MAX_MESSAGE_LENGTH, { error: () => messageTooLong("en") }),
  ),
  timeZone: timeZoneField,
  locale: localeField,
});

// The two bodies below are the page's language and nothing else: without it, a body is no
// request (refused, nothing sent).
/** POST /api/chat/transcript: the page's language only; the server sends the stored conversation to the team. */
export const transcriptSchema = z.strictObject({ locale: requiredLocaleField });

/** POST /api/chat/handover: the page's language only; the server sends the stored conversation to the team as the visitor's contact message. */
export const handoverSchema = z.strictObject({ locale: requiredLocaleField });

export type LeadRequest = z.input<typeof leadSchema>;
export type MessageRequest = z.input<typeof messageSchema>;

/**
 * The chat's texts in the visitor's language for the English texts the schemas (and the shared
 * name and email rules) refuse with; any other text is left as it is.
 */
const TRANSLATIONS: readonly (readonly [english: () => string, inLocale: (locale: Locale) => string])[] = [
  [() => invalidEmail("en"), invalidEmail],
  [() => emailTooLong("en"), emailTooLong],
  [() => nameRequired("en"), nameRequired],
  [() => nameTooLong("en"), nameTooLong],
  [() => controlCharacters("en"), controlCharacters],
  [() => emptyMessage("en"), emptyMessage],
  [() => messageTooLong("en"), messageTooLong],
  [() => m.chat_request_locale({}, { locale: "en" }), (locale) => m.chat_request_locale({}, { locale })],
];

/** A refusal's text in the visitor's language. */
export function inLanguage(message: string, locale: Locale): string {
  if (locale === "en") return message;
  const found = TRANSLATIONS.find(([english]) => english() === message);
  return found ? found[1](locale) : message;
}

/** The first problem of a request, as the text the endpoint would answer with (in `locale`); null when valid. */
export function requestProblem(schema: z.ZodMiniType, body: unknown, locale: Locale = "en"): string | null {
  const result = schema.safeParse(body);
  return result.success ? null : inLanguage(result.error.issues[0]?.message ?? "", locale) || null;
}
