import type { ReactNode } from "react";
import { Form, Link, data, useLoaderData } from "react-router";
import { PRODUCT_NAME } from "~/content/brand";
import { requireMember, teamServices } from "~/features/team/guard.server";
import { isRowId } from "~/features/team/team-contract";
import { MAIL_STATUS_LABELS } from "~/features/team/team-lines";
import { TeamPage, linkClass, secondaryButtonClass } from "~/features/team/team-ui";
import { useFormatTime } from "~/features/team/when";
import type { Route } from "./+types/mail-message";

export const meta: Route.MetaFunction = () => [{ title: `Mail | Team | ${PRODUCT_NAME}` }, { name: "robots", content: "noindex" }];

export async function loader(args: Route.LoaderArgs) {
  await requireMember(args);
  const id = args.params.id;
  const mail = isRowId(id) ? await teamServices(args.context).mail.message(id) : undefined;
  if (!mail) throw data({ error: "There is no such mail: it may have been erased with the person it was about." }, { status: 404 });
  return mail;
}

/** A term and its value in the headers list; the value may be long (ids, links) and wraps anywhere. */
function Field({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-x-4 border-b border-line py-2 sm:grid-cols-[10rem_1fr]">
      <dt className="font-semibold">{term}</dt>
      <dd className="min-w-0 wrap-anywhere">{children}</dd>
    </div>
  );
}

export default function MailMessage() {
  const formatTime = useFormatTime();
  const mail = useLoaderData<typeof loader>();
  const extra = Object.entries(mail.headers);
  return (
    <TeamPage title={mail.subject}>
      <p className="flex flex-wrap gap-x-6 gap-y-2">
        <Link to="/team/mail" className={linkClass}>
          All mail
        </Link>
        {/* From a team notice or a mail to a person, straight to that person. */}
        {mail.about ? (
          <Link to={`/team/people?email=${encodeURIComponent(mail.about)}`} className={`${linkClass} wrap-anywhere`}>
            The person this mail is about: {mail.about}
          </Link>
        ) : null}
      </p>
      <section aria-labelledby="mail-headers" className="mt-4">
        <h2 id="mail-headers" className="text-xl font-bold">
          Headers
        </h2>
        <dl className="mt-2">
          <Field term="From">{mail.from}</Field>
          <Field term="To">{mail.to}</Field>
          {extra.map(([name, value]) => (
            <Field key={name} term={name}>
              {value}
            </Field>
          ))}
          <Field term="Subject">{mail.subject}</Field>
          <Field term="Date">{formatTime(mail.date)}</Field>
          <Field term="Message-ID">{mail.messageId}</Field>
          <Field term="Status">
            {MAIL_STATUS_LABELS[mail.status]}
            {mail.sent_at ? ` ${formatTime(mail.sent_at)}` : ""}
            {mail.status === "pending" ? `, next attempt ${formatTime(mail.next_attempt_at)}` : ""} · {mail.attempts} attempt{mail.attempts === 1 ? "" : "s"}
          </Field>
          {mail.last_error ? <Field term="Last error">{mail.last_error}</Field> : null}
        </dl>
        {mail.status === "failed" ? (
          <Form method="post" action="/team/mail" className="mt-3">
            <input type="hidden" name="id" value={mail.id} />
            <button type="submit" className={secondaryButtonClass}>
              Resend this mail
            </button>
          </Form>
        ) : null}
      </section>
      {mail.template ? (
        <section aria-labelledby="mail-template" className="mt-6">
          <h2 id="mail-template" className="text-xl font-bold">
            Rendered when sent
          </h2>
          <p className="mt-2">{mail.template.why}</p>
          {/* The template's name and value names are the operator's words, not the team's: folded away. */}
          <details className="mt-2 text-muted">
            <summary className="cursor-pointer">Technical details</summary>
            <p className="mt-2">
              The outbox stores the template “{mail.template.name}”
              {mail.template.values.length > 0 ? ` and its values ${mail.template.values.join(", ")} (not shown)` : " and no values"}; its text, HTML
              {extra.length === 0 ? " and headers such as List-Unsubscribe" : ""} are made when it is sent.
            </p>
          </details>
        </section>
      ) : (
        <>
          <section aria-labelledby="mail-text" className="mt-6">
            <h2 id="mail-text" className="text-xl font-bold">
              Text part
            </h2>
            <pre className="mt-2 overflow-x-auto rounded-lg border border-line bg-surface p-3 font-mono text-sm whitespace-pre-wrap wrap-anywhere" tabIndex={0}>
              {mail.text}
            </pre>
          </section>
          <section aria-labelledby="mail-html" className="mt-6">
            <h2 id="mail-html" className="text-xl font-bold">
              HTML part
            </h2>
            <p className="mt-2 text-sm text-muted">
              Shown in a sandboxed frame: nothing in it runs, its links do not open and no image from another site loads.
            </p>
            {/* sandbox with no permission: no script, no form, no navigation of this page, an opaque origin */}
            <iframe sandbox="" srcDoc={mail.html} title={`HTML part of “${mail.subject}”`} className="mt-2 h-[40rem] w-full rounded-lg border border-line bg-white" />
          </section>
        </>
      )}
    </TeamPage>
  );
}
