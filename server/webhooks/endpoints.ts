/**
 * The endpoints admins configure at /team/webhooks, their delivery log and replay. Every change is
 * audited in its transaction. The secret leaves the server once: in the answer that created or
 * rotated it (decision 0123); reads never select it.
 */
import { TeamError } from "~/features/team/team-contract";
import { WEBHOOK_ERRORS, type WebhookDeliveryStatusName, type WebhookEventType } from "~/features/team/webhooks-contract";
import type { Audit } from "../audit/audit";
import { type Db, nowIso } from "../db/database";
import { newRowId } from "../db/row-id";
import type { WebhookAddressPolicy } from "./address-policy";
import { newWebhookSecret } from "./signing";

export interface EndpointInput {
  url: string;
  events: WebhookEventType[];
  enabled: boolean;
}

export interface EndpointView {
  id: string;
  url: string;
  events: WebhookEventType[];
  enabled: boolean;
  created_at: string;
  created_by: string;
  updated_at: string;
  counts: Record<WebhookDeliveryStatusName, number>;
}

export interface DeliveryView {
  id: string;
  message_id: string;
  type: string;
  status: WebhookDeliveryStatusName;
  attempts: number;
  last_status: number | null;
  last_error: string | null;
  last_attempt_at: string | null;
  delivered_at: string | null;
  next_attempt_at: string;
  created_at: string;
  /** Whom the event is about: none for `person.erased`, which the log never names (erasure leaves only the address, in its body). */
  about: DeliveryAbout | null;
}

/** A person a delivery is about, as the workspace knows them now. */
export interface DeliveryAbout {
  email: string;
  /** The newest name their leads gave (null: none gave one, or no lead is left). */
  name: string | null;
  /** They still have records, so their page in the workspace shows something. */
  onFile: boolean;
}

const LOG_SIZE = 50;

export class WebhookEndpoints {
  constructor(
    private readonly db: Db,
    private readonly audit: Audit,
    private readonly policy: WebhookAddressPolicy,
    /** Called after a replay commits: the worker runs now. */
    private readonly nudge: () => void,
  ) {}

  /** Every endpoint, oldest first, with its deliveries counted by status. */
  async list(): Promise<EndpointView[]> {
    const endpoints = await this.db.selectFrom("webhook_endpoints").select(["id", "url", "events", "enabled", "created_at", "created_by", "updated_at"]).orderBy("created_at").execute();
    const counts = await this.db
      .selectFrom("webhook_deliveries")
      .select(["endpoint_id", "status", (eb) => eb.fn.countAll<number | string>().as("n")])
      .groupBy(["endpoint_id", "status"])
      .execute();
    return endpoints.map((endpoint) => {
      const count = (status: WebhookDeliveryStatusName) => Number(counts.find((row) => row.endpoint_id === endpoint.id && row.status === status)?.n ?? 0);
      return {
        ...endpoint,
        events: JSON.parse(endpoint.events) as WebhookEventType[],
        enabled: endpoint.enabled === 1,
        counts: { pending: count("pending"), delivered: count("delivered"), failed: count("failed") },
      };
    });
  }

  /**
   * The newest deliveries of one endpoint (its log), newest first, each with the person it is
   * about as the people list knows them (erasure deletes an erased person's deliveries but the
   * `person.erased` one, which names nobody).
   */
  async deliveries(endpointId: string): Promise<DeliveryView[]> {
    const rows = await this.db
      .selectFrom("webhook_deliveries as d")
      .leftJoin("person_summaries as p", "p.email", "d.about_email")
      .select([
        "d.id",
        "d.message_id",
        "d.type",
        "d.status",
        "d.attempts",
        "d.last_status",
        "d.last_error",
        "d.last_attempt_at",
        "d.delivered_at",
        "d.next_attempt_at",
        "d.created_at",
        "d.about_email",
        "p.name as about_name",
        "p.email as on_file",
      ])
      .where("d.endpoint_id", "=", endpointId)
      .orderBy("d.created_at", "desc")
      .orderBy("d.id", "desc")
      .limit(LOG_SIZE)
      .execute();
    return rows.map(({ about_email, about_name, on_file, ...row }) => ({
      ...row,
      about: about_email === null || row.type === "person.erased" ? null : { email: about_email, name: about_name, onFile: on_file !== null },
    }));
  }

