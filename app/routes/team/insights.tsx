import { Form, Link, data, useLoaderData, useNavigation } from "react-router";
import { PRODUCT_NAME } from "~/content/brand";
import { DailyBars } from "~/features/team/daily-bars";
import { requireMember, teamServices } from "~/features/team/guard.server";
import {
  DIRECT_SOURCE,
  INSIGHT_TABLES,
  INSIGHT_TABLE_HEADINGS,
  type InsightTable,
  NOT_RECORDED,
  PERIOD_MAX_DAYS,
  PERIOD_PRESETS,
  conversionRate,
  parseInsightsPeriod,
  periodDays,
  periodQuery,
} from "~/features/team/insights-contract";
import { Notice, TeamPage, buttonClass, inputClass, linkClass, secondaryButtonClass } from "~/features/team/team-ui";
import type { Route } from "./+types/insights";

export const meta: Route.MetaFunction = () => [{ title: `Insights | Team | ${PRODUCT_NAME}` }, { name: "robots", content: "noindex" }];

export async function loader(args: Route.LoaderArgs) {
  await requireMember(args);
  const url = new URL(args.request.url);
  const raw = { from: (url.searchParams.get("from") ?? "").slice(0, 20), to: (url.searchParams.get("to") ?? "").slice(0, 20) };
  const parsed = parseInsightsPeriod(url.searchParams, new Date().toISOString().slice(0, 10));
  if (!parsed.ok) return data({ errors: parsed.errors, raw, period: undefined, insights: undefined }, { status: 400 });
  return { errors: [] as string[], raw, period: parsed.period, insights: await teamServices(args.context).insights(parsed.period) };
}

const TABLE_TITLES: Record<InsightTable, string> = {
  sources: "Sources",
  campaigns: "Campaigns",
  "landing-pages": "Landing pages",
  "converting-pages": "Converting pages",
  referrers: "Top referrers",
};

const TABLE_NOTES: Record<InsightTable, string> = {
  sources: `A source is the link's utm_source; without one, the site that referred the visit; without either, ${DIRECT_SOURCE}. A lead counts under the source of the visit it came from.`,
  campaigns: `The link's utm_campaign; ${NOT_RECORDED} when it had none.`,
  "landing-pages": "The first page of the visit. A visitor's page views all count under it.",
  "converting-pages": "The page whose form or chat sent the lead. Page views are counted under the landing page, so there is no rate here.",
  referrers: "Other sites that sent visitors (their origin only).",
};

type Row = { label: string; visitors: number | null; views: number | null; leads: number };

const number = (n: number) => n.toLocaleString("en-US");

/**
 * A bar per item, its label and figures on a line above it (a phone has no room beside it):
 * decorative, the table that follows says it in full.
 */
function Bars({ items }: { items: { label: string; value: number; text: string }[] }) {
  const max = Math.max(1, ...items.map((item) => item.value));
  return (
    <ol aria-hidden="true" className="space-y-2">
      {items.map((item) => (
        <li key={item.label} className="text-sm">
          <span className="flex justify-between gap-3">
            <span className="truncate" title={item.label}>
              {item.label}
            </span>
            <span className="shrink-0 text-muted tabular-nums">{item.text}</span>
          </span>
          <span className="mt-1 block h-3 rounded-sm bg-brand" style={{ width: `${Math.max(0.5, (item.value / max) * 100)}%` }} />
        </li>
      ))}
    </ol>
  );
}

/** The first ten rows as bars of visitors (or of leads, where visitors are not counted that way). */
const rowBars = (rows: Row[]) =>
  rows.slice(0, 10).map((row) => ({
    label: row.label,
    value: row.visitors ?? row.leads,
    text: row.visitors === null ? `${number(row.leads)} leads` : `${number(row.visitors)} visitors · ${number(row.leads)} leads`,
  }));

