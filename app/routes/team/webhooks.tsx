import { Form, Link, data, redirect, useActionData, useLoaderData, useNavigation } from "react-router";
import { PRODUCT_NAME } from "~/content/brand";
import { servicesContext } from "~/context.server";
import { requireAdmin } from "~/features/team/guard.server";
import { personPath } from "~/features/team/members-contract";
import { ERASED_PERSON, isRowId, teamErrorCode } from "~/features/team/team-contract";
import { readTeamForm, refuse } from "~/features/team/team-form.server";
import { Notice, TeamPage, buttonClass, inputClass, linkClass, secondaryButtonClass } from "~/features/team/team-ui";
import { useFormatTime } from "~/features/team/when";
import {
  WEBHOOK_DELIVERY_LABELS,
  WEBHOOK_ERRORS,
  WEBHOOK_EVENTS,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_INTENTS,
  WEBHOOK_URL_MAX,
  WEBHOOKS_PATH,
  eventField,
} from "~/features/team/webhooks-contract";
import { webhookEndpointSchema } from "~/features/team/webhooks-schemas";
import type { Route } from "./+types/webhooks";

export const meta: Route.MetaFunction = () => [{ title: `Webhooks | Team | ${PRODUCT_NAME}` }, { name: "robots", content: "noindex" }];

/**
 * /team/webhooks (admins only) — the hand-off to the CRM: endpoints (URL, events, enabled), the
 * signing secret shown once when created or rotated, each endpoint's delivery log with replay.
 * Plain forms: works without JavaScript. The server side is server/webhooks/.
 */
export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  const { endpoints } = args.context.get(servicesContext).webhooks;
  const params = new URL(args.request.url).searchParams;
  const list = await endpoints.list();
  const pick = (name: string) => {
    const id = params.get(name);
    if (id === null) return undefined;
    const found = isRowId(id) ? list.find((endpoint) => endpoint.id === id) : undefined;
    if (!found) throw data({ message: WEBHOOK_ERRORS["endpoint-unknown"] }, { status: 404 });
    return found;
  };
  const logOf = pick("endpoint");
  return { list, editing: pick("edit"), logOf, log: logOf ? await endpoints.deliveries(logOf.id) : [], replayed: params.has("replayed") };
}

export async function action(args: Route.ActionArgs) {
  const profile = await requireAdmin(args);
  const { endpoints } = args.context.get(servicesContext).webhooks;
  const read = await readTeamForm(args.request, { intents: WEBHOOK_INTENTS, needsId: (intent) => intent !== "create", noSuchId: WEBHOOK_ERRORS["endpoint-unknown"] });
  if (!read.ok) return read.refusal;
  const { intent, id = "", fields, text } = read.value;
  try {
    switch (intent) {
      case "create":
      case "update": {
        const input = fields(webhookEndpointSchema);
        if (!input.ok) return input.refusal;
        const events = WEBHOOK_EVENTS.filter((type) => text(eventField(type)) === "on");
        if (events.length === 0) return refuse(WEBHOOK_ERRORS["no-events"]);
        if (intent === "update") {
          await endpoints.update(profile.email, id, { ...input.value, events });
          return redirect(WEBHOOKS_PATH);
        }
        const created = await endpoints.create(profile.email, { ...input.value, events });
        return { ok: true as const, message: "Endpoint added.", secret: created.secret };
      }
      case "rotate":
        return { ok: true as const, message: "A new secret signs every delivery from now on; the old one no longer does.", secret: await endpoints.rotate(profile.email, id) };
      case "delete":
        if (text("confirm") !== "yes") return refuse("Tick the box to confirm: the endpoint and its delivery log are deleted.");
        await endpoints.remove(profile.email, id);
        return redirect(WEBHOOKS_PATH);
      case "replay": {
        const endpoint = await endpoints.replay(profile.email, id);
        return redirect(`${WEBHOOKS_PATH}?endpoint=${endpoint}&replayed=1#delivery-log`);
      }
    }
  } catch (error) {
    const code = teamErrorCode(error, WEBHOOK_ERRORS);
    if (code) return refuse(WEBHOOK_ERRORS[code], 404);
    // The address policy's refusal (server/webhooks/address-policy.ts) is written for the admin.
    if (error instanceof Error && error.name === "WebhookAddressError") return refuse(error.message);
    throw error;
  }
}

type Endpoint = Awaited<ReturnType<typeof loader>>["list"][number];

