/** Where a lead came from (its row's attribution columns), in the order the visit happened. */
const ATTRIBUTION_LABELS = [
  ["landing_path", "Landing page"],
  ["referrer", "Referrer"],
  ["utm_source", "Source"],
  ["utm_medium", "Medium"],
  ["utm_campaign", "Campaign"],
  ["utm_content", "Content"],
  ["utm_term", "Term"],
  ["converted_path", "Converted on"],
] as const;

type Attribution = Record<(typeof ATTRIBUTION_LABELS)[number][0], string | null>;

/**
 * A lead's attribution as a labelled list; what the visit did not tell is left out, as the lead
 * page leaves out its empty fields. `compact` for a line of the person page.
 */
export function AttributionList({ lead, compact = false }: { lead: Attribution; compact?: boolean }) {
  const known = ATTRIBUTION_LABELS.filter(([key]) => lead[key]);
  if (known.length === 0) return <p className={compact ? "text-sm text-muted" : "text-muted"}>Not recorded.</p>;
  return (
    <dl className={compact ? "grid grid-cols-[auto_1fr] gap-x-3 text-sm" : "space-y-2"}>
      {known.map(([key, label]) => (
        <div key={key} className={compact ? "contents" : "grid gap-1 sm:grid-cols-[12rem_1fr]"}>
          <dt className={compact ? "text-muted" : "font-semibold"}>{label}</dt>
          <dd className="break-all">{lead[key]}</dd>
        </div>
      ))}
    </dl>
  );
}