function Breakdown({ table, rows, query }: { table: InsightTable; rows: Row[]; query: (extra: Record<string, string>) => string }) {
  const id = `insights-${table}`;
  const withTraffic = table !== "converting-pages";
  const cell = "py-1 pr-3";
  return (
    <section aria-labelledby={id} className="space-y-3 rounded-lg border border-line p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={id} className="text-xl font-bold">
          {TABLE_TITLES[table]}
        </h2>
        <a className={linkClass} href={`/team/insights.csv${query({ table })}`} download>
          Download CSV<span className="sr-only"> of {TABLE_TITLES[table].toLowerCase()}</span>
        </a>
      </div>
      <p className="text-sm text-muted">{TABLE_NOTES[table]}</p>
      {rows.length === 0 ? (
        <p>Nothing in this period.</p>
      ) : (
        <>
          <Bars items={rowBars(rows)} />
          {/* Focusable and named: a table wider than a phone scrolls in its box, by keyboard too. */}
          <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={`${TABLE_TITLES[table]}, table`}>
            <table className="w-full border-collapse text-left text-sm">
              <caption className="sr-only">
                {TABLE_TITLES[table]}: {withTraffic ? "visitors, leads, conversion rate and page views" : "leads"}
              </caption>
              <thead>
                <tr className="border-b border-line">
                  <th scope="col" className={cell}>
                    {INSIGHT_TABLE_HEADINGS[table]}
                  </th>
                  {withTraffic ? <th scope="col" className={`${cell} text-right`}>Visitors</th> : null}
                  <th scope="col" className={`${cell} text-right`}>Leads</th>
                  {withTraffic ? (
                    <>
                      <th scope="col" className={`${cell} text-right`}>Conversion</th>
                      <th scope="col" className={`${cell} text-right`}>Page views</th>
                    </>
                  ) : null}
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.label} className="border-b border-line">
                    <th scope="row" className={`${cell} max-w-[16rem] font-normal break-words`}>
                      {row.label}
                    </th>
                    {withTraffic ? <td className={`${cell} text-right tabular-nums`}>{number(row.visitors ?? 0)}</td> : null}
                    <td className={`${cell} text-right tabular-nums`}>{number(row.leads)}</td>
                    {withTraffic ? (
                      <>
                        <td className={`${cell} text-right tabular-nums`}>{conversionRate(row.leads, row.visitors) || "—"}</td>
                        <td className={`${cell} text-right tabular-nums`}>{number(row.views ?? 0)}</td>
                      </>
                    ) : null}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}

export default function Insights() {
  const { errors, raw, period, insights } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const query = (extra: Record<string, string>) => (period ? periodQuery(period, extra) : "");
  const days = insights?.days ?? [];
  const funnel = insights
    ? [
        { step: "Opened the chat", count: insights.funnel.opened },
        { step: "Gave a name", count: insights.funnel.named },
        { step: "Became a lead", count: insights.funnel.leads },
        { step: "Asked a question", count: insights.funnel.asked },
      ]
    : [];
  return (
    <TeamPage title="Insights">
      <div className="space-y-4 rounded-lg border border-line p-4">
        <nav aria-label="Period" className="flex flex-wrap gap-2">
          {PERIOD_PRESETS.map((n) => (
            <Link
              key={n}
              to={`/team/insights?days=${n}`}
              aria-current={period?.preset === n ? "page" : undefined}
              className={`inline-flex min-h-11 items-center rounded-full border border-line px-4 py-2 text-sm font-semibold ${period?.preset === n ? "bg-brand text-white" : "text-ink hover:bg-surface"}`}
            >
              Last {n} days
            </Link>
          ))}
        </nav>
        <Form method="get" aria-label="Choose dates" className="flex flex-wrap items-end gap-4">
          <div>
            <label htmlFor="insights-from" className="block font-medium">
              From
            </label>
            <input id="insights-from" name="from" type="date" required defaultValue={raw.from || period?.from} className={inputClass} />
          </div>
          <div>
            <label htmlFor="insights-to" className="block font-medium">
              To
            </label>
            <input id="insights-to" name="to" type="date" defaultValue={raw.to || period?.to} className={inputClass} />
          </div>
          <button type="submit" className={buttonClass} disabled={navigation.state === "loading"}>
            Show
          </button>
        </Form>
        <p className="text-sm text-muted">UTC days, both included; at most {PERIOD_MAX_DAYS} days.</p>
      </div>
      {errors.length > 0 ? (
        <div className="mt-6 space-y-3">
          <Notice tone="error">
            {errors.map((error) => (
              <p key={error}>{error}</p>
            ))}
          </Notice>
          <Link to="/team/insights" className={secondaryButtonClass}>
            Show the last 30 days
          </Link>
        </div>
      ) : null}
      {period && insights ? (
        <div className="mt-6 space-y-6">
          <section aria-labelledby="insights-totals">
            <h2 id="insights-totals" className="text-xl font-bold">
              {period.from} to {period.to} <span className="font-normal text-muted">({periodDays(period) === 1 ? "1 day" : `${periodDays(period)} days`})</span>
            </h2>
            <dl className="mt-3 grid grid-cols-2 gap-3 lg:grid-cols-4">
              {[
                ["Visitors", number(insights.totals.visitors)],
                ["Page views", number(insights.totals.views)],
                ["Leads", number(insights.totals.leads)],
                ["Conversion rate", conversionRate(insights.totals.leads, insights.totals.visitors) || "—"],
              ].map(([term, value]) => (
                <div key={term} className="rounded-lg border border-line p-3">
                  <dt className="text-sm text-muted">{term}</dt>
                  <dd className="text-2xl font-extrabold tabular-nums">{value}</dd>
                </div>
              ))}
            </dl>
            <p className="mt-2 text-sm text-muted">
              A visitor is counted once a day, without a cookie: someone who comes on three days is three visitors. Conversion rate is leads ÷ visitors.
            </p>
          </section>
          <section aria-labelledby="insights-days" className="grid gap-4 md:grid-cols-2">
            <h2 id="insights-days" className="sr-only">
              Per day
            </h2>
            <DailyBars title="Visitors per day" days={days.map((d) => d.day)} values={days.map((d) => d.visitors)} />
            <DailyBars title="Leads per day" days={days.map((d) => d.day)} values={days.map((d) => d.leads)} />
          </section>
          {INSIGHT_TABLES.map((table) => (
            <Breakdown key={table} table={table} rows={insights.tables[table]} query={query} />
          ))}
          <section aria-labelledby="insights-funnel" className="space-y-3 rounded-lg border border-line p-4">
            <h2 id="insights-funnel" className="text-xl font-bold">
              Chat funnel
            </h2>
            <p className="text-sm text-muted">
              Browsers that opened the chat for the first time, chat visitors who gave their name, chat leads, and chat visitors who asked a question, in the period.
            </p>
            <Bars items={funnel.map((f) => ({ label: f.step, value: f.count, text: number(f.count) }))} />
            <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Chat funnel, table">
              <table className="w-full border-collapse text-left text-sm">
                <caption className="sr-only">Chat funnel: visitors at each step</caption>
                <thead>
                  <tr className="border-b border-line">
                    <th scope="col" className="py-1 pr-4">Step</th>
                    <th scope="col" className="py-1 pr-4 text-right">Visitors</th>
                    <th scope="col" className="py-1 pr-4 text-right">Of those who opened it</th>
                  </tr>
                </thead>
                <tbody>
                  {funnel.map((f) => (
                    <tr key={f.step} className="border-b border-line">
                      <th scope="row" className="py-1 pr-4 font-normal">
                        {f.step}
                      </th>
                      <td className="py-1 pr-4 text-right tabular-nums">{number(f.count)}</td>
                      <td className="py-1 pr-4 text-right tabular-nums">{conversionRate(f.count, funnel[0]!.count) || "—"}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>
        </div>
      ) : null}
    </TeamPage>
  );
}
