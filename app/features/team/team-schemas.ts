/**
 * What /team accepts in its URLs and forms (loaders and actions only: zod stays on the server).
 * Anything else is a clear message, never a query.
 */
import { z } from "zod";
import { PLAN_TYPES } from "~/content/plans";
import { isValidEmail } from "~/shared/forms/email-rule";
import { visibleText } from "~/shared/forms/text-rule";
import { CAMPAIGN_ERRORS, CAMPAIGN_LIMITS, type CampaignErrorCode } from "./campaigns-contract";
import { NOTE_MAX, PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX, SAVED_FILTER_NAME_MAX, SEARCH_MAX, UTM_FILTER_MAX } from "./team-contract";
import { LEAD_KINDS, LEAD_LANGUAGES, LEAD_STATUSES, MAIL_STATUSES, PEOPLE_SORTS, PERSON_STAGES } from "./team-lines";

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const isDate = (value: string) => DATE.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

const blankToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

/** A page link's cursor, as given; the code that made it decodes it (and refuses a forged one). */
const cursor = z.preprocess(blankToUndefined, z.string().max(200, "This page link is not valid.").optional());

const leadFilterFields = {
    kind: z.preprocess(blankToUndefined, z.enum(LEAD_KINDS, { error: `Kind must be one of: ${LEAD_KINDS.join(", ")}.` }).optional()),
    plan: z.preprocess(blankToUndefined, z.enum(PLAN_TYPES, { error: `Plan type must be one of: ${PLAN_TYPES.join(", ")}.` }).optional()),
    status: z.preprocess(blankToUndefined, z.enum(LEAD_STATUSES, { error: "Status must be open or handled." }).optional()),
    from: z.preprocess(blankToUndefined, z.string().refine(isDate, "From must be a date as YYYY-MM-DD.").optional()),
    to: z.preprocess(blankToUndefined, z.string().refine(isDate, "To must be a date as YYYY-MM-DD.").optional()),
    q: z.preprocess(
      blankToUndefined,
      z.string().trim().max(SEARCH_MAX, `Search is at most ${SEARCH_MAX} characters.`).optional(),
    ),
    // A lead's utm_source and utm_campaign, matched whole and regardless of case.
    source: z.preprocess(blankToUndefined, z.string().overwrite(visibleText).trim().max(UTM_FILTER_MAX, `Source is at most ${UTM_FILTER_MAX} characters.`).optional()),
    campaign: z.preprocess(blankToUndefined, z.string().overwrite(visibleText).trim().max(UTM_FILTER_MAX, `Campaign is at most ${UTM_FILTER_MAX} characters.`).optional()),
    // The lead's language: en (English) or fr (French).
    language: z.preprocess(blankToUndefined, z.enum(LEAD_LANGUAGES, { error: `Language must be one of: ${LEAD_LANGUAGES.join(", ")}.` }).optional()),
    // Decimal digits only: Number() would also take "0x10", "1e1" or " 16 ".
    size: z.preprocess(
      blankToUndefined,
      z
        .string()
        .regex(/^[0-9]+$/, `Page size must be a whole number from 1 to ${PAGE_SIZE_MAX}.`)
        .transform(Number)
        .pipe(z.number().min(1, "Page size is at least 1.").max(PAGE_SIZE_MAX, `Page size is at most ${PAGE_SIZE_MAX}.`))
        .default(PAGE_SIZE_DEFAULT),
    ),
};
// The filter's rules across fields, for the list and the export.
const FROM_BEFORE_TO: [(f: { from?: string | undefined; to?: string | undefined }) => boolean, z.core.$ZodCustomParams] = [
  (f) => !f.from || !f.to || f.from <= f.to,
  { message: "From must be on or before To.", path: ["from"] },
];
const PLAN_OF_REQUESTS: [(f: { plan?: string | undefined; kind?: string | undefined }) => boolean, z.core.$ZodCustomParams] = [
  (f) => !f.plan || !f.kind || f.kind === "information-request",
  { message: "Plan type applies to information requests only.", path: ["plan"] },
];

