/**
 * The insights page (/team/insights) and its CSV, as the page and the server share them: the
 * tables, their labels, and the period (the last 7, 30 or 90 UTC days ending today, or dates from
 * and to, both included, at most PERIOD_MAX_DAYS days, not after today; anything else is a clear
 * message). No zod: the page builds its links from it in the browser too.
 */

/** The source of a visit, or of a lead, that came with neither a utm_source nor another site's referrer. */
export const DIRECT_SOURCE = "Direct";
/** A campaign, landing or converting page that was not recorded (no utm_campaign; a lead from before attribution). */
export const NOT_RECORDED = "(none)";

export const INSIGHT_TABLES = ["sources", "campaigns", "landing-pages", "converting-pages", "referrers"] as const;
export type InsightTable = (typeof INSIGHT_TABLES)[number];

/** Each table's first column: what its rows are. */
export const INSIGHT_TABLE_HEADINGS: Record<InsightTable, string> = {
  sources: "Source",
  campaigns: "Campaign",
  "landing-pages": "Landing page",
  "converting-pages": "Converting page",
  referrers: "Referrer",
};

/** Conversion rate as the page and the CSV show it: leads ÷ visitors, in percent to one decimal; "" without visitors. */
export const conversionRate = (leads: number, visitors: number | null): string => (visitors ? `${((leads / visitors) * 100).toFixed(1)}%` : "");
export const PERIOD_PRESETS = [7, 30, 90] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];
export const PERIOD_DEFAULT: PeriodPreset = 30;
/** A year and a day: a year-on-year look fits, and a request stays cheap. */
export const PERIOD_MAX_DAYS = 366;

export interface InsightsPeriod {
  from: string;
  to: string;
  /** The preset the period is, or undefined for dates chosen. */
  preset: PeriodPreset | undefined;
}

const DAY_MS = 86_400_000;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const isDate = (value: string) => DATE.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
const dayBefore = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) - days * DAY_MS).toISOString().slice(0, 10);

/** The query string of a period (a preset as days=…, dates as from=…&to=…), with `extra` keys. */
export function periodQuery(period: InsightsPeriod, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams(extra);
  if (period.preset) params.set("days", String(period.preset));
  else {
    params.set("from", period.from);
    params.set("to", period.to);
  }
  return `?${params.toString()}`;
}

/** The number of days of a period, both ends included. */
export const periodDays = (period: { from: string; to: string }): number => daysBetween(period.from, period.to);

/**
 * Reads `days`, or `from` and `to`, from a query; `allowed` names the other keys the caller reads.
 * `today` is the current UTC day.
 */
export function parseInsightsPeriod(params: URLSearchParams, today: string, allowed: readonly string[] = []): { ok: true; period: InsightsPeriod } | { ok: false; errors: string[] } {
  const errors: string[] = [];
  const seen = new Set<string>();
  for (const key of params.keys()) {
    if (!["days", "from", "to", ...allowed].includes(key)) errors.push(`Unknown parameter "${key.slice(0, 40)}".`);
    else if (seen.has(key)) errors.push(`Give "${key}" once.`);
    seen.add(key);
  }
  const days = params.get("days")?.trim() || undefined;
  const from = params.get("from")?.trim() || undefined;
  const to = params.get("to")?.trim() || undefined;
  if (errors.length > 0) return { ok: false, errors };
  if (days !== undefined && (from !== undefined || to !== undefined)) return { ok: false, errors: ["Choose either the last 7, 30 or 90 days, or dates From and To, not both."] };
  if (from === undefined && to === undefined) {
    const preset = PERIOD_PRESETS.find((n) => String(n) === (days ?? String(PERIOD_DEFAULT)));
    if (!preset) return { ok: false, errors: ["The period is the last 7, 30 or 90 days."] };
    return { ok: true, period: { from: dayBefore(today, preset - 1), to: today, preset } };
  }
  if (from === undefined) errors.push("From is needed with To: the first day of the period, as YYYY-MM-DD.");
  else if (!isDate(from)) errors.push("From must be a date as YYYY-MM-DD.");
  if (to !== undefined && !isDate(to)) errors.push("To must be a date as YYYY-MM-DD.");
  if (errors.length > 0 || from === undefined) return { ok: false, errors };
  const end = to ?? today;
  if (from > today) return { ok: false, errors: [`From cannot be after today (${today}, UTC).`] };
  if (end > today) return { ok: false, errors: [`To cannot be after today (${today}, UTC).`] };
  if (from > end) return { ok: false, errors: ["From must be on or before To."] };
  if (daysBetween(from, end) > PERIOD_MAX_DAYS) return { ok: false, errors: [`The period is at most ${PERIOD_MAX_DAYS} days: choose a later From or an earlier To.`] };
  return { ok: true, period: { from, to: end, preset: undefined } };
}
