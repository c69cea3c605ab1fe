import { DateTime } from "luxon";
import { data, Form, Link, redirect, useActionData, useLoaderData, useSubmit } from "react-router";
import { PRODUCT_NAME } from "~/content/brand";
import { servicesContext } from "~/context.server";
import { CAMPAIGN_ERRORS, CAMPAIGN_INTENTS, CAMPAIGN_LIMITS, CAMPAIGNS_PATH } from "~/features/team/campaigns-contract";
import { requireMember, teamServices } from "~/features/team/guard.server";
import { isRowId, teamErrorCode } from "~/features/team/team-contract";
import { readTeamForm, refuse } from "~/features/team/team-form.server";
import { campaignInputSchema, parseCampaignsQuery } from "~/features/team/team-schemas";
import { LEAD_LANGUAGE_LABELS } from "~/features/team/team-lines";
import { Notice, TeamPage, buttonClass, inputClass, linkClass, secondaryButtonClass } from "~/features/team/team-ui";
import type { Route } from "./+types/campaigns";

export const meta: Route.MetaFunction = () => [{ title: `Campaigns | Team | ${PRODUCT_NAME}` }, { name: "robots", content: "noindex" }];

/** A UTC time as the member reads it, in their zone: "Thu 1 Jul 2027, 09:00 EDT". */
const inZone = (iso: string, zone: string) => DateTime.fromISO(iso, { zone: "utc" }).setZone(zone).toFormat("ccc d LLL yyyy, HH:mm ZZZZ");
/** The same as a datetime-local field's value. */
const fieldInZone = (date: Date, zone: string) => DateTime.fromJSDate(date).setZone(zone).toFormat("yyyy-MM-dd'T'HH:mm");

/**
 * /team/campaigns — newsletter campaigns: compose (subject, Markdown) in English, French or both,
 * choose the audience (a segment; the count, by the version each gets, and who is left out, why,
 * shown while writing), preview each version's mail as sent at phone and desktop widths, send a test to yourself, send now or schedule for a time in your zone,
 * follow progress, pause and resume. Plain forms: works without JavaScript (the audience form is a
 * GET; with JavaScript it refreshes as the member picks). Campaigns are
 * server/newsletter/campaigns.ts, their audience campaign-audience.ts, their sending
 * campaign-dispatcher.ts.
 */
export async function loader(args: Route.LoaderArgs) {
  const email = await requireMember(args);
  const { campaigns, config } = args.context.get(servicesContext);
  const { timeZone: zone } = await teamServices(args.context).access.profile(email);
  const params = new URL(args.request.url).searchParams;
  // The segment's fields (the audience form's GET) are read by the campaigns; the rest here.
  const own = new URLSearchParams([...params].filter(([key]) => !campaigns.segmentNames.includes(key)));
  const query = parseCampaignsQuery(own);
  if (!query.ok) throw data({ message: query.errors.join(" ") }, { status: 400 });
  const { id, tested } = query.value;
  const selected = isRowId(id) ? await campaigns.get(id) : undefined;
  if (id && !selected) throw data({ message: CAMPAIGN_ERRORS["campaign-missing"] }, { status: 404 });
  const writing = !selected || selected.status === "draft" || selected.status === "scheduled";

  // The audience shown: the segment in the query (being chosen), else the campaign's.
  const given = campaigns.segmentNames.some((name) => params.has(name));
  const read = given ? campaigns.readSegment((name) => params.get(name) ?? "", zone) : undefined;
  const segment = read?.ok ? read.segment : (selected?.segment ?? {});
  const audience = writing ? (read?.ok || !selected?.audience ? await campaigns.audience(segment) : selected.audience) : undefined;
  const unsaved = selected !== undefined && read?.ok === true && JSON.stringify(segmentValues(read.segment)) !== JSON.stringify(segmentValues(selected.segment));

  const list = (await campaigns.list()).map((c) => ({
    id: c.id,
    title: c.title,
    versions: c.versions,
    status: c.status,
    sent: c.sent,
    recipients: c.recipients,
    scheduled: c.status === "scheduled" && c.scheduled_at ? inZone(c.scheduled_at, zone) : null,
  }));
  return {
    email,
    zone,
    list,
    selected: selected && {
      ...selected,
      // A campaign sent now while scheduled keeps its schedule in the row, no longer due.
      scheduled: selected.status === "scheduled" && selected.scheduled_at ? inZone(selected.scheduled_at, zone) : null,
      scheduledField: selected.status === "scheduled" && selected.scheduled_at ? fieldInZone(new Date(selected.scheduled_at), zone) : null,
    },
    previews: selected ? ((await campaigns.preview(selected.id, email)) ?? []) : [],
    writing,
    fields: writing ? await campaigns.segmentFields() : [],
    segment: segmentValues(segment),
    segmentError: read && !read.ok ? read.message : undefined,
    audience,
    // The mails of each version for the audience shown (the segment being chosen, else the campaign's).
    mails: selected && audience ? campaigns.mailsByVersion(selected, audience.languages) : undefined,
    unsaved,
    tested: tested !== undefined,
    rate: config.mail.campaignRatePerMinute,
  };
}