/** The leads list's query (/team). */
export const leadFilterSchema = z
  .object({ ...leadFilterFields, after: cursor })
  .refine(...FROM_BEFORE_TO)
  .refine(...PLAN_OF_REQUESTS);
export type LeadFilter = z.infer<typeof leadFilterSchema>;

/** The people list's query (/team): the leads' filter, owner, stage, the follow-ups due, the order and page. */
export const peopleFilterSchema = z
  .object({
    ...leadFilterFields,
    owner: z.preprocess(
      blankToUndefined,
      z
        .string()
        .trim()
        .toLowerCase()
        .max(254, "Owner is me, unowned or a member's address.")
        .refine((owner) => owner === "me" || owner === "unowned" || isValidEmail(owner), "Owner is me, unowned or a member's address.")
        .optional(),
    ),
    stage: z.preprocess(blankToUndefined, z.enum(PERSON_STAGES, { error: `Stage must be one of: ${PERSON_STAGES.join(", ")}.` }).optional()),
    due: z.preprocess(blankToUndefined, z.literal("1", { error: "Follow-up due is 1 (today or overdue) or left out." }).optional()),
    sort: z.preprocess(blankToUndefined, z.enum(PEOPLE_SORTS, { error: `Sort must be one of: ${PEOPLE_SORTS.join(", ")}.` }).default("newest")),
    after: cursor,
  })
  .refine(...FROM_BEFORE_TO)
  .refine(...PLAN_OF_REQUESTS);
export type PeopleFilter = z.infer<typeof peopleFilterSchema>;
export const parsePeopleFilter = (params: URLSearchParams) => parseQuery(peopleFilterSchema, params);

/** A saved filter of the people list: its name, and the list's query it keeps. */
export const savedFilterSchema = z.object({
  name: z.string().overwrite(visibleText).trim().min(1, "Name the filter first.").max(SAVED_FILTER_NAME_MAX, `A filter's name is at most ${SAVED_FILTER_NAME_MAX} characters.`),
  query: z.string().max(2000, "This filter is too long to save."),
});

/** The export's query (/team/export): the list's filter without its page, and the format. */
export const exportQuerySchema = z
  .object({ ...leadFilterFields, format: z.enum(["csv", "json"], { error: "Choose the export format: format=csv or format=json." }) })
  .refine(...FROM_BEFORE_TO)
  .refine(...PLAN_OF_REQUESTS);

/** The mail page's query (/team/mail). */
export const mailQuerySchema = z.object({
  status: z.preprocess(blankToUndefined, z.enum(MAIL_STATUSES, { error: "Status must be pending, sent or failed." }).optional()),
  after: cursor,
});

/** The audit log's query (/team/audit). */
export const auditQuerySchema = z.object({ after: cursor });

/**
 * Reads a page's query string with its schema: every key one of the schema's and given once. The
 * value, or the messages to show (with a 400).
 */
export function parseQuery<S extends z.ZodObject>(schema: S, params: URLSearchParams): { ok: true; value: z.output<S> } | { ok: false; errors: string[] } {
  const raw: Record<string, string> = {};
  const errors: string[] = [];
  for (const [key, value] of params) {
    const name = `"${key.slice(0, 40)}"`;
    if (!Object.hasOwn(schema.shape, key)) errors.push(`Unknown filter ${name}.`);
    else if (Object.hasOwn(raw, key)) errors.push(`Give ${name} once.`);
    else raw[key] = value;
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) errors.push(...parsed.error.issues.map((issue) => issue.message));
  return errors.length > 0 || !parsed.success ? { ok: false, errors: [...new Set(errors)] } : { ok: true, value: parsed.data };
}

/** Reads the leads list's filter from a URL's query: the filter, or the messages to show. */
export function parseLeadFilter(params: URLSearchParams): { ok: true; filter: LeadFilter } | { ok: false; errors: string[] } {
  const parsed = parseQuery(leadFilterSchema, params);
  return parsed.ok ? { ok: true, filter: parsed.value } : parsed;
}

