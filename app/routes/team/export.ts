import { data } from "react-router";
import { requireMember, teamServices } from "~/features/team/guard.server";
import { parseExportQuery } from "~/features/team/team-schemas";
import type { Route } from "./+types/export";

/** The leads of the current filter as CSV or JSON, streamed (GET /team/export?format=csv&…). */
export async function loader(args: Route.LoaderArgs) {
  const member = await requireMember(args);
  const parsed = parseExportQuery(new URL(args.request.url).searchParams);
  if (!parsed.ok) return data({ error: parsed.errors.join(" ") }, { status: 400 });
  const { format, ...filter } = parsed.value;
  return teamServices(args.context).exportLeads(filter, format, member);
}
