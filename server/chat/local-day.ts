/**
 * Calendar days in the visitor's time zone and in UTC: the periods of the chat's daily limits
 * (the visitor's 5 a day reset at their local midnight; the per-IP and site-wide caps at UTC midnight).
 */
export const SERVER_TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    if (formatters.size > 500) formatters.clear();
    formatters.set(timeZone, f);
  }
  return f;
}

/** The IANA time zone when Intl knows it (canonical spelling), else undefined. */
export function validTimeZone(value: unknown): string | undefined {
  if (typeof value !== "string" || value.length === 0 || value.length > 64 || !/^[A-Za-z0-9_+\-/]+$/.test(value)) return undefined;
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

interface LocalParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function localParts(instant: number, timeZone: string): LocalParts {
  const parts: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(new Date(instant))) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 1970,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: (parts.hour ?? 0) % 24,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** The visitor's local calendar date, YYYY-MM-DD: the period of their daily quota. */
export function localDate(now: Date, timeZone: string): string {
  const p = localParts(now.getTime(), timeZone);
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`;
}

/** The first instant of the next local day in `timeZone` (DST-aware). */
export function nextLocalMidnight(now: Date, timeZone: string): Date {
  const p = localParts(now.getTime(), timeZone);
  const wall = Date.UTC(p.year, p.month - 1, p.day + 1, 0, 0, 0);
  // wall clock → instant: subtract the zone's offset, refined once for a DST change in between.
  let guess = wall;
  for (let i = 0; i < 3; i++) {
    const q = localParts(guess, timeZone);
    const asUtc = Date.UTC(q.year, q.month - 1, q.day, q.hour, q.minute, q.second);
    guess += wall - asUtc;
  }
  // A zone whose midnight does not exist (DST at 00:00) starts its day later: never go back.
  return new Date(Math.max(guess, now.getTime() + 1000));
}

export const utcDate = (now: Date): string => now.toISOString().slice(0, 10);
export const nextUtcMidnight = (now: Date): Date =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