/** Reads the export's query: the filter and format, or the messages to show. */
export const parseExportQuery = (params: URLSearchParams) => parseQuery(exportQuerySchema, params);
export const parseMailQuery = (params: URLSearchParams) => parseQuery(mailQuerySchema, params);
export const parseAuditQuery = (params: URLSearchParams) => parseQuery(auditQuerySchema, params);

/** The campaigns page's query (/team/campaigns?id=…, and `tested=1` after a test send). */
export const campaignsQuerySchema = z.object({
  id: z.string().max(64, "This campaign link is not valid.").optional(),
  tested: z.literal("1", { error: "This campaign link is not valid." }).optional(),
});
export const parseCampaignsQuery = (params: URLSearchParams) => parseQuery(campaignsQuerySchema, params);

export const teamEmailSchema = z
  .string({ error: "Please enter your email address." })
  .trim()
  .min(1, "Please enter your email address.")
  .max(254, "Please enter a valid email address.")
  .refine(isValidEmail, "Please enter a valid email address.");

/** The person page's query (/team/people?email=…). */
export const personQuerySchema = z.object({
  email: z.string({ error: "Give one email address (?email=…) to see what the site holds about a person." }).pipe(teamEmailSchema),
});
export const parsePersonQuery = (params: URLSearchParams) => parseQuery(personQuerySchema, params);

/** The sign-in form: the member's work address. */
export const signInSchema = z.object({ email: teamEmailSchema });

/** A note on a lead. */
export const noteSchema = z.object({
  note: z.string().overwrite(visibleText).trim().min(1, "Write a note first.").max(NOTE_MAX, `A note is at most ${NOTE_MAX.toLocaleString("en-US")} characters.`),
});

/** A refusal of a campaign's input: its text, and its code in the issue's params. */
const refusal = (code: CampaignErrorCode) => ({ message: CAMPAIGN_ERRORS[code], params: { code } });

/** A subject on one line (line breaks and tabs become spaces), under the text rule. */
const campaignSubject = z
  .string()
  .default("")
  .transform((subject) => visibleText(subject).replace(/[\p{Cc}]+/gu, " ").trim());
const campaignBody = z.string().default("").overwrite(visibleText);

/**
 * A campaign's versions as the server stores them, under the text rule: the English subject and
 * Markdown body, the French ones (`_fr`). A version is written or left empty (both its fields "");
 * at least one is written.
 */
export const campaignInputSchema = z
  .object({ subject: campaignSubject, body: campaignBody, subject_fr: campaignSubject, body_fr: campaignBody })
  .superRefine((input, context) => {
    const issue = (code: CampaignErrorCode, path: string) => context.addIssue({ code: "custom", path: [path], ...refusal(code) });
    const versions = [
      { subject: input.subject, body: input.body, suffix: "", codes: ["subject-required", "subject-too-long", "body-required", "body-too-long"] },
      { subject: input.subject_fr, body: input.body_fr, suffix: "_fr", codes: ["subject-fr-required", "subject-fr-too-long", "body-fr-required", "body-fr-too-long"] },
    ] as const;
    const written = versions.filter((version) => version.subject !== "" || version.body.trim() !== "");
    if (written.length === 0) issue("version-required", "subject");
    for (const { subject, body, suffix, codes } of written) {
      if (subject === "") issue(codes[0], `subject${suffix}`);
      else if (subject.length > CAMPAIGN_LIMITS.subject) issue(codes[1], `subject${suffix}`);
      if (body.trim() === "") issue(codes[2], `body${suffix}`);
      else if (body.length > CAMPAIGN_LIMITS.body) issue(codes[3], `body${suffix}`);
    }
  });
export type CampaignInput = z.input<typeof campaignInputSchema>;

/** The code of the first refusal of a failed campaign input (issues list the subject first). */
export function campaignInputError(error: z.ZodError): CampaignErrorCode {
  const issue = error.issues[0];
  const code: unknown = issue?.code === "custom" ? issue.params?.code : undefined;
  if (typeof code === "string" && Object.hasOwn(CAMPAIGN_ERRORS, code)) return code as CampaignErrorCode;
  return issue?.path[0] === "body" ? "body-required" : "subject-required";
}
