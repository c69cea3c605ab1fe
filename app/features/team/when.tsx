/**
 * Times in the workspace, in the signed-in member's time zone (their profile's, else the team's):
 * `<When at={iso} />` shows "2 h ago" for the last day and the date and time beyond, with the full
 * time in its title and `dateTime`; `formatInZone` is the same absolute text for anywhere else,
 * `formatDay` a calendar day.
 */
import { useRouteLoaderData } from "react-router";
import type { loader as layoutLoader } from "~/routes/team/layout";
import { teamTime } from "./team-time-lines";

/** The member's IANA time zone, from the workspace layout's loader (UTC outside it). */
export function useMemberTimeZone(): string {
  return useRouteLoaderData<typeof layoutLoader>("routes/team/layout")?.profile.timeZone ?? "UTC";
}

/** "Fri 27 Nov 2026, 09:30 CET": the time as the member reads it, as the mail to the team gives it. */
export const formatInZone = (iso: string, timeZone: string) => teamTime(iso, timeZone);

/** `formatInZone` in the member's zone, for times inside text (a line of details, a title). */
export function useFormatTime(): (iso: string) => string {
  const zone = useMemberTimeZone();
  return (iso) => formatInZone(iso, zone);
}

const dayFormat = new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", weekday: "short", year: "numeric", month: "short", day: "numeric" });

/** "Fri, 27 Nov 2026": a calendar day (YYYY-MM-DD, e.g. a follow-up date), which has no time zone. */
export const formatDay = (day: string) => dayFormat.format(new Date(`${day}T00:00:00Z`));

/** The calendar day (YYYY-MM-DD) it is in `timeZone` at `at`. */
export function dayInZone(timeZone: string, at = new Date()): string {
  const parts = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")}`;
}

/** "just now", "5 min ago", "2 h ago" within a day; undefined beyond (the absolute time reads better). */
export function relativeTime(iso: string, now = Date.now()): string | undefined {
  const minutes = Math.floor((now - Date.parse(iso)) / 60_000);
  if (minutes < 0 || minutes >= 24 * 60) return undefined;
  if (minutes < 1) return "just now";
  if (minutes < 60) return `${minutes} min ago`;
  return `${Math.floor(minutes / 60)} h ago`;
}

/** A stored time for the member: relative when recent, else absolute; the absolute one always in the title. */
export function When({ at, relative = true }: { at: string; relative?: boolean }) {
  const absolute = formatInZone(at, useMemberTimeZone());
  const recent = relative ? relativeTime(at) : undefined;
  return (
    // The server's and the browser's "now" differ by the page's load time: a minute may tick between.
    <time dateTime={at} title={absolute} suppressHydrationWarning>
      {recent ?? absolute}
    </time>
  );
}
