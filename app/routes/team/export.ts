import { data } from "react-router";
import { requireMember, teamServices } from "~/features/team/guard.server";
import { parseLeadFilter } from "~/features/team/team-schemas";
import type { Route } from "./+types/export";

/** The leads of the current filter as CSV or JSON, streamed (GET /team/export?format=csv&…). */
export async function loader(args: Route.LoaderArgs) {
  const member = await requireMember(args);
  const url = new URL(args.request.url);
  const format = url.searchParams.get("format");
  if (format !== "csv" && format !== "json") return data({ error: "Choose the export format: format=csv or format=json." }, { status: 400 });
  const params = new URLSearchParams(url.searchParams);
  params.delete("format");
  params.delete("after");
  params.delete("size");
  const parsed = parseLeadFilter(params);
  if (!parsed.ok) return data({ error: parsed.errors.join(" ") }, { status: 400 });
  return teamServices(args.context).exportLeads(parsed.filter, format, member);
}
