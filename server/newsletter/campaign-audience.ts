/**
 * Who a campaign goes to: the active subscribers that pass every filter of its segment. The same
 * condition counts the audience while the member writes (`audienceOf`) and fills the recipient list
 * when the send starts (`inAudience`, campaigns.ts), so the audience shown is the audience sent.
 *
 * A filter is one entry of SEGMENT_FILTERS: its label, its input, its value's rule, its SQL over
 * the subscriber `s`, and what the excluded are told. Stored as a JSON object with the campaign
 * (migration 0027), so a new filter needs no migration. The audience is also counted by the
 * subscribers' languages: which version each one gets is `versionFor` (campaign-versions.ts).
 *
 * Why a subscriber is left out is counted once, under the first reason that applies: unsubscribed,
 * then each filter in order. The data has no other state to exclude on: sign-up is single opt-in
 * with its consent recorded (no pending confirmation), and bounces are not recorded (decision 0126).
 */
import { type RawBuilder, type SqlBool, sql } from "kysely";
import { DateTime } from "luxon";
import { z } from "zod";
import { PLAN_TYPES } from "~/content/plans";
import { LEAD_LANGUAGES, LEAD_LANGUAGE_LABELS } from "~/features/team/team-lines";
import type { Locale } from "~/shared/i18n/locale";
import { visibleText } from "~/shared/forms/text-rule";
import { sourceOf } from "../analytics/queries";
import type { Db } from "../db/database";

/** What the member picks for one filter: a value among the subscribers', or a day. */
export type SegmentInput = { kind: "choice"; options: { value: string; count: number | null; label?: string }[] } | { kind: "date" };

interface SegmentFilter {
  label: string;
  /** The value's rule: its text, or a message in words. */
  value: z.ZodType<string>;
  /** The values to offer, most subscribers first (a date filter offers none). */
  input: (db: Db) => Promise<SegmentInput>;
  /** Whether subscriber `s` passes; never null (a null would count as neither in nor out). */
  where: (value: string, zone: string) => RawBuilder<SqlBool>;
  /** Why the others are left out, e.g. "not from source linkedin". */
  excluded: (value: string) => string;
}

/** Longest value a filter takes (a stored UTM value is at most 100 characters). */
const VALUE_MAX = 100;

/** A filter on one text value of the subscriber, compared whole and regardless of case. */
function choice(label: string, excluded: string, column: RawBuilder<string>): SegmentFilter {
  return {
    label,
    value: z.string().overwrite(visibleText).trim().max(VALUE_MAX, `${label} is at most ${VALUE_MAX} characters.`),
    input: async (db) => {
      // A subquery: PostgreSQL would not match a GROUP BY expression to a select's with its own parameters.
      const { rows } = await sql<{ value: string; n: number | string }>`select value, count(*) as n from (select ${column} as value from subscribers s where s.status = 'active') v
        where value <> '' group by value order by count(*) desc, value limit 100`.execute(db);
      return { kind: "choice", options: rows.map((row) => ({ value: row.value, count: Number(row.n) })) };
    },
    where: (value) => sql<SqlBool>`lower(${column}) = lower(cast(${value} as text))`,
    excluded: (value) => `${excluded} ${value}`,
  };
}

const startOfDay = (day: string, zone: string): string => DateTime.fromISO(day, { zone }).startOf("day").toUTC().toISO()!;

/** The segment's filters, in the order the excluded are counted. */
export const SEGMENT_FILTERS = {
  // The insights' source rule: utm_source, else the referring site, else Direct.
  source: choice("Source", "not from source", sourceOf("s.utm_source", "s.referrer")),
  campaign: choice("Campaign", "not from campaign", sql<string>`coalesce(s.utm_campaign, '')`),
  // Plan interest: the address also asked for information about that plan (chat leads carry no plan type).
  plan: {
    label: "Plan interest",
    value: z.enum(PLAN_TYPES, { error: `Plan interest must be one of: ${PLAN_TYPES.join(", ")}.` }),
    input: () => Promise.resolve({ kind: "choice", options: PLAN_TYPES.map((value) => ({ value, count: null })) }),
    where: (value) => sql<SqlBool>`exists (select 1 from more_information m where lower(m.email) = s.email_normalized and m.plan_type = ${value})`,
    excluded: (value) => `no information request about ${value} plans`,
  },
  // The subscriber's language (the page they signed up on).
  language: {
    label: "Language",
    value: z.enum(LEAD_LANGUAGES, { error: `Language must be one of: ${LEAD_LANGUAGES.join(", ")}.` }),
    input: async (db) => {
      const rows = await db.selectFrom("subscribers").select(["language", (eb) => eb.fn.countAll<number | string>().as("n")]).where("status", "=", "active").groupBy("language").execute();
      const count = (language: Locale) => Number(rows.find((row) => row.language === language)?.n ?? 0);
      return { kind: "choice", options: LEAD_LANGUAGES.map((value) => ({ value, count: count(value), label: LEAD_LANGUAGE_LABELS[value] })) };
    },
    where: (value) => sql<SqlBool>`s.language = ${value}`,
    excluded: (value) => `not in ${LEAD_LANGUAGE_LABELS[value as Locale]}`,
  },
  // A day in the member's time zone: from its first instant.
  since: {
    label: "Subscribed since",
    value: z.string().refine((day) => /^\d{4}-\d{2}-\d{2}$/.test(day) && DateTime.fromISO(day).isValid, "Subscribed since must be a date (YYYY-MM-DD)."),
    input: () => Promise.resolve({ kind: "date" }),
    where: (day, zone) => sql<SqlBool>`s.subscribed_at >= ${startOfDay(day, zone)}`,
    excluded: (day) => `subscribed before ${day}`,
  },
} satisfies Record<string, SegmentFilter>;