  /** Creates an endpoint (its URL checked by the address policy); returns its id and the secret, shown once. */
  async create(member: string, input: EndpointInput): Promise<{ id: string; secret: string }> {
    const url = await this.policy.checkUrl(input.url);
    const id = newRowId();
    const secret = newWebhookSecret();
    const now = nowIso();
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto("webhook_endpoints")
        .values({ id, url, events: JSON.stringify(input.events), enabled: input.enabled ? 1 : 0, secret, created_at: now, created_by: member, updated_at: now, updated_by: member })
        .execute();
      await this.audit.record(trx, { actor: member, action: "webhook-create", subject: url, detail: { endpoint: id, events: input.events.join(", "), enabled: input.enabled } });
    });
    return { id, secret };
  }

  async update(member: string, id: string, input: EndpointInput): Promise<void> {
    const url = await this.policy.checkUrl(input.url);
    await this.db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable("webhook_endpoints")
        .set({ url, events: JSON.stringify(input.events), enabled: input.enabled ? 1 : 0, updated_at: nowIso(), updated_by: member })
        .where("id", "=", id)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) throw new TeamError("endpoint-unknown", WEBHOOK_ERRORS);
      await this.audit.record(trx, { actor: member, action: "webhook-update", subject: url, detail: { endpoint: id, events: input.events.join(", "), enabled: input.enabled } });
    });
  }

  /** A new secret for the endpoint (the old one stops signing at once); returned once. */
  async rotate(member: string, id: string): Promise<string> {
    const secret = newWebhookSecret();
    await this.db.transaction().execute(async (trx) => {
      const row = await trx.updateTable("webhook_endpoints").set({ secret, updated_at: nowIso(), updated_by: member }).where("id", "=", id).returning("url").executeTakeFirst();
      if (!row) throw new TeamError("endpoint-unknown", WEBHOOK_ERRORS);
      await this.audit.record(trx, { actor: member, action: "webhook-rotate", subject: row.url, detail: { endpoint: id } });
    });
    return secret;
  }

  /** Deletes an endpoint and its delivery log (pending deliveries are not sent). */
  async remove(member: string, id: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom("webhook_endpoints").select("url").where("id", "=", id).executeTakeFirst();
      if (!row) throw new TeamError("endpoint-unknown", WEBHOOK_ERRORS);
      const deleted = await trx.deleteFrom("webhook_deliveries").where("endpoint_id", "=", id).executeTakeFirst();
      await trx.deleteFrom("webhook_endpoints").where("id", "=", id).execute();
      await this.audit.record(trx, { actor: member, action: "webhook-delete", subject: row.url, detail: { endpoint: id, deliveries: Number(deleted.numDeletedRows) } });
    });
  }

  /**
   * Queues a delivery again as it was: the same body and webhook-id (the specification's resend),
   * signed anew when sent; a fresh run of attempts. Returns its endpoint's id.
   */
  async replay(member: string, deliveryId: string): Promise<string> {
    const endpointId = await this.db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable("webhook_deliveries")
        .set({ status: "pending", attempts: 0, next_attempt_at: nowIso(), claimed_by: null, claimed_until: null })
        .where("id", "=", deliveryId)
        .returning(["endpoint_id", "message_id", "type"])
        .executeTakeFirst();
      if (!row) throw new TeamError("delivery-unknown", WEBHOOK_ERRORS);
      await this.audit.record(trx, { actor: member, action: "webhook-replay", subject: row.message_id, detail: { endpoint: row.endpoint_id, delivery: deliveryId, type: row.type } });
      return row.endpoint_id;
    });
    this.nudge();
    return endpointId;
  }
}
