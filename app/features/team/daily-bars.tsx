/**
 * A bar per day, drawn as server-rendered SVG: one series per chart (small multiples, so no
 * colour has to be told apart, in either contrast mode). The chart is an image with a text
 * summary; the exact numbers are in the table that follows it.
 */
export function DailyBars({ title, days, values }: { title: string; days: readonly string[]; values: readonly number[] }) {
  const width = 600;
  const height = 120;
  const max = Math.max(1, ...values);
  const total = values.reduce((sum, n) => sum + n, 0);
  const peak = values.indexOf(Math.max(...values));
  const barWidth = width / values.length;
  // A gap of 4 between bars, or of 40% of a bar's place when there are too many for that (a year).
  const bar = Math.max(barWidth - 4, barWidth * 0.6);
  const summary = `${title}: ${total} in ${days.length} days${total > 0 ? `, most on ${days[peak]} (${values[peak]})` : ""}.`;
  return (
    <figure className="rounded-lg border border-line p-3">
      <figcaption className="font-semibold">
        {title} <span className="font-normal text-muted">— {total.toLocaleString("en-US")} in {days.length} days</span>
      </figcaption>
      <svg viewBox={`0 0 ${width} ${height + 20}`} className="mt-2 h-auto w-full" role="img" aria-label={summary}>
        <line x1="0" y1={height} x2={width} y2={height} stroke="currentColor" strokeWidth="1" className="text-line" />
        {values.map((value, i) => {
          const h = Math.round((value / max) * (height - 10));
          return (
            <rect key={days[i]} x={i * barWidth + (barWidth - bar) / 2} y={height - h} width={bar} height={h} className="fill-brand">
              <title>{`${days[i]}: ${value}`}</title>
            </rect>
          );
        })}
        <text x="0" y={height + 16} className="fill-muted text-[12px]">
          {days[0]}
        </text>
        <text x={width} y={height + 16} textAnchor="end" className="fill-muted text-[12px]">
          {days[days.length - 1]}
        </text>
        <text x="0" y="10" className="fill-muted text-[12px]">
          max {max}
        </text>
      </svg>
    </figure>
  );
}
