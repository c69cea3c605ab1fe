import type { ReactNode } from "react";
import { Form, Link, data, useActionData, useLoaderData, useNavigation } from "react-router";
import { PRODUCT_NAME } from "~/content/brand";
import { Markdown } from "~/features/chat/markdown";
import { AttributionList } from "~/features/team/attribution-list";
import { requireMember, teamServices } from "~/features/team/guard.server";
import { NOTE_MAX, isRowId } from "~/features/team/team-contract";
import { readTeamForm } from "~/features/team/team-form.server";
import { noteSchema } from "~/features/team/team-schemas";
import { LEAD_KINDS, LEAD_KIND_LABELS, LEAD_LANGUAGE_LABELS, type LeadKindName } from "~/features/team/team-lines";
import { Notice, TeamPage, buttonClass, inputClass, linkClass, secondaryButtonClass } from "~/features/team/team-ui";
import { When } from "~/features/team/when";
import type { Route } from "./+types/lead";

export const meta: Route.MetaFunction = () => [{ title: `Lead | Team | ${PRODUCT_NAME}` }, { name: "robots", content: "noindex" }];

function leadKey(params: { kind?: string; id?: string }): { kind: LeadKindName; id: string } {
  const kind = LEAD_KINDS.find((k) => k === params.kind);
  if (!kind || !isRowId(params.id)) throw data({ error: "There is no such lead." }, { status: 404 });
  return { kind, id: params.id };
}

export async function loader(args: Route.LoaderArgs) {
  await requireMember(args);
  const { kind, id } = leadKey(args.params);
  const detail = await teamServices(args.context).leads.detail(kind, id);
  if (!detail) throw data({ error: "There is no such lead: it may have been erased." }, { status: 404 });
  return detail;
}

export async function action(args: Route.ActionArgs) {
  const member = await requireMember(args);
  const { kind, id } = leadKey(args.params);
  const leads = teamServices(args.context).leads;
  const read = await readTeamForm(args.request, { intents: ["handled", "open", "note"] });
  if (!read.ok) return read.refusal;
  const { intent, fields } = read.value;
  if (intent === "handled" || intent === "open") {
    if (!(await leads.setStatus(kind, id, intent, member))) throw data({ error: "There is no such lead: it may have been erased." }, { status: 404 });
    return { ok: true, message: intent === "handled" ? "Marked as handled." : "Reopened." };
  }
  const note = fields(noteSchema);
  if (!note.ok) return note.refusal;
  if (!(await leads.addNote(kind, id, note.value.note, member))) throw data({ error: "There is no such lead: it may have been erased." }, { status: 404 });
  return { ok: true, message: "Note added." };
}

const row = (label: string, value: ReactNode) =>
  value ? (
    <div className="grid gap-1 sm:grid-cols-[12rem_1fr]">
      <dt className="font-semibold">{label}</dt>
      <dd className="break-words whitespace-pre-wrap">{value}</dd>
    </div>
  ) : null;

export default function Lead() {
  const { lead, notes, conversations } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  return (
    <TeamPage
      title={`${LEAD_KIND_LABELS[lead.kind]}: ${lead.name ?? lead.email}`}
      actions={
        <Link className={secondaryButtonClass} to="/team">
          All people
        </Link>
      }
    >
      <div className="space-y-6">
        {answer ? <Notice tone={answer.ok ? "success" : "error"}>{answer.message}</Notice> : null}
        <dl className="space-y-2">
          {row("Received", <When at={lead.created_at} />)}
          {row("Name", lead.name)}
          <div className="grid gap-1 sm:grid-cols-[12rem_1fr]">
            <dt className="font-semibold">Email</dt>
            <dd className="break-all">
              <Link className={linkClass} to={`/team/people?email=${encodeURIComponent(lead.email)}`}>
                {lead.email}
              </Link>
            </dd>
          </div>
          {row("Phone", lead.phone)}
          {row("Company", lead.company)}
          {row("Plan type", lead.plan_type)}
          {row(lead.kind === "contact" ? "Category" : lead.kind === "newsletter" ? "Subscription" : "Source", lead.topic)}
          {row("Message", lead.message)}
          {row("Language", LEAD_LANGUAGE_LABELS[lead.language])}
          {row(
            "Status",
            lead.handled_at ? (
              <>
                {`Handled by ${lead.handled_by}, `}
                <When at={lead.handled_at} />
              </>
            ) : (
              "Open"
            ),
          )}
        </dl>
        <Form method="post">
          <input type="hidden" name="intent" value={lead.handled_at ? "open" : "handled"} />
          <button type="submit" className={buttonClass} disabled={busy}>
            {lead.handled_at ? "Reopen" : "Mark as handled"}
          </button>
        </Form>

        <section aria-labelledby="attribution-title" className="space-y-3">
          <h2 id="attribution-title" className="text-xl font-bold">
            Where this lead came from
          </h2>
          <AttributionList lead={lead} />
        </section>

        {conversations.length > 0 ? (
          <section aria-labelledby="conversation-title" className="space-y-3">
            <h2 id="conversation-title" className="text-xl font-bold">
              Conversation with Max Load
            </h2>
            {conversations.map((messages, index) => (
              <ol key={index} className="space-y-2 rounded-lg border border-line p-3">
                {messages.map((message, i) => (
                  <li key={i} className={message.role === "user" ? "whitespace-pre-wrap" : undefined}>
                    <span className="font-semibold">{message.role === "user" ? (lead.name ?? "Visitor") : "Max Load"}:</span>{" "}
                    {message.role === "user" ? message.content : <Markdown text={message.content} />}
                  </li>
                ))}
              </ol>
            ))}
          </section>
        ) : null}

        <section aria-labelledby="notes-title" className="space-y-3">
          <h2 id="notes-title" className="text-xl font-bold">
            Notes
          </h2>
          {notes.length === 0 ? <p className="text-muted">No notes yet.</p> : null}
          <ul className="space-y-2">
            {notes.map((note) => (
              <li key={note.id} className="rounded-lg border border-line p-3">
                <p className="text-sm text-muted">
                  {note.author}, <When at={note.created_at} />
                </p>
                <p className="mt-1 whitespace-pre-wrap">{note.body}</p>
              </li>
            ))}
          </ul>
          <Form method="post" className="space-y-2" key={notes.length}>
            <input type="hidden" name="intent" value="note" />
            <label htmlFor="lead-note" className="block font-medium">
              Add a note
            </label>
            <textarea id="lead-note" name="note" rows={3} maxLength={NOTE_MAX} required className={inputClass} />
            <button type="submit" className={buttonClass} disabled={busy}>
              Add note
            </button>
          </Form>
        </section>
      </div>
    </TeamPage>
  );
}
