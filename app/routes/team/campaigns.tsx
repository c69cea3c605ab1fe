import { data, Form, Link, redirect, useActionData, useLoaderData } from "react-router";
import { PRODUCT_NAME } from "~/content/brand";
import { servicesContext } from "~/context.server";
import { CAMPAIGN_ERRORS, CAMPAIGN_INTENTS, CAMPAIGN_LIMITS, CAMPAIGNS_PATH } from "~/features/team/campaigns-contract";
import { requireMember } from "~/features/team/guard.server";
import { isRowId, teamErrorCode } from "~/features/team/team-contract";
import { readTeamForm, refuse } from "~/features/team/team-form.server";
import { campaignInputSchema, parseCampaignsQuery } from "~/features/team/team-schemas";
import { Notice, TeamPage, buttonClass, inputClass, linkClass, secondaryButtonClass } from "~/features/team/team-ui";
import type { Route } from "./+types/campaigns";

export const meta: Route.MetaFunction = () => [{ title: `Campaigns | Team | ${PRODUCT_NAME}` }, { name: "robots", content: "noindex" }];

/**
 * /team/campaigns — the launch announcement: compose (subject, Markdown), preview, send a test to
 * yourself, send to every active subscriber, follow progress, pause and resume. Plain forms: works
 * without JavaScript. Campaigns are server/newsletter/campaigns.ts, their sending
 * server/newsletter/campaign-dispatcher.ts.
 */
export async function loader(args: Route.LoaderArgs) {
  const email = await requireMember(args);
  const { campaigns, config } = args.context.get(servicesContext);
  const query = parseCampaignsQuery(new URL(args.request.url).searchParams);
  if (!query.ok) throw data({ message: query.errors.join(" ") }, { status: 400 });
  const { id, tested } = query.value;
  const selected = isRowId(id) ? await campaigns.get(id) : undefined;
  if (id && !selected) throw data({ message: CAMPAIGN_ERRORS["campaign-missing"] }, { status: 404 });
  return { email, list: await campaigns.list(), selected, tested: tested !== undefined, rate: config.mail.campaignRatePerMinute };
}

export async function action(args: Route.ActionArgs) {
  const email = await requireMember(args);
  const { campaigns } = args.context.get(servicesContext);
  const read = await readTeamForm(args.request, { intents: CAMPAIGN_INTENTS, needsId: (intent) => intent !== "create", noSuchId: CAMPAIGN_ERRORS["campaign-unknown"] });
  if (!read.ok) return read.refusal;
  const { intent, id = "", fields, text } = read.value;
  try {
    switch (intent) {
      case "create":
      case "update": {
        const input = fields(campaignInputSchema);
        if (!input.ok) return input.refusal;
        if (intent === "update") {
          await campaigns.update(email, id, input.value);
          break;
        }
        const created = await campaigns.create(email, input.value);
        return redirect(`${CAMPAIGNS_PATH}?id=${created}`);
      }
      case "test":
        await campaigns.sendTest(email, id);
        return redirect(`${CAMPAIGNS_PATH}?id=${id}&tested=1`);
      case "send":
        if (text("confirm") !== "yes") return refuse(CAMPAIGN_ERRORS["send-unconfirmed"]);
        await campaigns.start(email, id);
        break;
      case "pause":
        await campaigns.pause(email, id);
        break;
      case "resume":
        await campaigns.resume(email, id);
        break;
    }
  } catch (error) {
    const code = teamErrorCode(error, CAMPAIGN_ERRORS);
    if (code) return refuse(CAMPAIGN_ERRORS[code]);
    throw error;
  }
  return redirect(`${CAMPAIGNS_PATH}?id=${id}`);
}

