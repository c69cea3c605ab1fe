/**
 * A stored time as the team reads it, in a member's time zone (the workspace) or a mail
 * recipient's (the mail to the team): "Fri 27 Nov 2026, 14:05 EST". English, as the workspace and
 * every mail to the team. One formatter for both, so a time reads the same on the page and in the mail.
 */
const cache = new Map<string, { parts: Intl.DateTimeFormat; names: Intl.DateTimeFormat[] }>();

/**
 * A zone's name is asked of several English locales: each knows the abbreviations of its own
 * region ("EST" in en-US, "CET" in en-GB, "AEDT" in en-AU); where none has one, the offset
 * ("GMT+9") is what all of them say.
 */
const NAME_LOCALES = ["en-US", "en-CA", "en-GB", "en-AU"] as const;

function formatsOf(zone: string) {
  let formats = cache.get(zone);
  if (!formats) {
    formats = {
      parts: new Intl.DateTimeFormat("en-GB", { timeZone: zone, weekday: "short", day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }),
      names: NAME_LOCALES.map((locale) => new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: "short" })),
    };
    cache.set(zone, formats);
  }
  return formats;
}

/** The zone's short name at `date`: an abbreviation where an English locale has one, else the offset. */
function zoneName(names: readonly Intl.DateTimeFormat[], date: Date): string {
  let offset = "";
  for (const format of names) {
    const name = format.formatToParts(date).find((part) => part.type === "timeZoneName")?.value ?? "";
    if (!/^GMT[+-]/.test(name)) return name;
    offset ||= name;
  }
  return offset;
}

/**
 * "Fri 27 Nov 2026, 14:05 EST": a stored time (ISO, UTC) in `zone`. `withZone: false` leaves the
 * zone's name off, for a list under a line that names it.
 */
export function teamTime(iso: string, zone: string, options: { withZone?: boolean } = {}): string {
  const date = new Date(iso);
  const { parts, names } = formatsOf(zone);
  const all = parts.formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => all.find((p) => p.type === type)?.value ?? "";
  const time = `${part("weekday")} ${part("day")} ${part("month")} ${part("year")}, ${part("hour")}:${part("minute")}`;
  return options.withZone === false ? time : `${time} ${zoneName(names, date)}`;
}
