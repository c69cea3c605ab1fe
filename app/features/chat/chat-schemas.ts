/**
 * The chat's request schemas (the bodies of POST /api/chat/*), built from the shared form rules
 * and the contract's limits and texts. server/chat/routes.ts parses every request with them; the
 * browser checks the lead and each message with them before sending (loading this module on
 * demand, as the lead forms load theirs, so zod stays out of the page's first load).
 */
import * as z from "zod/mini";
import { emailField, nameField } from "~/shared/forms/fields";
import { visibleText } from "~/shared/forms/text-rule";
import { EMPTY_MESSAGE, MAX_MESSAGE_LENGTH, MESSAGE_TOO_LONG, TIME_ZONE_MAX_LENGTH } from "./chat-contract";

const timeZoneField = z.optional(z.string().check(z.maxLength(TIME_ZONE_MAX_LENGTH)));

/** POST /api/chat/lead: the name and email of spec §4 steps 2 and 3. */
export const leadSchema = z.strictObject({ name: nameField, email: emailField, timeZone: timeZoneField });

/** POST /api/chat/messages: one question, kept as typed (not trimmed) under the text rule. */
export const messageSchema = z.strictObject({
  text: z.string({ error: EMPTY_MESSAGE }).check(
    z.overwrite(visibleText),
    z.refine((text) => text.trim().length > 0, EMPTY_MESSAGE),
    z.refine((text) => text.length <= MAX_MESSAGE_LENGTH, MESSAGE_TOO_LONG),
  ),
  timeZone: timeZoneField,
});

/** POST /api/chat/transcript: nothing; the server sends the stored conversation to the team. */
export const transcriptSchema = z.strictObject({});

/** POST /api/chat/handover: nothing; the server sends the stored conversation to the team as the visitor's contact message. */
export const handoverSchema = z.strictObject({});

export type LeadRequest = z.input<typeof leadSchema>;
export type MessageRequest = z.input<typeof messageSchema>;

/** The first problem of a request, as the text the endpoint would answer with; null when valid. */
export function requestProblem(schema: z.ZodMiniType, body: unknown): string | null {
  const result = schema.safeParse(body);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}
