import { Form, Link, data, useLoaderData, useNavigation } from "react-router";
import { PRODUCT_NAME } from "~/content/brand";
import { requireMember, teamServices } from "~/features/team/guard.server";
import { parseLeadFilter } from "~/features/team/team-schemas";
import { PLAN_TYPES } from "~/content/plans";
import { SEARCH_MAX, TEAM_ERRORS, UTM_FILTER_MAX, teamErrorCode } from "~/features/team/team-contract";
import { LEAD_FILTER_KEYS, LEAD_KINDS, LEAD_KIND_LABELS, filterQuery } from "~/features/team/team-lines";
import { Notice, TeamPage, buttonClass, formatTime, inputClass, linkClass, secondaryButtonClass } from "~/features/team/team-ui";
import type { Route } from "./+types/leads";

export const meta: Route.MetaFunction = () => [{ title: `Leads | Team | ${PRODUCT_NAME}` }, { name: "robots", content: "noindex" }];

export async function loader(args: Route.LoaderArgs) {
  await requireMember(args);
  const url = new URL(args.request.url);
  const parsed = parseLeadFilter(url.searchParams);
  const raw = Object.fromEntries(LEAD_FILTER_KEYS.map((key) => [key, (url.searchParams.get(key) ?? "").slice(0, SEARCH_MAX)]));
  if (!parsed.ok) return data({ errors: parsed.errors, raw, filter: undefined, leads: [], next: undefined, first: true }, { status: 400 });
  try {
    const page = await teamServices(args.context).leads.page(parsed.filter);
    return { errors: [] as string[], raw, filter: parsed.filter, ...page, first: !parsed.filter.after };
  } catch (error) {
    if (teamErrorCode(error, TEAM_ERRORS) === "invalid-cursor") {
      return data({ errors: [TEAM_ERRORS["invalid-cursor"]], raw, filter: parsed.filter, leads: [], next: undefined, first: false }, { status: 400 });
    }
    throw error;
  }
}

const select = (id: string, label: string, name: string, value: string, options: readonly { value: string; label: string }[]) => (
  <div>
    <label htmlFor={id} className="block font-medium">
      {label}
    </label>
    <select id={id} name={name} defaultValue={value} className={inputClass}>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  </div>
);

export default function Leads() {
  const { errors, raw, filter, leads, next, first } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const query = filter ? filterQuery(filter) : "";
  return (
    <TeamPage
      title="Leads"
      actions={
        filter ? (
          <div className="flex flex-wrap gap-2">
            <a className={secondaryButtonClass} href={`/team/export${filterQuery(filter, { format: "csv" })}`} download>
              Export CSV
            </a>
            <a className={secondaryButtonClass} href={`/team/export${filterQuery(filter, { format: "json" })}`} download>
              Export JSON
            </a>
          </div>
        ) : null
      }
    >
      <Form method="get" role="search" aria-label="Filter leads" className="grid gap-4 rounded-lg border border-line p-4 sm:grid-cols-2 lg:grid-cols-4">
        <div className="sm:col-span-2">
          <label htmlFor="lead-search" className="block font-medium">
            Search name, email, company or message
          </label>
          <input id="lead-search" name="q" type="search" defaultValue={raw.q} maxLength={SEARCH_MAX} className={inputClass} />
        </div>
        {select("lead-kind", "Kind", "kind", raw.kind ?? "", [{ value: "", label: "All kinds" }, ...LEAD_KINDS.map((k) => ({ value: k, label: LEAD_KIND_LABELS[k] }))])}
        {select("lead-plan", "Plan type", "plan", raw.plan ?? "", [{ value: "", label: "Any plan" }, ...PLAN_TYPES.map((p) => ({ value: p, label: p }))])}
        {select("lead-status", "Status", "status", raw.status ?? "", [
          { value: "", label: "Open and handled" },
          { value: "open", label: "Open" },
          { value: "handled", label: "Handled" },
        ])}
        <div>
          <label htmlFor="lead-from" className="block font-medium">
            From
          </label>
          <input id="lead-from" name="from" type="date" defaultValue={raw.from} className={inputClass} />
        </div>
        <div>
          <label htmlFor="lead-to" className="block font-medium">
            To
          </label>
          <input id="lead-to" name="to" type="date" defaultValue={raw.to} className={inputClass} />
        </div>
        <div>
          <label htmlFor="lead-source" className="block font-medium">
            Source (utm_source)
          </label>
          <input id="lead-source" name="source" type="text" defaultValue={raw.source} maxLength={UTM_FILTER_MAX} className={inputClass} />
        </div>
        <div>
          <label htmlFor="lead-campaign" className="block font-medium">
            Campaign (utm_campaign)
          </label>
          <input id="lead-campaign" name="campaign" type="text" defaultValue={raw.campaign} maxLength={UTM_FILTER_MAX} className={inputClass} />
        </div>
        <div className="flex items-end gap-2">
          <button type="submit" className={buttonClass} disabled={navigation.state === "loading"}>
            Apply
          </button>
          <Link to="/team" className={secondaryButtonClass}>
            Clear
          </Link>
        </div>
      </Form>

      <div className="mt-6 space-y-4" aria-live="polite">
        {errors.length > 0 ? (
          <Notice tone="error">
            <ul className="list-disc pl-5">
              {errors.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </ul>
          </Notice>
        ) : leads.length === 0 ? (
          <p className="text-muted">No lead matches these filters.</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full min-w-[40rem] border-collapse text-left text-sm">
              <caption className="sr-only">Leads, newest first</caption>
              <thead>
                <tr className="border-b border-line">
                  <th scope="col" className="py-2 pr-3">Received</th>
                  <th scope="col" className="py-2 pr-3">Kind</th>
                  <th scope="col" className="py-2 pr-3">Name</th>
                  <th scope="col" className="py-2 pr-3">Email</th>
                  <th scope="col" className="py-2 pr-3">Company / plan</th>
                  <th scope="col" className="py-2 pr-3">Status</th>
                </tr>
              </thead>
              <tbody>
                {leads.map((lead) => (
                  <tr key={`${lead.kind}/${lead.id}`} className="border-b border-line align-top">
                    <td className="py-2 pr-3 whitespace-nowrap">
                      <Link className={linkClass} to={`/team/leads/${lead.kind}/${lead.id}`}>
                        {formatTime(lead.created_at)}
                      </Link>
                    </td>
                    <td className="py-2 pr-3">{LEAD_KIND_LABELS[lead.kind]}</td>
                    <td className="py-2 pr-3">{lead.name ?? "—"}</td>
                    <td className="py-2 pr-3 break-all">
                      <Link className={linkClass} to={`/team/people?email=${encodeURIComponent(lead.email)}`}>
                        {lead.email}
                      </Link>
                    </td>
                    <td className="py-2 pr-3">{[lead.company, lead.plan_type].filter(Boolean).join(" · ") || "—"}</td>
                    <td className="py-2 pr-3">{lead.handled_at ? "Handled" : "Open"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <nav aria-label="Pages" className="flex gap-3">
          {!first ? (
            <Link className={secondaryButtonClass} to={`/team${query}`}>
              First page
            </Link>
          ) : null}
          {next && filter ? (
            <Link className={secondaryButtonClass} to={`/team${filterQuery(filter, { after: next })}`}>
              Older leads
            </Link>
          ) : null}
        </nav>
      </div>
    </TeamPage>
  );
}