/** A segment's values by field (its zone aside): what the form shows and compares. */
function segmentValues(segment: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(segment).filter((entry): entry is [string, string] => entry[0] !== "zone" && entry[1] !== undefined));
}

export async function action(args: Route.ActionArgs) {
  const email = await requireMember(args);
  const { campaigns } = args.context.get(servicesContext);
  const read = await readTeamForm(args.request, { intents: CAMPAIGN_INTENTS, needsId: (intent) => intent !== "create", noSuchId: CAMPAIGN_ERRORS["campaign-unknown"] });
  if (!read.ok) return read.refusal;
  const { intent, id = "", fields, text } = read.value;
  const zone = async () => (await teamServices(args.context).access.profile(email)).timeZone;
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
        const segment = campaigns.readSegment(text, await zone());
        if (!segment.ok) return refuse(segment.message);
        const created = await campaigns.create(email, input.value, segment.segment);
        return redirect(`${CAMPAIGNS_PATH}?id=${created}`);
      }
      case "segment": {
        const segment = campaigns.readSegment(text, await zone());
        if (!segment.ok) return refuse(segment.message);
        await campaigns.setSegment(email, id, segment.segment);
        break;
      }
      case "schedule":
        await campaigns.schedule(email, id, text("at"), await zone());
        break;
      case "unschedule":
        await campaigns.unschedule(email, id);
        break;
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

const STATUS_WORDS = { draft: "draft", scheduled: "scheduled", sending: "sending", paused: "paused", done: "sent" } as const;

const LANGUAGES = ["en", "fr"] as const;
const MARKDOWN_HINT = "Markdown: # heading, **bold**, *italic*, - lists, [links](https://…)";
const plural = (n: number, one: string, many: string) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

/** "12 in English, 3 in French": the mails of each version (versions with none left out, unless none at all). */
function byVersion(mails: Record<(typeof LANGUAGES)[number], number>, versions: readonly string[]): string {
  const parts = LANGUAGES.filter((language) => versions.includes(language)).map((language) => `${mails[language].toLocaleString("en-US")} in ${LEAD_LANGUAGE_LABELS[language]}`);
  return parts.join(", ");
}

const count = (n: number) => n.toLocaleString("en-US");
const cell = "px-3 py-2";

/**
 * Once sending: the mails of each version (the recipient's language, or the other version when the
 * campaign has none in it), sent, failed and remaining. A campaign in one language has one row.
 */
