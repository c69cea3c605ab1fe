import { nice, ticks } from "d3-array";

/**
 * A bar per day: one series per chart (small multiples, so no colour has to be told apart, in
 * either contrast mode). Bars and grid lines are a server-rendered SVG stretched to the plot; the
 * axis labels are HTML beside it, so they keep the page's type size at any width (an SVG scaled
 * down to a phone would shrink its text). The chart is an image with a text summary; the exact
 * numbers are in its table (or the page's, `table={false}`).
 */

const MONTH_DAY = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
const MONTH_YEAR = new Intl.DateTimeFormat("en-US", { month: "short", year: "numeric", timeZone: "UTC" });

/** The y scale's top and its labelled ticks: whole numbers at 1, 2 or 5 × 10ⁿ steps (0–1 when all are zero). */
export function countScale(max: number): { top: number; ticks: number[] } {
  const top = Math.max(1, nice(0, max, 4)[1]);
  return { top, ticks: ticks(0, top, 4).filter(Number.isInteger) };
}

/** Up to four day indexes to label on the x axis: the first, the last and two evenly between. */
function dateTicks(count: number): number[] {
  if (count <= 4) return [...Array(count).keys()];
  return [0, Math.round((count - 1) / 3), Math.round(((count - 1) * 2) / 3), count - 1];
}

/** A UTC day ("2026-11-27") as an axis label: "Nov 27", or "Nov 2026" on a chart of more than ten months. */
function dayLabel(day: string, long: boolean): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return (long ? MONTH_YEAR : MONTH_DAY).format(date);
}

export function DailyBars({ title, days, values, table = true }: { title: string; days: readonly string[]; values: readonly number[]; table?: boolean }) {
  const width = 600;
  const height = 160;
  const max = Math.max(0, ...values);
  const scale = countScale(max);
  const total = values.reduce((sum, n) => sum + n, 0);
  const peak = values.indexOf(max);
  const barWidth = width / Math.max(1, values.length);
  // A gap of 4 between bars, or of 40% of a bar's place when there are too many for that (a year).
  const bar = Math.max(barWidth - 4, barWidth * 0.6);
  const long = days.length > 300;
  const summary = `${title}: ${total} in ${days.length} days${total > 0 ? `, most on ${days[peak]} (${values[peak]})` : ""}.`;
  const y = (value: number) => height - (value / scale.top) * height;
  return (
    <figure className="rounded-lg border border-line p-3">
      <figcaption className="font-semibold">
        {title} <span className="font-normal text-muted">— {total.toLocaleString("en-US")} in {days.length} days</span>
      </figcaption>
      <div className="mt-3 grid grid-cols-[auto_1fr] gap-x-2 text-xs text-muted" role="img" aria-label={summary}>
        <div className="relative w-8">
          {scale.ticks.map((tick) => (
            <span key={tick} className="absolute right-0 -translate-y-1/2 leading-none tabular-nums" style={{ top: `${(1 - tick / scale.top) * 100}%` }}>
              {tick.toLocaleString("en-US")}
            </span>
          ))}
        </div>
        <div className="relative">
          <svg viewBox={`0 0 ${width} ${height}`} preserveAspectRatio="none" className="block h-36 w-full overflow-visible">
            {scale.ticks.map((tick) => (
              <line key={tick} x1="0" x2={width} y1={y(tick)} y2={y(tick)} stroke="currentColor" strokeWidth="1" vectorEffect="non-scaling-stroke" className={tick === 0 ? "text-ink" : "text-line"} />
            ))}
            {values.map((value, i) => (
              <rect key={days[i]} x={i * barWidth + (barWidth - bar) / 2} y={y(value)} width={bar} height={height - y(value)} className="fill-brand">
                <title>{`${days[i]}: ${value}`}</title>
              </rect>
            ))}
          </svg>
          {total === 0 ? <p className="absolute inset-x-0 top-1/3 text-center text-sm text-ink">None in this period</p> : null}
        </div>
        <div />
        <div className="relative mt-1 h-4">
          {dateTicks(days.length).map((i, n, all) => (
            <span
              key={days[i]}
              className={`absolute whitespace-nowrap ${n === 0 ? "" : n === all.length - 1 ? "-translate-x-full" : "-translate-x-1/2"}`}
              style={{ left: `${n === 0 ? 0 : n === all.length - 1 ? 100 : ((i + 0.5) / days.length) * 100}%` }}
            >
              {dayLabel(days[i]!, long)}
            </span>
          ))}
        </div>
      </div>
      {table ? (
        <details className="mt-2 text-sm">
          <summary className="cursor-pointer">The numbers</summary>
          <div className="mt-2 max-h-64 overflow-y-auto" tabIndex={0} role="region" aria-label={`${title}, table`}>
            <table className="w-full border-collapse text-left">
              <caption className="sr-only">{title}</caption>
              <thead>
                <tr className="border-b border-line">
                  <th scope="col" className="py-1 pr-3">Day</th>
                  <th scope="col" className="py-1 pr-3 text-right">Count</th>
                </tr>
              </thead>
              <tbody>
                {days.map((day, i) => (
                  <tr key={day} className="border-b border-line">
                    <th scope="row" className="py-1 pr-3 font-normal">
                      {day}
                    </th>
                    <td className="py-1 pr-3 text-right tabular-nums">{values[i]}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      ) : null}
    </figure>
  );
}