export default function CampaignsPage() {
  const { email, list, selected, tested, rate } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const editable = !selected || selected.status === "draft";
  return (
    <TeamPage title="Campaigns">
      <p className="text-muted">
        Announcements to every active subscriber, sent at {rate} mails a minute, each with the recipient's own unsubscribe link.
      </p>
      {answer && "message" in answer ? (
        <div className="mt-4">
          <Notice tone="error">{answer.message}</Notice>
        </div>
      ) : null}
      {tested ? (
        <div className="mt-4">
          <Notice tone="success">A test was sent to {email}.</Notice>
        </div>
      ) : null}

      {selected && !editable ? null : (
        <Form method="post" className="mt-6 max-w-3xl">
          <input type="hidden" name="intent" value={selected ? "update" : "create"} />
          {selected ? <input type="hidden" name="id" value={selected.id} /> : null}
          <label className="block font-semibold" htmlFor="campaign-subject">
            Subject
          </label>
          <input id="campaign-subject" name="subject" required maxLength={CAMPAIGN_LIMITS.subject} defaultValue={selected?.subject ?? ""} className={inputClass} />
          <label className="mt-4 block font-semibold" htmlFor="campaign-body">
            Message (Markdown: # heading, **bold**, *italic*, - lists, [links](https://…))
          </label>
          <textarea id="campaign-body" name="body" required rows={12} defaultValue={selected?.body ?? ""} className={inputClass} />
          <button type="submit" className={`${buttonClass} mt-4`}>
            {selected ? "Save and preview" : "Create and preview"}
          </button>
        </Form>
      )}

      {selected ? (
        <section aria-labelledby="campaign-preview" className="mt-8 max-w-3xl">
          <h2 id="campaign-preview" className="text-2xl font-bold">
            Preview: {selected.subject}
          </h2>
          <div className="prose mt-4 rounded-xl border border-line p-4" dangerouslySetInnerHTML={{ __html: selected.previewHtml }} />
          <p className="mt-2 text-sm text-muted">Each mail ends with who sends it, the postal/contact line and the recipient's unsubscribe link.</p>
          <dl className="mt-6 grid grid-cols-2 gap-2 sm:grid-cols-5" aria-label="Progress">
            {(
              [
                ["Status", selected.status],
                ["Recipients", selected.recipients],
                ["Sent", selected.sent],
                ["Failed", selected.failed],
                ["Remaining", selected.remaining],
              ] as const
            ).map(([label, value]) => (
              <div key={label} className="rounded-lg border border-line p-3">
                <dt className="text-sm text-muted">{label}</dt>
                <dd className="text-xl font-bold" data-testid={`campaign-${label.toLowerCase()}`}>
                  {value}
                </dd>
              </div>
            ))}
          </dl>
          {selected.skipped > 0 ? <p className="mt-2">{selected.skipped} skipped (unsubscribed before their turn).</p> : null}
          <div className="mt-6 flex flex-wrap items-start gap-4">
            <Form method="post">
              <input type="hidden" name="id" value={selected.id} />
              <button type="submit" name="intent" value="test" className={secondaryButtonClass}>
                Send a test to {email}
              </button>
            </Form>
            {selected.status === "draft" ? (
              <Form method="post" className="flex flex-col gap-2">
                <input type="hidden" name="id" value={selected.id} />
                <label className="flex items-center gap-2">
                  <input type="checkbox" name="confirm" value="yes" required /> Send to every active subscriber now
                </label>
                <button type="submit" name="intent" value="send" className={buttonClass}>
                  Send campaign
                </button>
              </Form>
            ) : null}
            {selected.status === "sending" || selected.status === "paused" ? (
              <Form method="post">
                <input type="hidden" name="id" value={selected.id} />
                <button type="submit" name="intent" value={selected.status === "sending" ? "pause" : "resume"} className={secondaryButtonClass}>
                  {selected.status === "sending" ? "Pause" : "Resume"}
                </button>
              </Form>
            ) : null}
            <Link to={`${CAMPAIGNS_PATH}?id=${selected.id}`} className={`${linkClass} py-2`}>
              Refresh progress
            </Link>
          </div>
          <p className="mt-6">
            <Link to={CAMPAIGNS_PATH} className={linkClass}>
              New campaign
            </Link>
          </p>
        </section>
      ) : null}

      <section aria-labelledby="campaign-list" className="mt-10">
        <h2 id="campaign-list" className="text-2xl font-bold">
          All campaigns
        </h2>
        {list.length === 0 ? (
          <p className="mt-2">No campaign yet.</p>
        ) : (
          <ul className="mt-2 list-disc pl-6">
            {list.map((c) => (
              <li key={c.id}>
                <Link to={`${CAMPAIGNS_PATH}?id=${c.id}`} className={linkClass}>
                  {c.subject}
                </Link>{" "}
                — {c.status}, {c.sent} sent of {c.recipients}
              </li>
            ))}
          </ul>
        )}
      </section>
    </TeamPage>
  );
}