export type SegmentName = keyof typeof SEGMENT_FILTERS;
export const SEGMENT_NAMES = Object.keys(SEGMENT_FILTERS) as SegmentName[];

/** A campaign's segment: a value per filter it uses, and the time zone its days are read in. */
export type Segment = Partial<Record<SegmentName, string>> & { zone?: string };

/** Reads a segment from a form or a query (`get` gives "" when absent): the segment, or a message. */
export function readSegment(get: (name: string) => string, zone: string): { ok: true; segment: Segment } | { ok: false; message: string } {
  const segment: Segment = {};
  for (const name of SEGMENT_NAMES) {
    const raw = get(name).trim();
    if (raw === "") continue;
    const parsed = (SEGMENT_FILTERS[name].value as z.ZodType<string>).safeParse(raw);
    if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? `${SEGMENT_FILTERS[name].label} is not valid.` };
    if (parsed.data !== "") segment[name] = parsed.data;
  }
  if (segment.since) segment.zone = zone;
  return { ok: true, segment };
}

/** The segment as stored with the campaign. */
export const segmentJson = (segment: Segment): string => JSON.stringify(Object.fromEntries([...SEGMENT_NAMES, "zone" as const].filter((k) => segment[k] !== undefined).map((k) => [k, segment[k]])));

/** A stored segment (checked when it was stored: one that no longer passes is an error, never "everyone"). */
export function parseSegment(json: string): Segment {
  const stored = JSON.parse(json) as Record<string, unknown>;
  const read = readSegment((name) => (typeof stored[name] === "string" ? stored[name] : ""), typeof stored.zone === "string" ? stored.zone : "UTC");
  if (!read.ok) throw new Error(`A stored campaign segment no longer reads: ${read.message}`);
  return read.segment;
}

/** The filters a segment uses, in order, with their values. */
const usedFilters = (segment: Segment) =>
  SEGMENT_NAMES.flatMap((name) => {
    const value = segment[name];
    return value === undefined ? [] : [{ name, value, filter: SEGMENT_FILTERS[name] }];
  });

/** Whether subscriber `s` is in the segment's audience: active, and passes every filter. */
export function inAudience(segment: Segment): RawBuilder<SqlBool> {
  const zone = segment.zone ?? "UTC";
  return sql<SqlBool>`s.status = 'active'${sql.join(
    usedFilters(segment).map(({ value, filter }) => sql` and ${filter.where(value, zone)}`),
    sql``,
  )}`;
}

export interface Audience {
  /** Every subscriber the list holds, active or not. */
  total: number;
  /** Who the campaign goes to. */
  recipients: number;
  /** Who is left out and why, each under the first reason that applies, most first. */
  excluded: { reason: string; count: number }[];
  /** Who the campaign goes to, by their language. */
  languages: Record<Locale, number>;
}

/** The segment's audience now, and why the others are left out. */
export async function audienceOf(db: Db, segment: Segment): Promise<Audience> {
  const zone = segment.zone ?? "UTC";
  const used = usedFilters(segment);
  const reasons = sql.join(
    [sql`when s.status <> 'active' then 'unsubscribed'`, ...used.map(({ name, value, filter }) => sql`when not (${filter.where(value, zone)}) then ${name}`)],
    sql` `,
  );
  const { rows } = await sql<{ reason: string; language: string; n: number | string }>`select reason, language, count(*) as n
    from (select case ${reasons} else '' end as reason, s.language as language from subscribers s) r group by reason, language`.execute(db);
  let recipients = 0;
  let total = 0;
  const languages: Record<Locale, number> = { en: 0, fr: 0 };
  const byReason = new Map<string, number>();
  for (const row of rows) {
    const n = Number(row.n);
    total += n;
    if (row.reason === "") {
      recipients += n;
      if (row.language === "en" || row.language === "fr") languages[row.language] += n;
    } else byReason.set(row.reason, (byReason.get(row.reason) ?? 0) + n);
  }
  const excluded: Audience["excluded"] = [...byReason].map(([reason, count]) => {
    const use = used.find((u) => u.name === reason);
    return { reason: use ? use.filter.excluded(use.value) : "unsubscribed", count };
  });
  excluded.sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason));
  return { total, recipients, excluded, languages };
}

/** Each filter as the form shows it: its name, label and input. */
export async function segmentFields(db: Db): Promise<{ name: SegmentName; label: string; input: SegmentInput }[]> {
  return Promise.all(SEGMENT_NAMES.map(async (name) => ({ name, label: SEGMENT_FILTERS[name].label, input: await (SEGMENT_FILTERS[name]).input(db) })));
}
