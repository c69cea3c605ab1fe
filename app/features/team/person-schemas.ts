/**
 * What the person page and the canned replies page accept (loaders and actions only: zod stays on
 * the server). Anything else is a clear message, never a query.
 */
import { z } from "zod";
import { visibleText } from "~/shared/forms/text-rule";
import { CANNED_REPLY_KEYS, CANNED_REPLY_MAX, LOST_REASON_MAX, PERSON_STAGES, PERSON_STAGE_LABELS, REPLY_BODY_MAX, REPLY_SUBJECT_MAX } from "./person-contract";
import { parseQuery, teamEmailSchema } from "./team-schemas";
import { LEAD_LANGUAGES, LEAD_LANGUAGE_LABELS } from "./team-lines";

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const isDate = (value: string) => DATE.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

const cannedKey = z.enum(CANNED_REPLY_KEYS, { error: `Choose a canned reply: ${CANNED_REPLY_KEYS.join(", ")}.` });
const replyLanguage = z.enum(LEAD_LANGUAGES, { error: `Choose the reply's language: ${LEAD_LANGUAGES.map((language) => `${language} (${LEAD_LANGUAGE_LABELS[language]})`).join(" or ")}.` });

/** The person page's query: the address, and the canned reply to start a reply from and its language (default: the person's). */
export const personPageQuerySchema = z.object({
  email: z.string({ error: "Give one email address (?email=…) to see what the site holds about a person." }).pipe(teamEmailSchema),
  reply: cannedKey.optional(),
  language: replyLanguage.optional(),
});
export const parsePersonPageQuery = (params: URLSearchParams) => parseQuery(personPageQuerySchema, params);

/** Owner ("" for nobody), stage, the reason when Lost, the follow-up date ("" for none). */
export const personWorkSchema = z.object({
  owner: z.string().trim().toLowerCase().max(254, "Choose the owner from the list."),
  stage: z.enum(PERSON_STAGES, { error: `Stage must be one of: ${PERSON_STAGES.map((s) => PERSON_STAGE_LABELS[s]).join(", ")}.` }),
  reason: z
    .string()
    .transform((reason) => visibleText(reason).replace(/[\p{Cc}]+/gu, " ").trim())
    .pipe(z.string().max(LOST_REASON_MAX, `A reason is at most ${LOST_REASON_MAX} characters.`)),
  follow_up: z.string().trim().refine((value) => value === "" || isDate(value), "The follow-up date must be a date as YYYY-MM-DD."),
});
export type PersonWorkInput = z.output<typeof personWorkSchema>;

/**
 * A reply to the person: a subject on one line, a body, and the language it is written in (the
 * mail's own words follow it; "" from an older page: the person's language).
 */
export const replySchema = z.object({
  language: z.union([z.literal("").transform(() => undefined), replyLanguage]),
  subject: z
    .string()
    .transform((subject) => visibleText(subject).replace(/[\p{Cc}]+/gu, " ").trim())
    .pipe(z.string().min(1, "Write a subject.").max(REPLY_SUBJECT_MAX, `A subject is at most ${REPLY_SUBJECT_MAX} characters.`)),
  body: z.string().overwrite(visibleText).refine((body) => body.trim() !== "", "Write the reply first.").pipe(z.string().max(REPLY_BODY_MAX, `A reply is at most ${REPLY_BODY_MAX.toLocaleString("en-US")} characters.`)),
});

/** An edited canned reply, in one language. */
export const cannedReplySchema = z.object({
  key: cannedKey,
  language: replyLanguage,
  body: z
    .string()
    .overwrite(visibleText)
    .refine((body) => body.trim() !== "", "A canned reply cannot be empty.")
    .pipe(z.string().max(CANNED_REPLY_MAX, `A canned reply is at most ${CANNED_REPLY_MAX.toLocaleString("en-US")} characters.`)),
});
