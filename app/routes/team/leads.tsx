import { Form, Link, data, useActionData, useLoaderData, useLocation, useNavigation } from "react-router";
import { PRODUCT_NAME } from "~/content/brand";
import { PLAN_TYPES } from "~/content/plans";
import { requireMember, teamServices } from "~/features/team/guard.server";
import { PEOPLE_COUNT_CAP, SAVED_FILTER_NAME_MAX, SEARCH_MAX, TEAM_ERRORS, UTM_FILTER_MAX, teamErrorCode } from "~/features/team/team-contract";
import { readTeamForm, refuse } from "~/features/team/team-form.server";
import {
  LEAD_KINDS,
  LEAD_KIND_LABELS,
  LEAD_LANGUAGES,
  LEAD_LANGUAGE_LABELS,
  PEOPLE_FILTER_KEYS,
  PEOPLE_SORTS,
  PEOPLE_SORT_LABELS,
  PERSON_STAGES,
  PERSON_STAGE_LABELS,
  filterQuery,
  peopleQuery,
} from "~/features/team/team-lines";
import { parsePeopleFilter, savedFilterSchema } from "~/features/team/team-schemas";
import { Notice, TeamPage, buttonClass, inputClass, linkClass, secondaryButtonClass } from "~/features/team/team-ui";
import { When, dayInZone, formatDay, formatInZone, useMemberTimeZone } from "~/features/team/when";
import type { Route } from "./+types/leads";

export const meta: Route.MetaFunction = () => [{ title: `People | Team | ${PRODUCT_NAME}` }, { name: "robots", content: "noindex" }];

const RAW_KEYS = [...PEOPLE_FILTER_KEYS, "sort"] as const;

export async function loader(args: Route.LoaderArgs) {
  const member = await requireMember(args);
  const team = teamServices(args.context);
  const url = new URL(args.request.url);
  const raw = Object.fromEntries(RAW_KEYS.map((key) => [key, (url.searchParams.get(key) ?? "").slice(0, SEARCH_MAX)])) as Record<(typeof RAW_KEYS)[number], string>;
  const [profile, saved, owners] = await Promise.all([team.access.profile(member), team.peopleList.savedFilters(member), team.peopleList.owners()]);
  const empty = { raw, saved, owners, filter: undefined, people: [], total: 0, next: undefined, first: true };
  const parsed = parsePeopleFilter(url.searchParams);
  if (!parsed.ok) return data({ ...empty, errors: parsed.errors }, { status: 400 });
  try {
    const page = await team.peopleList.page(parsed.value, member, dayInZone(profile.timeZone));
    return { ...empty, errors: [] as string[], filter: parsed.value, ...page, first: !parsed.value.after };
  } catch (error) {
    if (teamErrorCode(error, TEAM_ERRORS) === "invalid-cursor") return data({ ...empty, errors: [TEAM_ERRORS["invalid-cursor"]], filter: parsed.value, first: false }, { status: 400 });
    throw error;
  }
}

