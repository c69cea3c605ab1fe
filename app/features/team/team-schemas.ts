/**
 * What /team accepts in its URLs and forms (loaders and actions only: zod stays on the server).
 * Anything else is a clear message, never a query.
 */
import { z } from "zod";
import { PLAN_TYPES } from "~/content/plans";
import { isValidEmail } from "~/shared/forms/email-rule";
import { visibleText } from "~/shared/forms/text-rule";
import { CAMPAIGN_ERRORS, CAMPAIGN_LIMITS, type CampaignErrorCode } from "./campaigns-contract";
import { NOTE_MAX, PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX, SEARCH_MAX } from "./team-contract";
import { LEAD_KINDS, LEAD_STATUSES } from "./team-lines";

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const isDate = (value: string) => DATE.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

const blankToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

export const leadFilterSchema = z
  .object({
    kind: z.preprocess(blankToUndefined, z.enum(LEAD_KINDS, { error: `Kind must be one of: ${LEAD_KINDS.join(", ")}.` }).optional()),
    plan: z.preprocess(blankToUndefined, z.enum(PLAN_TYPES, { error: `Plan type must be one of: ${PLAN_TYPES.join(", ")}.` }).optional()),
    status: z.preprocess(blankToUndefined, z.enum(LEAD_STATUSES, { error: "Status must be open or handled." }).optional()),
    from: z.preprocess(blankToUndefined, z.string().refine(isDate, "From must be a date as YYYY-MM-DD.").optional()),
    to: z.preprocess(blankToUndefined, z.string().refine(isDate, "To must be a date as YYYY-MM-DD.").optional()),
    q: z.preprocess(
      blankToUndefined,
      z.string().trim().max(SEARCH_MAX, `Search is at most ${SEARCH_MAX} characters.`).optional(),
    ),
    size: z.preprocess(
      blankToUndefined,
      z.coerce
        .number({ error: "Page size must be a number." })
        .int("Page size must be a whole number.")
        .min(1, "Page size is at least 1.")
        .max(PAGE_SIZE_MAX, `Page size is at most ${PAGE_SIZE_MAX}.`)
        .default(PAGE_SIZE_DEFAULT),
    ),
    after: z.preprocess(blankToUndefined, z.string().max(200, "This page link is not valid.").optional()),
  })
  .strict()
  .refine((f) => !f.from || !f.to || f.from <= f.to, { message: "From must be on or before To.", path: ["from"] })
  .refine((f) => !f.plan || !f.kind || f.kind === "information-request", { message: "Plan type applies to information requests only.", path: ["plan"] });

export type LeadFilter = z.infer<typeof leadFilterSchema>;
const FILTER_KEYS = ["kind", "plan", "status", "from", "to", "q", "size", "after"] as const;

/** Reads a filter from a URL's query: the filter, or the messages to show. */
export function parseLeadFilter(params: URLSearchParams): { ok: true; filter: LeadFilter } | { ok: false; errors: string[] } {
  const raw: Record<string, string> = {};
  const unknown: string[] = [];
  for (const [key, value] of params) {
    if ((FILTER_KEYS as readonly string[]).includes(key)) raw[key] = value;
    else unknown.push(key);
  }
  const parsed = leadFilterSchema.safeParse(raw);
  const errors = unknown.map((key) => `Unknown filter "${key.slice(0, 40)}".`);
  if (!parsed.success) errors.push(...parsed.error.issues.map((issue) => issue.message));
  return errors.length > 0 || !parsed.success ? { ok: false, errors } : { ok: true, filter: parsed.data };
}

export const teamEmailSchema = z
  .string({ error: "Please enter your email address." })
  .trim()
  .min(1, "Please enter your email address.")
  .max(254, "Please enter a valid email address.")
  .refine(isValidEmail, "Please enter a valid email address.");

/** The sign-in form: the member's work address. */
export const signInSchema = z.object({ email: teamEmailSchema });

/** A note on a lead. */
export const noteSchema = z.object({
  note: z.string().overwrite(visibleText).trim().min(1, "Write a note first.").max(NOTE_MAX, `A note is at most ${NOTE_MAX.toLocaleString("en-US")} characters.`),
});

/** A refusal of a campaign's input: its text, and its code in the issue's params. */
const refusal = (code: CampaignErrorCode) => ({ message: CAMPAIGN_ERRORS[code], params: { code } });

/**
 * A campaign's subject and Markdown body, as the server stores them, under the text rule: the
 * subject on one line (line breaks and tabs become spaces), the body as written.
 */
export const campaignInputSchema = z.object({
  subject: z
    .string()
    .transform((subject) => visibleText(subject).replace(/[\p{Cc}]+/gu, " ").trim())
    .refine((subject) => subject !== "", refusal("subject-required"))
    .refine((subject) => subject.length <= CAMPAIGN_LIMITS.subject, refusal("subject-too-long")),
  body: z
    .string()
    .overwrite(visibleText)
    .refine((body) => body.trim() !== "", refusal("body-required"))
    .refine((body) => body.length <= CAMPAIGN_LIMITS.body, refusal("body-too-long")),
});
export type CampaignInput = z.input<typeof campaignInputSchema>;

/** The code of the first refusal of a failed campaign input (issues list the subject first). */
export function campaignInputError(error: z.ZodError): CampaignErrorCode {
  const issue = error.issues[0];
  const code: unknown = issue?.code === "custom" ? issue.params?.code : undefined;
  if (typeof code === "string" && Object.hasOwn(CAMPAIGN_ERRORS, code)) return code as CampaignErrorCode;
  return issue?.path[0] === "body" ? "body-required" : "subject-required";
}
