import { Link, useLoaderData } from "react-router";
import { PRODUCT_NAME } from "~/content/brand";
import { DailyBars } from "~/features/team/daily-bars";
import { requireMember, teamServices } from "~/features/team/guard.server";
import { LEAD_KINDS, LEAD_KIND_LABELS } from "~/features/team/team-lines";
import { TeamPage, linkClass } from "~/features/team/team-ui";
import { When } from "~/features/team/when";
import type { Route } from "./+types/overview";

export const meta: Route.MetaFunction = () => [{ title: `Overview | Team | ${PRODUCT_NAME}` }, { name: "robots", content: "noindex" }];

export async function loader(args: Route.LoaderArgs) {
  await requireMember(args);
  return { days: await teamServices(args.context).overview() };
}

export default function Overview() {
  const { days } = useLoaderData<typeof loader>();
  const labels = days.map((d) => d.day);
  const chat = [
    { title: "Questions asked to Max Load", values: days.map((d) => d.questions) },
    { title: "Answers from the AI provider", values: days.map((d) => d.providerAnswers) },
    { title: "Answers from the knowledge base", values: days.map((d) => d.knowledgeBaseAnswers) },
    { title: "Questions refused by a daily quota", values: days.map((d) => d.quotaRefusals) },
  ];
  return (
    <TeamPage title="Overview">
      <p className="text-muted">
        The last 30 days, by UTC day: today&apos;s began <When at={`${labels[labels.length - 1]}T00:00:00.000Z`} relative={false} /> your time.
      </p>
      <p className="mt-2">
        Visitors, where leads come from and which pages convert:{" "}
        <Link to="/team/insights" className={linkClass}>
          Insights
        </Link>
      </p>
      <section aria-labelledby="overview-leads" className="mt-6 space-y-4">
        <h2 id="overview-leads" className="text-xl font-bold">
          Leads per day
        </h2>
        <div className="grid gap-4 md:grid-cols-2">
          {LEAD_KINDS.map((kind) => (
            <DailyBars key={kind} title={LEAD_KIND_LABELS[kind]} days={labels} values={days.map((d) => d.leads[kind])} table={false} />
          ))}
        </div>
      </section>
      <section aria-labelledby="overview-chat" className="mt-8 space-y-4">
        <h2 id="overview-chat" className="text-xl font-bold">
          Chat usage per day
        </h2>
        <div className="grid gap-4 md:grid-cols-2">
          {chat.map((series) => (
            <DailyBars key={series.title} title={series.title} days={labels} values={series.values} table={false} />
          ))}
        </div>
      </section>
      <details className="mt-8">
        <summary className="cursor-pointer font-semibold">The numbers as a table</summary>
        <div className="mt-3 overflow-x-auto">
          <table className="w-full min-w-[48rem] border-collapse text-left text-sm">
            <caption className="sr-only">Leads and chat usage per day, last 30 days</caption>
            <thead>
              <tr className="border-b border-line">
                <th scope="col" className="py-1 pr-3">Day</th>
                {LEAD_KINDS.map((kind) => (
                  <th scope="col" key={kind} className="py-1 pr-3">
                    {LEAD_KIND_LABELS[kind]}
                  </th>
                ))}
                <th scope="col" className="py-1 pr-3">Questions</th>
                <th scope="col" className="py-1 pr-3">Provider answers</th>
                <th scope="col" className="py-1 pr-3">Knowledge-base answers</th>
                <th scope="col" className="py-1 pr-3">Quota refusals</th>
              </tr>
            </thead>
            <tbody>
              {days.map((d) => (
                <tr key={d.day} className="border-b border-line">
                  <th scope="row" className="py-1 pr-3 font-normal">
                    {d.day}
                  </th>
                  {LEAD_KINDS.map((kind) => (
                    <td key={kind} className="py-1 pr-3">
                      {d.leads[kind]}
                    </td>
                  ))}
                  <td className="py-1 pr-3">{d.questions}</td>
                  <td className="py-1 pr-3">{d.providerAnswers}</td>
                  <td className="py-1 pr-3">{d.knowledgeBaseAnswers}</td>
                  <td className="py-1 pr-3">{d.quotaRefusals}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </TeamPage>
  );
}