/** Saves the list's current filter under a name, or deletes a saved filter (the member's own). */
export async function action(args: Route.ActionArgs) {
  const member = await requireMember(args);
  const list = teamServices(args.context).peopleList;
  const read = await readTeamForm(args.request, { intents: ["save-filter", "delete-filter"], needsId: (intent) => intent === "delete-filter", noSuchId: "This saved filter is gone already." });
  if (!read.ok) return read.refusal;
  const { intent, id, fields } = read.value;
  if (intent === "delete-filter") {
    if (!id || !(await list.deleteFilter(member, id))) return refuse("This saved filter is gone already.", 404);
    return { ok: true as const, message: "Saved filter deleted." };
  }
  const form = fields(savedFilterSchema);
  if (!form.ok) return form.refusal;
  // Only a filter the list accepts is kept: the query is read back through the list's own rules.
  const parsed = parsePeopleFilter(new URLSearchParams(form.value.query));
  if (!parsed.ok) return refuse(`This filter cannot be saved: ${parsed.errors.join(" ")}`);
  const query = peopleQuery({ ...parsed.value, after: undefined });
  if ((await list.saveFilter(member, form.value.name, query)) === "too-many") return refuse("You have the most saved filters a member may keep: delete one first.");
  return { ok: true as const, message: `Saved “${form.value.name}”.` };
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

const text = (id: string, label: string, name: string, value: string, props: { type?: string; maxLength?: number } = {}) => (
  <div>
    <label htmlFor={id} className="block font-medium">
      {label}
    </label>
    <input id={id} name={name} type={props.type ?? "text"} defaultValue={value} maxLength={props.maxLength} className={inputClass} />
  </div>
);

const chipClass = "inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold";

export default function People() {
  const { errors, raw, filter, people, total, next, first, saved, owners } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const location = useLocation();
  const timeZone = useMemberTimeZone();
  const today = dayInZone(timeZone);
  const busy = navigation.state !== "idle";
  const view = (query: string) => `/team${query}`;
  const current = location.search.replace(/^\?/, "");
  return (
    <TeamPage
      title="People"
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
      <p className="-mt-3 mb-4 text-sm text-muted">
        Everyone who left a lead, one entry per email address, latest lead first. The exports list the leads themselves.
      </p>
      <nav aria-label="Views" className="mb-4 flex flex-wrap gap-2">
        <Link className={secondaryButtonClass} to={view("?due=1")}>
          Follow-up due
        </Link>
        <Link className={secondaryButtonClass} to={view("?owner=me")}>
          Mine
        </Link>
        <Link className={secondaryButtonClass} to={view("?owner=unowned")}>
          Unowned
        </Link>
      </nav>

      <section aria-labelledby="saved-filters" className="mb-4 rounded-lg border border-line p-4">
        <h2 id="saved-filters" className="font-bold">
          Your saved filters
        </h2>
        {answer ? (
          <div className="mt-2">
            <Notice tone={answer.ok ? "success" : "error"}>{answer.message}</Notice>
          </div>
        ) : null}
        {saved.length === 0 ? <p className="mt-1 text-sm text-muted">None yet: filter the list, then save the filter under a name.</p> : null}
        <ul className="mt-2 flex flex-wrap gap-2">
          {saved.map((item) => (
            <li key={item.id} className="flex items-center rounded-full border border-line">
              <Link className="inline-flex min-h-11 items-center rounded-l-full px-4 font-semibold text-brand underline" to={view(item.query)}>
                {item.name}
              </Link>
              <Form method="post" className="contents">
                <input type="hidden" name="intent" value="delete-filter" />
                <input type="hidden" name="id" value={item.id} />
                <button type="submit" className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-r-full border-l border-line px-3 text-ink hover:bg-surface" aria-label={`Delete saved filter ${item.name}`} disabled={busy}>
                  <span aria-hidden="true">×</span>
                </button>
              </Form>
            </li>
          ))}
        </ul>
        {filter && current ? (
          <Form method="post" className="mt-3 flex flex-wrap items-end gap-2">
            <input type="hidden" name="intent" value="save-filter" />
            <input type="hidden" name="query" value={peopleQuery({ ...filter, after: undefined })} />
            <div className="min-w-0 flex-1 basis-48">
              <label htmlFor="saved-filter-name" className="block font-medium">
                Save this filter as
              </label>
              <input id="saved-filter-name" name="name" type="text" required maxLength={SAVED_FILTER_NAME_MAX} className={inputClass} />
            </div>
            <button type="submit" className={buttonClass} disabled={busy}>
              Save filter
            </button>
          </Form>
        ) : null}
      </section>

      <details open={Boolean(current) || errors.length > 0} className="rounded-lg border border-line">
        <summary className="flex min-h-11 cursor-pointer items-center px-4 font-semibold">Filter and sort</summary>
        <Form method="get" role="search" aria-label="Filter people" className="grid gap-4 p-4 pt-0 sm:grid-cols-2 lg:grid-cols-4">
          <div className="sm:col-span-2">
            <label htmlFor="lead-search" className="block font-medium">
              Search name, email, company or message
            </label>
            <input id="lead-search" name="q" type="search" defaultValue={raw.q} maxLength={SEARCH_MAX} className={inputClass} />
          </div>
          {select("people-sort", "Sort", "sort", raw.sort || "newest", PEOPLE_SORTS.map((s) => ({ value: s, label: PEOPLE_SORT_LABELS[s] })))}
          {select("lead-kind", "Kind", "kind", raw.kind, [{ value: "", label: "All kinds" }, ...LEAD_KINDS.map((k) => ({ value: k, label: LEAD_KIND_LABELS[k] }))])}
          {select("lead-plan", "Plan type", "plan", raw.plan, [{ value: "", label: "Any plan" }, ...PLAN_TYPES.map((p) => ({ value: p, label: p }))])}
          {select("lead-status", "Status", "status", raw.status, [
            { value: "", label: "Open and handled" },
            { value: "open", label: "Open" },
            { value: "handled", label: "Handled" },
          ])}
          {select("people-owner", "Owner", "owner", raw.owner, [
            { value: "", label: "Anyone or no one" },
            { value: "me", label: "Me" },
            { value: "unowned", label: "No one (unowned)" },
            ...owners.map((owner) => ({ value: owner, label: owner })),
          ])}
          {select("people-stage", "Stage", "stage", raw.stage, [{ value: "", label: "Any stage" }, ...PERSON_STAGES.map((s) => ({ value: s, label: PERSON_STAGE_LABELS[s] }))])}
          {text("lead-from", "From", "from", raw.from, { type: "date" })}
          {text("lead-to", "To", "to", raw.to, { type: "date" })}
          {text("lead-source", "Source (utm_source)", "source", raw.source, { maxLength: UTM_FILTER_MAX })}
          {text("lead-campaign", "Campaign (utm_campaign)", "campaign", raw.campaign, { maxLength: UTM_FILTER_MAX })}
          {select("lead-language", "Language", "language", raw.language, [{ value: "", label: "Any language" }, ...LEAD_LANGUAGES.map((l) => ({ value: l, label: LEAD_LANGUAGE_LABELS[l] }))])}
          <div className="flex items-center gap-2 self-end">
            <input id="people-due" name="due" type="checkbox" value="1" defaultChecked={raw.due === "1"} className="size-5" />
            <label htmlFor="people-due" className="font-medium">
              Follow-up due today or overdue
            </label>
          </div>
          <div className="flex items-end gap-2">
            <button type="submit" className={buttonClass} disabled={busy}>
              Apply
            </button>
            <Link to="/team" className={secondaryButtonClass}>
              Clear
            </Link>
          </div>
        </Form>
      </details>

      <div className="mt-6 space-y-4" aria-live="polite">
        {errors.length > 0 ? (
          <Notice tone="error">
            <ul className="list-disc pl-5">
              {errors.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </ul>
          </Notice>
        ) : (
          <h2 className="text-xl font-bold" id="people-count">
            {total === 1 ? "1 person" : total > PEOPLE_COUNT_CAP ? `More than ${PEOPLE_COUNT_CAP.toLocaleString("en-US")} people` : `${total.toLocaleString("en-US")} people`}
            {filter?.due ? ", follow-up due" : ""}
          </h2>
        )}
        {errors.length === 0 && people.length === 0 ? <p className="text-muted">No person matches these filters.</p> : null}
        {people.length > 0 ? (
          <ul aria-labelledby="people-count" className="divide-y divide-line border-y border-line">
            {people.map((person) => {
              const due = person.followUpOn !== null && person.followUpOn <= today;
              const nameId = `person-${person.email}`;
              return (
                <li key={person.email}>
                  <article aria-labelledby={nameId} className="grid gap-3 py-4 md:grid-cols-[minmax(0,5fr)_minmax(0,5fr)_minmax(0,3fr)] md:gap-6">
                    <div className="min-w-0">
                      <h3 id={nameId} className="text-lg font-bold wrap-anywhere">
                        <Link className={linkClass} to={`/team/people?email=${encodeURIComponent(person.email)}`}>
                          {person.name ?? person.email}
                        </Link>
                      </h3>
                      {person.name ? <p className="text-sm wrap-anywhere text-muted">{person.email}</p> : null}
                      {person.company ? <p className="text-sm wrap-anywhere">{person.company}</p> : null}
                    </div>
                    <div className="min-w-0">
                      <p className="sr-only">Leads, newest first:</p>
                      <ul className="flex flex-wrap gap-1.5">
                        {person.leads.map((lead) => (
                          <li key={`${lead.kind}/${lead.id}`}>
                            <Link to={`/team/leads/${lead.kind}/${lead.id}`} title={formatInZone(lead.at, timeZone)} className={`${chipClass} min-h-8 border-line bg-surface text-ink hover:border-brand contrast-high:border-line`}>
                              <span>{lead.plan ? `${LEAD_KIND_LABELS[lead.kind]}: ${lead.plan}` : LEAD_KIND_LABELS[lead.kind]}</span>
                              <span className="sr-only">
                                , <When at={lead.at} />
                              </span>
                            </Link>
                          </li>
                        ))}
                        {person.leadCount > person.leads.length ? <li className="self-center text-xs text-muted">+{person.leadCount - person.leads.length} older</li> : null}
                      </ul>
                      {person.plans.length > 0 ? (
                        <p className="mt-1.5 flex flex-wrap items-center gap-1.5 text-xs">
                          <span className="text-muted">Plan interest:</span>
                          {person.plans.map((plan) => (
                            <span key={plan} className={`${chipClass} border-brand text-brand-strong`}>
                              {plan}
                            </span>
                          ))}
                        </p>
                      ) : null}
                    </div>
                    <dl className="grid grid-cols-[auto_1fr] content-start gap-x-3 gap-y-0.5 text-sm">
                      <dt className="text-muted">Last lead</dt>
                      <dd>
                        <When at={person.lastLeadAt} />
                      </dd>
                      <dt className="text-muted">Language</dt>
                      <dd>{person.languages.map((language) => LEAD_LANGUAGE_LABELS[language]).join(", ")}</dd>
                      <dt className="text-muted">Stage</dt>
                      <dd>{PERSON_STAGE_LABELS[person.stage]}</dd>
                      <dt className="text-muted">Owner</dt>
                      <dd className="wrap-anywhere">{person.owner ?? "Unowned"}</dd>
                      {person.followUpOn ? (
                        <>
                          <dt className="text-muted">Follow-up</dt>
                          <dd className={due ? "font-semibold text-brand-strong" : ""}>
                            {due ? "Due " : ""}
                            <time dateTime={person.followUpOn}>{formatDay(person.followUpOn)}</time>
                          </dd>
                        </>
                      ) : null}
                    </dl>
                  </article>
                </li>
              );
            })}
          </ul>
        ) : null}
        <nav aria-label="Pages" className="flex flex-wrap gap-3">
          {!first && filter ? (
            <Link className={secondaryButtonClass} to={view(peopleQuery({ ...filter, after: undefined }))}>
              First page
            </Link>
          ) : null}
          {next && filter ? (
            <Link className={secondaryButtonClass} to={view(peopleQuery(filter, { after: next }))}>
              Next page
            </Link>
          ) : null}
        </nav>
      </div>
    </TeamPage>
  );
}
