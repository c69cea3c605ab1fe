import { Link, data, useLoaderData } from "react-router";
import { PRODUCT_NAME } from "~/content/brand";
import { requireMember, teamServices } from "~/features/team/guard.server";
import { auditSentence } from "~/features/team/audit-sentence";
import { parseAuditQuery } from "~/features/team/team-schemas";
import { Notice, TeamPage, linkClass } from "~/features/team/team-ui";
import { When } from "~/features/team/when";
import type { Route } from "./+types/audit";

export const meta: Route.MetaFunction = () => [{ title: `Audit log | Team | ${PRODUCT_NAME}` }, { name: "robots", content: "noindex" }];

export async function loader(args: Route.LoaderArgs) {
  await requireMember(args);
  const query = parseAuditQuery(new URL(args.request.url).searchParams);
  if (!query.ok) return data({ error: query.errors.join(" "), entries: [], next: undefined }, { status: 400 });
  const page = await teamServices(args.context).audit.page(query.value.after);
  if (!page) return data({ error: "This page link is not valid any more.", entries: [], next: undefined }, { status: 400 });
  return { error: undefined, ...page };
}

export default function AuditLog() {
  const { error, entries, next } = useLoaderData<typeof loader>();
  return (
    <TeamPage title="Audit log">
      <p className="text-muted">Every sign-in and every change a member made (people, replies, campaigns, members, webhooks, exports, erasures), newest first. Kept 24 months.</p>
      <div className="mt-4 space-y-4">
        {error ? <Notice tone="error">{error}</Notice> : null}
        {entries.length === 0 && !error ? <p className="text-muted">Nothing recorded yet.</p> : null}
        <ol className="divide-y divide-line border-y border-line" aria-label="Audit log, newest first">
          {entries.map((entry) => (
            <li key={entry.id} className="flex flex-col gap-x-4 py-2 sm:flex-row">
              <span className="shrink-0 text-sm text-muted tabular-nums sm:w-44 sm:pt-0.5"><When at={entry.at} relative={false} /></span>
              <span className="min-w-0 wrap-anywhere">
                {auditSentence(entry).map((part, i) =>
                  typeof part === "string" ? (
                    part
                  ) : (
                    <Link key={i} to={part.to} className={linkClass}>
                      {part.text}
                    </Link>
                  ),
                )}
              </span>
            </li>
          ))}
        </ol>
        {next ? (
          <Link className={linkClass} to={`/team/audit?after=${next}`}>
            Older entries
          </Link>
        ) : null}
      </div>
    </TeamPage>
  );
}
