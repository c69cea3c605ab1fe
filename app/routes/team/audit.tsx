import { Link, data, useLoaderData } from "react-router";
import { PRODUCT_NAME } from "~/content/brand";
import { requireMember, teamServices } from "~/features/team/guard.server";
import { parseAuditQuery } from "~/features/team/team-schemas";
import { Notice, TeamPage, formatTime, linkClass } from "~/features/team/team-ui";
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
      <p className="text-muted">Who signed in, exported, erased and resent, newest first. Kept 24 months.</p>
      <div className="mt-4 space-y-4">
        {error ? <Notice tone="error">{error}</Notice> : null}
        <div className="overflow-x-auto">
          <table className="w-full min-w-[36rem] border-collapse text-left text-sm">
            <caption className="sr-only">Audit log, newest first</caption>
            <thead>
              <tr className="border-b border-line">
                <th scope="col" className="py-2 pr-3">When</th>
                <th scope="col" className="py-2 pr-3">Who</th>
                <th scope="col" className="py-2 pr-3">Action</th>
                <th scope="col" className="py-2 pr-3">About</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id} className="border-b border-line">
                  <td className="py-2 pr-3 whitespace-nowrap">{formatTime(entry.at)}</td>
                  <td className="py-2 pr-3 break-all">{entry.actor}</td>
                  <td className="py-2 pr-3">{entry.action}</td>
                  <td className="py-2 pr-3 break-words">{entry.subject}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {next ? (
          <Link className={linkClass} to={`/team/audit?after=${next}`}>
            Older entries
          </Link>
        ) : null}
      </div>
    </TeamPage>
  );
}
