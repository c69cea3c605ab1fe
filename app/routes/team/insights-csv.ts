import { data } from "react-router";
import { requireMember, teamServices } from "~/features/team/guard.server";
import { INSIGHT_TABLES, type InsightTable, parseInsightsPeriod } from "~/features/team/insights-contract";
import type { Route } from "./+types/insights-csv";

/** One table of /team/insights as CSV (GET /team/insights.csv?table=sources&days=30, or &from=…&to=…). */
export async function loader(args: Route.LoaderArgs) {
  await requireMember(args);
  const params = new URL(args.request.url).searchParams;
  const parsed = parseInsightsPeriod(params, new Date().toISOString().slice(0, 10), ["table"]);
  const table = params.get("table");
  const errors = parsed.ok ? [] : parsed.errors;
  if (!INSIGHT_TABLES.includes(table as InsightTable)) errors.push(`Choose the table: table=${INSIGHT_TABLES.join(", ")}.`);
  if (!parsed.ok || errors.length > 0) return data({ error: errors.join(" ") }, { status: 400 });
  const { period } = parsed;
  const csv = await teamServices(args.context).insightsCsv(period, table as InsightTable);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="insights-${table}-${period.from}-to-${period.to}.csv"`,
    },
  });
}
