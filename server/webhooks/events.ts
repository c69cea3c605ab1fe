/**
 * The webhook events (docs/webhooks.md, their JSON schemas in docs/webhooks/) and how they are
 * queued: `emitWebhookEvent(trx, type, data)` inside the transaction of the change it announces,
 * so the change and its deliveries exist together or not at all. One delivery row per enabled
 * endpoint that subscribed to the type; with no such endpoint nothing is written (one indexed read).
 */
import type { Kysely } from "kysely";
import { type Db, nowIso } from "../db/database";
import { newRowId } from "../db/row-id";
import type { AttributionColumns, Database, PersonStage } from "../db/schema";
import { normalizeAddress } from "../mail/compose";
import { NO_ATTRIBUTION } from "../analytics/lead-attribution";
import type { LeadKindName } from "~/features/team/team-lines";
import { WEBHOOK_EVENTS, type WebhookEventType } from "~/features/team/webhooks-contract";
import type { Locale } from "~/shared/i18n/locale";

export { WEBHOOK_EVENTS, type WebhookEventType };

/** A lead as `lead.created` carries it: the kind's own fields (null where the kind has none) and where the visit came from. */
export interface LeadCreatedData {
  kind: LeadKindName;
  id: string;
  email: string;
  created_at: string;
  name: string | null;
  phone: string | null;
  company: string | null;
  plan_type: string | null;
  category: string | null;
  message: string | null;
  /** The language of the page the lead came from: the language to answer in. */
  language: Locale;
  attribution: AttributionColumns | null;
}

/** How the team works the person now (the `people` row; no row: New and unowned). */
export interface PersonUpdatedData {
  email: string;
  owner: string | null;
  stage: PersonStage;
  lost_reason: string | null;
  follow_up_on: string | null;
  updated_at: string;
  updated_by: string;
}

/** Only the address: the CRM erases the person too. */
export interface PersonErasedData {
  email: string;
}

export interface SubscriberUnsubscribedData {
  email: string;
  unsubscribed_at: string;
}

export interface WebhookEventData {
  "lead.created": LeadCreatedData;
  "person.updated": PersonUpdatedData;
  "person.erased": PersonErasedData;
  "subscriber.unsubscribed": SubscriberUnsubscribedData;
}

/** The body of every delivery (the Standard Webhooks payload structure). */
export interface WebhookPayload<Type extends WebhookEventType = WebhookEventType> {
  type: Type;
  timestamp: string;
  data: WebhookEventData[Type];
}

/** A lead's `lead.created` data from what its capture wrote (fields a kind lacks are null). */
export function leadCreatedData(
  kind: LeadKindName,
  lead: { id: string; email: string; created_at: string; language: Locale } & Partial<Record<"name" | "phone" | "company" | "plan_type" | "category" | "message", string | null>>,
  /** The lead's attribution columns (other fields of the object are not read); undefined: unknown. */
  attribution: Partial<AttributionColumns> | undefined,
): LeadCreatedData {
  return {
    kind,
    id: lead.id,
    email: normalizeAddress(lead.email),
    created_at: lead.created_at,
    name: lead.name ?? null,
    phone: lead.phone ?? null,
    company: lead.company ?? null,
    plan_type: lead.plan_type ?? null,
    category: lead.category ?? null,
    message: lead.message ?? null,
    language: lead.language,
    attribution: attribution
      ? (Object.fromEntries(Object.keys(NO_ATTRIBUTION).map((key) => [key, attribution[key as keyof AttributionColumns] ?? null])) as unknown as AttributionColumns)
      : null,
  };
}

/** The webhook-id of a new event. */
export const newMessageId = (): string => `msg_${newRowId().replaceAll("-", "")}`;

/** The endpoints that receive `type` (enabled, subscribed). */
const endpointsFor = (db: Db, type: WebhookEventType) =>
  // `events` is a JSON array of our event names (no LIKE wildcard in them): `"type"` matches exactly one.
  db.selectFrom("webhook_endpoints").select("id").where("enabled", "=", 1).where("events", "like", subscribedTo(type)).execute();

/** The LIKE pattern of the endpoints subscribed to `type` (also the PostgreSQL sign-up statement's). */
export const subscribedTo = (type: WebhookEventType): string => `%"${type}"%`;

/** The row of one event for one endpoint, pending and due now. */
export function deliveryRow(endpointId: string, event: QueuedEvent, now: string) {
  return {
    id: newRowId(),
    endpoint_id: endpointId,
    message_id: event.messageId,
    type: event.type,
    payload: event.payload,
    about_email: event.about,
    status: "pending" as const,
    attempts: 0,
    next_attempt_at: now,
    created_at: now,
  };
}

/** An event ready to queue: its id, type, body and the person it is about (null: kept by erasure). */
export interface QueuedEvent {
  messageId: string;
  type: WebhookEventType;
  payload: string;
  about: string | null;
}

/** An event's queued form (the body built once, sent as is on every attempt). */
export function queuedEvent<Type extends WebhookEventType>(type: Type, data: WebhookEventData[Type], now = nowIso()): QueuedEvent {
  const payload: WebhookPayload<Type> = { type, timestamp: now, data };
  return { messageId: newMessageId(), type, payload: JSON.stringify(payload), about: type === "person.erased" ? null : data.email };
}

/**
 * Queues one event (or several of one type) for every endpoint that receives it, inside `trx`.
 * Returns how many deliveries were queued. The worker (deliveries.ts) polls every second.
 */
export async function emitWebhookEvent<Type extends WebhookEventType>(trx: Kysely<Database>, type: Type, ...data: WebhookEventData[Type][]): Promise<number> {
  if (data.length === 0) return 0;
  const endpoints = await endpointsFor(trx, type);
  if (endpoints.length === 0) return 0;
  const now = nowIso();
  const events = data.map((item) => queuedEvent(type, item, now));
  const rows = endpoints.flatMap((endpoint) => events.map((event) => deliveryRow(endpoint.id, event, now)));
  for (let start = 0; start < rows.length; start += 500) await trx.insertInto("webhook_deliveries").values(rows.slice(start, start + 500)).execute();
  return rows.length;
}

/** `person.updated` with the person's row as `trx` sees it (call after writing it). */
export async function emitPersonUpdated(trx: Kysely<Database>, email: string): Promise<number> {
  const address = normalizeAddress(email);
  const row = await trx.selectFrom("people").selectAll().where("email", "=", address).executeTakeFirst();
  if (!row) return 0;
  const { owner, stage, lost_reason, follow_up_on, updated_at, updated_by } = row;
  return emitWebhookEvent(trx, "person.updated", { email: address, owner, stage, lost_reason, follow_up_on, updated_at, updated_by });
}
