/**
 * /team's export: the leads of a filter as CSV or JSON, streamed in keyset pages (memory stays
 * flat whatever the count), with the CLI's formula neutralising (server/leads/csv.ts).
 */
import type { LeadFilter } from "~/features/team/team-schemas";
import { csvField } from "../leads/csv";
import type { Audit } from "../audit/audit";
import type { LeadRow, TeamLeads } from "./leads";

export const EXPORT_FIELDS = ["kind", "id", "created_at", "name", "email", "phone", "company", "plan_type", "topic", "message", "handled_at", "handled_by"] as const satisfies readonly (keyof LeadRow)[];

export function exportResponse(leads: TeamLeads, audit: Audit, filter: LeadFilter, format: "csv" | "json", member: string): Response {
  const encoder = new TextEncoder();
  const rows = leads.all(filter)[Symbol.asyncIterator]();
  let count = 0;
  let done = false;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(format === "csv" ? `${EXPORT_FIELDS.join(",")}\r\n` : "["));
    },
    async pull(controller) {
      if (done) return;
      const chunk: string[] = [];
      for (let i = 0; i < 500; i++) {
        const next = await rows.next();
        if (next.done) {
          done = true;
          break;
        }
        const lead = next.value;
        if (format === "csv") chunk.push(`${EXPORT_FIELDS.map((field) => csvField(lead[field])).join(",")}\r\n`);
        else chunk.push(`${count === 0 ? "\n" : ",\n"}${JSON.stringify(Object.fromEntries(EXPORT_FIELDS.map((field) => [field, lead[field]])))}`);
        count++;
      }
      if (done && format === "json") chunk.push(count === 0 ? "]\n" : "\n]\n");
      if (chunk.length > 0) controller.enqueue(encoder.encode(chunk.join("")));
      if (done) {
        controller.close();
        await audit.record(audit.database, { actor: member, action: "export", subject: `${count} leads as ${format.toUpperCase()}`, detail: { ...filterDetail(filter), count } });
      }
    },
    async cancel() {
      await rows.return?.();
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
  for (const key of ["kind", "plan", "status", "from", "to"] as const) if (filter[key]) detail[key] = filter[key];
  if (filter.q) detail.search = "yes";
  return detail;
};