/** The add/edit form: URL, events, enabled. */
function EndpointForm({ endpoint }: { endpoint?: Endpoint | undefined }) {
  const busy = useNavigation().state === "submitting";
  const prefix = endpoint ? `edit-${endpoint.id}` : "new";
  return (
    <Form method="post" className="max-w-3xl space-y-4">
      <input type="hidden" name="intent" value={endpoint ? "update" : "create"} />
      {endpoint ? <input type="hidden" name="id" value={endpoint.id} /> : null}
      <div>
        <label className="block font-semibold" htmlFor={`${prefix}-url`}>
          URL
        </label>
        <p id={`${prefix}-url-hint`} className="text-sm text-muted">
          https only; never a private or internal address.
        </p>
        <input
          id={`${prefix}-url`}
          name="url"
          type="url"
          inputMode="url"
          required
          maxLength={WEBHOOK_URL_MAX}
          defaultValue={endpoint?.url ?? ""}
          aria-describedby={`${prefix}-url-hint`}
          className={inputClass}
          placeholder="https://crm.example.com/hooks/heavyroute"
        />
      </div>
      <fieldset>
        <legend className="font-semibold">Events</legend>
        <div className="mt-1 space-y-2">
          {WEBHOOK_EVENTS.map((type) => (
            <label key={type} className="flex items-start gap-2">
              <input type="checkbox" name={eventField(type)} defaultChecked={endpoint ? endpoint.events.includes(type) : true} className="mt-1 size-5 shrink-0" />
              <span>
                <code className="font-semibold">{type}</code> — {WEBHOOK_EVENT_LABELS[type]}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <label className="flex items-center gap-2">
        <input type="checkbox" name="enabled" defaultChecked={endpoint ? endpoint.enabled : true} className="size-5" /> Enabled (deliver events to this URL)
      </label>
      <div className="flex flex-wrap gap-3">
        <button type="submit" className={buttonClass} disabled={busy}>
          {endpoint ? "Save endpoint" : "Add endpoint"}
        </button>
        {endpoint ? (
          <Link to={WEBHOOKS_PATH} className={secondaryButtonClass}>
            Cancel
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

type Delivery = Awaited<ReturnType<typeof loader>>["log"][number];

/**
 * Whom a delivery is about, as the people list shows them (their name linked to their page, then
 * their address); a `person.erased` delivery never names the person it erased.
 */
function DeliveryPerson({ about }: { about: Delivery["about"] }) {
  if (about === null) return <p className="text-sm">About {ERASED_PERSON}</p>;
  if (!about.onFile) return <p className="text-sm wrap-anywhere">About {about.email} (no records left)</p>;
  return (
    <p className="text-sm wrap-anywhere">
      About{" "}
      <Link className={linkClass} to={personPath(about.email)}>
        {about.name ?? about.email}
      </Link>
      {about.name ? <span className="text-muted"> · {about.email}</span> : null}
    </p>
  );
}

export default function WebhooksPage() {
  const formatTime = useFormatTime();
  const { list, editing, logOf, log, replayed } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <TeamPage title="Webhooks">
      <p className="max-w-3xl text-muted">
        Hand-off to your CRM: each event is sent to the endpoints below as a signed HTTPS POST (Standard Webhooks: <code>webhook-id</code>,{" "}
        <code>webhook-timestamp</code>, <code>webhook-signature</code>), retried for about a day while the endpoint is down.
      </p>
      <div className="mt-4 space-y-4" aria-live="polite">
        {answer && !answer.ok ? <Notice tone="error">{answer.message}</Notice> : null}
        {replayed && !answer ? <Notice tone="success">The delivery is queued again, with the same webhook-id.</Notice> : null}
        {answer && answer.ok ? (
          <Notice tone="success">
            <p>{answer.message}</p>
            <label className="mt-2 block" htmlFor="webhook-secret">
              Signing secret — copy it into your CRM now: it is not shown again.
            </label>
            {/* A text area: the whole secret stays visible on a phone, wrapped. */}
            <textarea
              id="webhook-secret"
              readOnly
              rows={2}
              value={answer.secret}
              className={`${inputClass} resize-none font-mono break-all`}
              onFocus={(event) => event.currentTarget.select()}
            />
          </Notice>
        ) : null}
      </div>

      <section aria-labelledby="webhook-endpoints" className="mt-8">
        <h2 id="webhook-endpoints" className="text-2xl font-bold">
          Endpoints
        </h2>
        {list.length === 0 ? <p className="mt-2">No endpoint yet.</p> : null}
        <ul className="mt-4 space-y-4">
          {list.map((endpoint) => (
            <li key={endpoint.id} className="rounded-lg border border-line p-4">
              <p className="font-semibold wrap-anywhere">{endpoint.url}</p>
              <p className="mt-1 text-sm">
                {endpoint.enabled ? "Enabled" : "Disabled"} · {endpoint.events.join(", ")}
              </p>
              <p className="mt-1 text-sm text-muted">
                {endpoint.counts.delivered} delivered · {endpoint.counts.pending} pending · {endpoint.counts.failed} failed · added {formatTime(endpoint.created_at)} by {endpoint.created_by}
              </p>
              <div className="mt-3 flex flex-wrap items-start gap-3">
                <Link to={`${WEBHOOKS_PATH}?endpoint=${endpoint.id}#delivery-log`} className={secondaryButtonClass}>
                  Delivery log<span className="sr-only"> of {endpoint.url}</span>
                </Link>
                <Link to={`${WEBHOOKS_PATH}?edit=${endpoint.id}#edit-endpoint`} className={secondaryButtonClass}>
                  Edit<span className="sr-only"> {endpoint.url}</span>
                </Link>
                <Form method="post">
                  <input type="hidden" name="id" value={endpoint.id} />
                  <button type="submit" name="intent" value="rotate" className={secondaryButtonClass} disabled={busy}>
                    Rotate secret<span className="sr-only"> of {endpoint.url}</span>
                  </button>
                </Form>
                <Form method="post" className="flex flex-wrap items-center gap-2">
                  <input type="hidden" name="id" value={endpoint.id} />
                  <label className="flex min-h-11 items-center gap-2">
                    <input type="checkbox" name="confirm" value="yes" className="size-5" /> Confirm<span className="sr-only"> deleting {endpoint.url}</span>
                  </label>
                  <button type="submit" name="intent" value="delete" className={secondaryButtonClass} disabled={busy}>
                    Delete<span className="sr-only"> {endpoint.url}</span>
                  </button>
                </Form>
              </div>
            </li>
          ))}
        </ul>
      </section>

      {editing ? (
        <section aria-labelledby="edit-endpoint" className="mt-10">
          <h2 id="edit-endpoint" className="text-2xl font-bold">
            Edit endpoint
          </h2>
          <div className="mt-4">
            <EndpointForm key={editing.id} endpoint={editing} />
          </div>
        </section>
      ) : (
        <section aria-labelledby="add-endpoint" className="mt-10">
          <h2 id="add-endpoint" className="text-2xl font-bold">
            Add an endpoint
          </h2>
          <div className="mt-4">
            {/* A new form after each endpoint added: the fields start empty again. */}
            <EndpointForm key={list.length} />
          </div>
        </section>
      )}

      {logOf ? (
        <section aria-labelledby="delivery-log" className="mt-10">
          <h2 id="delivery-log" className="text-2xl font-bold">
            Delivery log
          </h2>
          <p className="mt-1 font-semibold wrap-anywhere">{logOf.url}</p>
          <p className="mt-1 text-sm text-muted">The newest 50 deliveries. Replay sends the same event again, with the same webhook-id.</p>
          {log.length === 0 ? <p className="mt-2">Nothing delivered yet.</p> : null}
          <ul className="mt-4 space-y-2">
            {log.map((delivery) => (
              <li key={delivery.id} className="rounded-lg border border-line p-3" data-testid="webhook-delivery">
                <p className="font-semibold">
                  {delivery.type} · {WEBHOOK_DELIVERY_LABELS[delivery.status]}
                </p>
                <DeliveryPerson about={delivery.about} />
                {/* Each fact whole on its line: a narrow screen wraps between them, never inside a time. */}
                <p className="flex flex-wrap gap-x-4 text-sm">
                  {[
                    plural(delivery.attempts, "attempt"),
                    delivery.last_status !== null ? `HTTP ${delivery.last_status}` : null,
                    delivery.last_attempt_at ? `last try ${formatTime(delivery.last_attempt_at)}` : `queued ${formatTime(delivery.created_at)}`,
                    delivery.status === "pending" && delivery.attempts > 0 ? `next try ${formatTime(delivery.next_attempt_at)}` : null,
                  ]
                    .filter((fact) => fact !== null)
                    .map((fact) => (
                      <span key={fact} className="whitespace-nowrap">
                        {fact}
                      </span>
                    ))}
                </p>
                {/* The error, unless it only repeats the HTTP status shown above. */}
                {delivery.last_error && delivery.status !== "delivered" && delivery.last_error !== `HTTP ${delivery.last_status}` ? (
                  <p className="text-sm break-words text-brand-strong">Last error: {delivery.last_error}</p>
                ) : null}
                <p className="text-sm break-all text-muted">
                  webhook-id <code>{delivery.message_id}</code>
                </p>
                <Form method="post" className="mt-2">
                  <input type="hidden" name="id" value={delivery.id} />
                  <button type="submit" name="intent" value="replay" className={secondaryButtonClass} disabled={busy}>
                    Replay<span className="sr-only"> {delivery.type} {delivery.message_id}</span>
                  </button>
                </Form>
              </li>
            ))}
          </ul>
          <p className="mt-4">
            <Link to={`${WEBHOOKS_PATH}?endpoint=${logOf.id}#delivery-log`} className={linkClass}>
              Refresh the log
            </Link>
          </p>
        </section>
      ) : null}
    </TeamPage>
  );
}
