/** CSV for the lead exports (`npm run leads -- export`, /team export). */

/** RFC 4180 field; a leading = + - @ (a spreadsheet formula) is neutralised with a quote. */
export function csvField(value: string | null | undefined): string {
  if (value === null || value === undefined) return "";
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

