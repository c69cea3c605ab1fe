import { Form, Link, data, useActionData, useLoaderData, useNavigation } from "react-router";
import { PRODUCT_NAME } from "~/content/brand";
import { requireMember, teamServices } from "~/features/team/guard.server";
import { readTeamForm } from "~/features/team/team-form.server";
import { parseMailQuery } from "~/features/team/team-schemas";
import { MAIL_STATUSES, MAIL_STATUS_LABELS } from "~/features/team/team-lines";
import { Notice, TeamPage, buttonClass, linkClass, secondaryButtonClass } from "~/features/team/team-ui";
import { useFormatTime } from "~/features/team/when";
import type { Route } from "./+types/mail";

export const meta: Route.MetaFunction = () => [{ title: `Mail | Team | ${PRODUCT_NAME}` }, { name: "robots", content: "noindex" }];

export async function loader(args: Route.LoaderArgs) {
  await requireMember(args);
  const query = parseMailQuery(new URL(args.request.url).searchParams);
  const mail = teamServices(args.context).mail;
  const counts = await mail.counts();
  if (!query.ok) return data({ error: query.errors.join(" "), counts, status: undefined, mails: [], next: undefined }, { status: 400 });
  const { status, after } = query.value;
  const page = await mail.page(status, after);
  if (!page) return data({ error: "This page link is not valid any more.", counts, status, mails: [], next: undefined }, { status: 400 });
  return { error: undefined, counts, status, ...page };
}

export async function action(args: Route.ActionArgs) {
  const member = await requireMember(args);
  const read = await readTeamForm(args.request, { noSuchId: "There is no such mail." });
  if (!read.ok) return read.refusal;
  const { id } = read.value;
  const count = await teamServices(args.context).mail.resend(id, member);
  if (count === 0) return data({ ok: false, message: id ? "This mail is not failed (it may have been sent already)." : "There is no failed mail to resend." }, { status: 409 });
  return { ok: true, message: `${count} mail${count === 1 ? "" : "s"} queued again.` };
}

export default function Mail() {
  const formatTime = useFormatTime();
  const { error, counts, status, mails, next } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  return (
    <TeamPage
      title="Mail"
      actions={
        counts.failed > 0 ? (
          <Form method="post">
            <button type="submit" className={buttonClass} disabled={busy}>
              Resend all failed ({counts.failed})
            </button>
          </Form>
        ) : null
      }
    >
      <div className="space-y-4">
        {answer ? <Notice tone={answer.ok ? "success" : "error"}>{answer.message}</Notice> : null}
        {error ? <Notice tone="error">{error}</Notice> : null}
        <nav aria-label="Mail by status" className="flex flex-wrap gap-2">
          <Link className={secondaryButtonClass} to="/team/mail" aria-current={status === undefined ? "page" : undefined}>
            All ({counts.pending + counts.sent + counts.failed})
          </Link>
          {MAIL_STATUSES.map((s) => (
            <Link key={s} className={secondaryButtonClass} to={`/team/mail?status=${s}`} aria-current={status === s ? "page" : undefined}>
              {MAIL_STATUS_LABELS[s]} ({counts[s]})
            </Link>
          ))}
        </nav>
        {mails.length === 0 ? <p className="text-muted">No mail here.</p> : null}
        <ul className="space-y-2">
          {mails.map((mail) => (
            <li key={mail.id} className="rounded-lg border border-line p-3">
              <p className="font-semibold break-words">
                <Link to={`/team/mail/${mail.id}`} className={linkClass}>
                  {mail.subject}
                </Link>
              </p>
              <p className="text-sm break-all">
                To {mail.to} · {MAIL_STATUS_LABELS[mail.status]} · queued {formatTime(mail.created_at)}
                {mail.sent_at ? ` · sent ${formatTime(mail.sent_at)}` : ""} · {mail.attempts} attempt{mail.attempts === 1 ? "" : "s"}
              </p>
              {mail.status === "failed" ? (
                <div className="mt-2 flex flex-wrap items-center gap-3">
                  {mail.last_error ? <p className="text-sm text-brand-strong">Last error: {mail.last_error}</p> : null}
                  <Form method="post">
                    <input type="hidden" name="id" value={mail.id} />
                    <button type="submit" className={secondaryButtonClass} disabled={busy}>
                      Resend<span className="sr-only"> “{mail.subject}” to {mail.to}</span>
                    </button>
                  </Form>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
        {next ? (
          <Link className={linkClass} to={`/team/mail?${new URLSearchParams({ ...(status ? { status } : {}), after: next }).toString()}`}>
            Older mail
          </Link>
        ) : null}
      </div>
    </TeamPage>
  );
}
