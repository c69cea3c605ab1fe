import { Form, Link, data, useActionData, useLoaderData, useNavigation } from "react-router";
import { PRODUCT_NAME } from "~/content/brand";
import { AttributionList } from "~/features/team/attribution-list";
import { requireMember, teamServices } from "~/features/team/guard.server";
import { readTeamForm } from "~/features/team/team-form.server";
import { parsePersonQuery } from "~/features/team/team-schemas";
import { LEAD_KIND_LABELS } from "~/features/team/team-lines";
import { Notice, TeamPage, buttonClass, formatTime, inputClass, linkClass } from "~/features/team/team-ui";
import type { Route } from "./+types/person";

export const meta: Route.MetaFunction = () => [{ title: `Person | Team | ${PRODUCT_NAME}` }, { name: "robots", content: "noindex" }];

export async function loader(args: Route.LoaderArgs) {
  await requireMember(args);
  const query = parsePersonQuery(new URL(args.request.url).searchParams);
  if (!query.ok) return data({ error: query.errors.join(" "), person: undefined }, { status: 400 });
  return { error: undefined, person: await teamServices(args.context).people.find(query.value.email) };
}

export async function action(args: Route.ActionArgs) {
  const member = await requireMember(args);
  const read = await readTeamForm(args.request);
  if (!read.ok) return read.refusal;
  const query = parsePersonQuery(new URL(args.request.url).searchParams);
  if (!query.ok) return data({ ok: false, message: query.errors.join(" ") }, { status: 400 });
  const email = query.value.email;
  const typed = read.value.text("confirm").trim().toLowerCase();
  if (typed !== email.toLowerCase()) {
    return data({ ok: false, message: "Type the address exactly to confirm the erasure. Nothing was erased." }, { status: 400 });
  }
  const counts = await teamServices(args.context).people.erase(email, member);
  const total = Object.values(counts).reduce((sum, n) => sum + n, 0);
  return { ok: true, message: `Erased ${total} record${total === 1 ? "" : "s"} about ${email}.` };
}

export default function Person() {
  const { error, person } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  return (
    <TeamPage title={person ? `Person: ${person.email}` : "Person"}>
      <div className="space-y-6">
        {answer ? <Notice tone={answer.ok ? "success" : "error"}>{answer.message}</Notice> : null}
        <Form method="get" className="flex max-w-xl flex-wrap items-end gap-2">
          <div className="grow">
            <label htmlFor="person-email" className="block font-medium">
              Email address
            </label>
            <input id="person-email" name="email" type="email" defaultValue={person?.email} className={inputClass} />
          </div>
          <button type="submit" className={buttonClass}>
            Look up
          </button>
        </Form>
        {error ? <Notice tone="error">{error}</Notice> : null}
        {person ? (
          <>
            <section aria-labelledby="person-records" className="space-y-2">
              <h2 id="person-records" className="text-xl font-bold">
                Records
              </h2>
              {person.leads.length === 0 && person.chatVisitors.length === 0 ? <p className="text-muted">The site holds no record for this address.</p> : null}
              <ul className="list-disc space-y-1 pl-5">
                {person.leads.map((lead) => (
                  <li key={`${lead.kind}/${lead.id}`}>
                    <Link className={linkClass} to={`/team/leads/${lead.kind}/${lead.id}`}>
                      {LEAD_KIND_LABELS[lead.kind]}, {formatTime(lead.created_at)}
                    </Link>
                    {lead.name ? ` — ${lead.name}` : ""}
                    <div className="mt-1 mb-2">
                      <AttributionList lead={lead} compact />
                    </div>
                  </li>
                ))}
                {person.chatVisitors.map((visitor) => (
                  <li key={visitor.id}>
                    Chat conversation started {formatTime(visitor.created_at)} ({visitor.messages} messages)
                  </li>
                ))}
              </ul>
            </section>
            <section aria-labelledby="person-mail" className="space-y-2">
              <h2 id="person-mail" className="text-xl font-bold">
                Mails sent to or about them
              </h2>
              {person.mails.length === 0 ? <p className="text-muted">None.</p> : null}
              <ul className="list-disc space-y-1 pl-5">
                {person.mails.map((mail) => (
                  <li key={mail.id}>
                    {formatTime(mail.created_at)}: “{mail.subject}” to {mail.to} ({mail.status})
                  </li>
                ))}
              </ul>
            </section>
            <section aria-labelledby="person-erase" className="max-w-xl space-y-2 rounded-lg border border-brand p-4">
              <h2 id="person-erase" className="text-xl font-bold">
                Erase this person
              </h2>
              <p>Deletes every record and mail about {person.email}, and the team's notes on them. This cannot be undone.</p>
              <Form method="post" className="space-y-2">
                <label htmlFor="erase-confirm" className="block font-medium">
                  Type the address to confirm
                </label>
                <input id="erase-confirm" name="confirm" type="text" autoComplete="off" className={inputClass} />
                <button type="submit" className={buttonClass} disabled={navigation.state === "submitting"}>
                  Erase this person
                </button>
              </Form>
            </section>
          </>
        ) : null}
      </div>
    </TeamPage>
  );
}