function VersionProgressTable({ byVersion, versions }: { byVersion: Record<(typeof LANGUAGES)[number], { sent: number; failed: number; remaining: number }>; versions: readonly (typeof LANGUAGES)[number][] }) {
  return (
    <table className="mt-4 w-full max-w-xl border-collapse text-left" data-testid="campaign-progress-by-version">
      <caption className="mb-1 text-left font-semibold">By version</caption>
      <thead>
        <tr className="border-b border-line">
          <th scope="col" className={`${cell} pl-0`}>
            Version
          </th>
          <th scope="col" className={`${cell} text-right`}>
            Sent
          </th>
          <th scope="col" className={`${cell} text-right`}>
            Failed
          </th>
          <th scope="col" className={`${cell} pr-0 text-right`}>
            Remaining
          </th>
        </tr>
      </thead>
      <tbody>
        {versions.map((language) => (
          <tr key={language} className="border-b border-line">
            <th scope="row" className={`${cell} pl-0 font-normal`}>
              {LEAD_LANGUAGE_LABELS[language]}
            </th>
            <td className={`${cell} text-right tabular-nums`}>{count(byVersion[language].sent)}</td>
            <td className={`${cell} text-right tabular-nums`}>{count(byVersion[language].failed)}</td>
            <td className={`${cell} pr-0 text-right tabular-nums`}>{count(byVersion[language].remaining)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** One version's fields: its subject and Markdown message. */
function VersionFields({ language, subject, body }: { language: (typeof LANGUAGES)[number]; subject: string; body: string }) {
  const name = LEAD_LANGUAGE_LABELS[language];
  const suffix = language === "en" ? "" : `_${language}`;
  return (
    <fieldset className="min-w-0 rounded-lg border border-line p-4" lang={language === "fr" ? "fr-CA" : undefined}>
      <legend className="px-1 text-lg font-bold" lang="en">
        {name} version
      </legend>
      <label className="block font-semibold" htmlFor={`campaign-subject${suffix}`} lang="en">
        {name} subject
      </label>
      <input id={`campaign-subject${suffix}`} name={`subject${suffix}`} maxLength={CAMPAIGN_LIMITS.subject} defaultValue={subject} className={inputClass} />
      <label className="mt-4 block font-semibold" htmlFor={`campaign-body${suffix}`} lang="en">
        {name} message
      </label>
      <textarea id={`campaign-body${suffix}`} name={`body${suffix}`} rows={12} defaultValue={body} aria-describedby="campaign-markdown" className={inputClass} />
    </fieldset>
  );
}

export default function CampaignsPage() {
  const { email, zone, list, selected, previews, writing, fields, segment, segmentError, audience, mails, unsaved, tested, rate } = useLoaderData<typeof loader>();
  const versions: readonly string[] = selected?.versions ?? [];
  const missing = selected ? LANGUAGES.filter((language) => !versions.includes(language)) : [];
  const answer = useActionData<typeof action>();
  const submit = useSubmit();
  const segmentHidden = Object.entries(segment).map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />);
  return (
    <TeamPage title="Campaigns">
      <p className="text-muted">
        Announcements to the newsletter's subscribers (all, or a segment), sent at {rate} mails a minute, each with the recipient's own unsubscribe link. Times are in your time
        zone, {zone}.
      </p>
      <p className="mt-2 text-muted">
        Write it in English, in French or in both. Each subscriber gets one mail: the version in their language (the language of the page they signed up on), or the other
        version when the campaign has none in theirs.
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

      {writing ? (
        <Form method="post" className="mt-6 max-w-3xl">
          <input type="hidden" name="intent" value={selected ? "update" : "create"} />
          {selected ? <input type="hidden" name="id" value={selected.id} /> : segmentHidden}
          <p id="campaign-markdown" className="mb-3 text-sm text-muted">
            Messages in {MARKDOWN_HINT}. Leave a version empty to send the campaign in one language.
          </p>
          <div className="grid gap-4 lg:grid-cols-2">
            <VersionFields language="en" subject={selected?.subject ?? ""} body={selected?.body ?? ""} />
            <VersionFields language="fr" subject={selected?.subject_fr ?? ""} body={selected?.body_fr ?? ""} />
          </div>
          <button type="submit" className={`${buttonClass} mt-4`}>
            {selected ? "Save and preview" : "Create and preview"}
          </button>
        </Form>
      ) : null}

      {writing && audience ? (
        <section aria-labelledby="campaign-audience" className="mt-8 max-w-3xl">
          <h2 id="campaign-audience" className="text-2xl font-bold">
            Audience
          </h2>
          <Form method="get" className="mt-2" onChange={(event) => void submit(event.currentTarget, { method: "get", replace: true, preventScrollReset: true })}>
            {selected ? <input type="hidden" name="id" value={selected.id} /> : null}
            <div className="grid gap-4 sm:grid-cols-2">
              {fields.map((field) => (
                <div key={field.name}>
                  <label className="block font-semibold" htmlFor={`segment-${field.name}`}>
                    {field.label}
                  </label>
                  {field.input.kind === "date" ? (
                    <input id={`segment-${field.name}`} name={field.name} type="date" defaultValue={segment[field.name] ?? ""} className={`${inputClass} min-h-11`} />
                  ) : (
                    <select id={`segment-${field.name}`} name={field.name} defaultValue={segment[field.name] ?? ""} className={`${inputClass} min-h-11`}>
                      <option value="">Any</option>
                      {[...field.input.options, ...(segment[field.name] && !field.input.options.some((o) => o.value === segment[field.name]) ? [{ value: segment[field.name]!, count: 0 }] : [])].map((option) => (
                        <option key={option.value} value={option.value}>
                          {"label" in option && option.label ? (option.count === null ? option.label : `${option.label} (${option.count})`) : option.count === null ? option.value : `${option.value} (${option.count})`}
                        </option>
                      ))}
                    </select>
                  )}
                </div>
              ))}
            </div>
            <div className="mt-4 flex flex-wrap gap-4">
              <button type="submit" className={secondaryButtonClass}>
                Count the audience
              </button>
              {selected ? (
                <button type="submit" formMethod="post" name="intent" value="segment" className={buttonClass}>
                  Save the audience
                </button>
              ) : null}
            </div>
          </Form>
          {segmentError ? (
            <div className="mt-4">
              <Notice tone="error">{segmentError}</Notice>
            </div>
          ) : null}
          <div className="mt-4 rounded-lg border border-line p-4" aria-live="polite" data-testid="campaign-audience">
            <p className="text-lg">
              <strong>{audience.recipients}</strong> {audience.recipients === 1 ? "subscriber" : "subscribers"} will receive it, of {audience.total} on the list.
            </p>
            {mails && audience.recipients > 0 ? (
              <p className="mt-2" data-testid="campaign-by-version">
                {byVersion(mails, versions)}.
              </p>
            ) : null}
            {mails
              ? missing
                  .filter((language) => audience.languages[language] > 0)
                  .map((language) => (
                    <p key={language} className="mt-1 text-muted">
                      No {LEAD_LANGUAGE_LABELS[language]} version: {plural(audience.languages[language], `${LEAD_LANGUAGE_LABELS[language]} subscriber gets`, `${LEAD_LANGUAGE_LABELS[language]} subscribers get`)} the{" "}
                      {LEAD_LANGUAGE_LABELS[language === "en" ? "fr" : "en"]} one.
                    </p>
                  ))
              : null}
            {!selected && audience.recipients > 0 ? (
              <p className="mt-2" data-testid="campaign-by-language">
                By their language: {LANGUAGES.map((language) => `${audience.languages[language].toLocaleString("en-US")} ${LEAD_LANGUAGE_LABELS[language]}`).join(", ")}.
              </p>
            ) : null}
            {audience.excluded.length > 0 ? (
              <>
                <p className="mt-2 font-semibold">Left out:</p>
                <ul className="mt-1 list-disc pl-6">
                  {audience.excluded.map((line) => (
                    <li key={line.reason}>
                      {line.count} {line.reason}
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
            {unsaved ? <p className="mt-2 font-semibold">This segment is not saved yet: “Save the audience” keeps it for this campaign.</p> : null}
            {!selected && Object.keys(segment).length > 0 ? <p className="mt-2">“Create and preview” above keeps this segment with the new campaign.</p> : null}
          </div>
        </section>
      ) : null}

      {selected
        ? previews.map((preview) => {
            const language = LEAD_LANGUAGE_LABELS[preview.locale];
            const headingId = `campaign-preview-${preview.locale}`;
            return (
              <section key={preview.locale} aria-labelledby={headingId} className="mt-8" data-testid={headingId}>
                <p className="text-sm font-semibold tracking-wide text-muted uppercase">{language} version</p>
                <h2 id={headingId} className="text-2xl font-bold wrap-anywhere">
                  Preview: {preview.subject}
                </h2>
                <p className="mt-2 max-w-3xl text-muted">
                  The mail exactly as sent, to {preview.to} (the test mail); each subscriber's carries their own address and unsubscribe link.{" "}
                  {previews.length > 1
                    ? `Sent to the ${language} subscribers.`
                    : `Sent to every subscriber of the audience${mails ? `: ${byVersion(mails, versions)}` : ""}.`}
                </p>
                <div className="mt-4 flex flex-wrap items-start gap-6">
                  <figure className="max-w-full">
                    <figcaption className="font-semibold">On a phone (360 px)</figcaption>
                    <iframe title={`The ${language} mail on a phone`} sandbox="" srcDoc={preview.html} className="mt-2 h-[32rem] w-[360px] max-w-full rounded-lg border border-line bg-white" />
                  </figure>
                  <figure className="max-w-full min-w-0">
                    <figcaption className="font-semibold">On a desktop (700 px)</figcaption>
                    <div className="mt-2 max-w-full overflow-x-auto" role="region" aria-label={`The ${language} mail on a desktop (scrolls sideways on a narrow screen)`} tabIndex={0}>
                      <iframe title={`The ${language} mail on a desktop`} sandbox="" srcDoc={preview.html} className="h-[32rem] w-[700px] rounded-lg border border-line bg-white" />
                    </div>
                  </figure>
                </div>
                <details className="mt-4 max-w-3xl">
                  <summary className="cursor-pointer font-semibold">The text part ({language})</summary>
                  <pre className="mt-2 rounded-lg border border-line p-4 text-sm whitespace-pre-wrap wrap-anywhere" data-testid={`campaign-text-${preview.locale}`}>
                    {preview.text}
                  </pre>
                </details>
              </section>
            );
          })
        : null}

      {selected ? (
        <section aria-labelledby="campaign-sending" className="mt-8 max-w-3xl">
          <h2 id="campaign-sending" className="text-2xl font-bold">
            Sending
          </h2>
          {selected.scheduled ? (
            <p className="mt-2 text-lg" data-testid="campaign-scheduled">
              Scheduled for <strong>{selected.scheduled}</strong>.
            </p>
          ) : null}
          <dl className="mt-4 grid grid-cols-2 gap-2 sm:grid-cols-5" aria-label="Progress">
            {(
              [
                ["Status", STATUS_WORDS[selected.status]],
                ["Recipients", selected.recipients],
                ["Sent", selected.sent],
                ["Failed", selected.failed],
                ["Remaining", selected.remaining],
              ] as const
            ).map(([label, value]) => (
              <div key={label} className="rounded-lg border border-line p-3">
                <dt className="text-sm text-muted">{label}</dt>
                <dd className="text-xl font-bold first-letter:uppercase" data-testid={`campaign-${label.toLowerCase()}`}>
                  {typeof value === "number" ? count(value) : value}
                </dd>
              </div>
            ))}
          </dl>
          {selected.skipped > 0 ? <p className="mt-2">{selected.skipped} skipped (unsubscribed before their turn).</p> : null}
          {writing ? null : <VersionProgressTable byVersion={selected.byVersion} versions={LANGUAGES.filter((language) => versions.includes(language))} />}
          <div className="mt-6 flex flex-wrap items-start gap-4">
            <Form method="post">
              <input type="hidden" name="id" value={selected.id} />
              <button type="submit" name="intent" value="test" className={secondaryButtonClass}>
                Send a test to {email}
                {versions.length > 1 ? " (both versions)" : ""}
              </button>
            </Form>
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
          {writing ? (
            <div className="mt-6 grid gap-6 sm:grid-cols-2">
              <Form method="post" className="flex flex-col gap-2 rounded-lg border border-line p-4">
                <input type="hidden" name="id" value={selected.id} />
                <label className="font-semibold" htmlFor="campaign-at">
                  {selected.scheduled ? "Reschedule to" : "Send later, at"} ({zone} time)
                </label>
                <input id="campaign-at" name="at" type="datetime-local" required defaultValue={selected.scheduledField ?? ""} className={inputClass} />
                <div className="flex flex-wrap gap-2">
                  <button type="submit" name="intent" value="schedule" className={secondaryButtonClass}>
                    {selected.scheduled ? "Reschedule" : "Schedule"}
                  </button>
                  {selected.scheduled ? (
                    <button type="submit" name="intent" value="unschedule" formNoValidate className={secondaryButtonClass}>
                      Cancel the schedule
                    </button>
                  ) : null}
                </div>
              </Form>
              <Form method="post" className="flex flex-col gap-2 rounded-lg border border-line p-4">
                <input type="hidden" name="id" value={selected.id} />
                <label className="flex items-start gap-2">
                  <input type="checkbox" name="confirm" value="yes" required className="mt-0.5 size-5 shrink-0" /> Send to the {selected.recipients} {selected.recipients === 1 ? "subscriber" : "subscribers"} of the audience now
                </label>
                {/* Its own width, as Schedule beside it, not the box's. */}
                <button type="submit" name="intent" value="send" className={`${buttonClass} self-start`}>
                  Send now
                </button>
              </Form>
            </div>
          ) : null}
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
              <li key={c.id} className="wrap-anywhere">
                <Link to={`${CAMPAIGNS_PATH}?id=${c.id}`} className={linkClass}>
                  {c.title}
                </Link>{" "}
                ({c.versions.map((language) => LEAD_LANGUAGE_LABELS[language]).join(" and ")}) — {STATUS_WORDS[c.status]}
                {c.scheduled ? `, for ${c.scheduled}` : ""}, {c.status === "draft" || c.status === "scheduled" ? `${c.recipients} ${c.recipients === 1 ? "recipient" : "recipients"}` : `${c.sent} sent of ${c.recipients}`}
              </li>
            ))}
          </ul>
        )}
      </section>
    </TeamPage>
  );
}
