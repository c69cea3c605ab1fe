/**
 * /team's export: the leads of a filter, newest first, through the one export writer
 * (server/leads/export.ts: the CLI's columns and formula neutralising), audited when complete.
 */
import type { LeadFilter } from "~/features/team/team-schemas";
import type { Audit } from "../audit/audit";
import { type ExportFormat, exportText } from "../leads/export";
import type { TeamLeads } from "./leads";

export function exportResponse(leads: TeamLeads, audit: Audit, filter: LeadFilter, format: ExportFormat, member: string): Response {
  const encoder = new TextEncoder();
  const text = exportText(leads.all(filter), format);
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await text.next();
      if (!next.done) {
        controller.enqueue(encoder.encode(next.value));
        return;
      }
      controller.close();
      const count = next.value;
      await audit.record(audit.database, { actor: member, action: "export", subject: `${count} leads as ${format.toUpperCase()}`, detail: { ...filterDetail(filter), count } });
    },
    async cancel() {
      await text.return(0);
    },
  });
  const stamp = new Date().toISOString().slice(0, 10);
  return new Response(stream, {
    headers: {
      "Content-Type": format === "csv" ? "text/csv; charset=utf-8" : "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="leads-${stamp}.${format}"`,
    },
  });
}

const filterDetail = (filter: LeadFilter) => {
  const detail: Record<string, string> = {};
  for (const key of ["kind", "plan", "status", "from", "to", "source", "campaign", "language"] as const) if (filter[key]) detail[key] = filter[key];
  if (filter.q) detail.search = "yes";
  return detail;
};
