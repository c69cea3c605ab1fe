import type { Kysely } from "kysely";

/**
 * Webhooks to the team's CRM (server/webhooks/): the endpoints admins configure, and the durable
 * queue of deliveries (one row per event and endpoint), claimed with leases like the mail outbox.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("webhook_endpoints")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("url", "text", (c) => c.notNull())
    // A JSON array of event types, e.g. ["lead.created","person.erased"].
    .addColumn("events", "text", (c) => c.notNull())
    .addColumn("enabled", "integer", (c) => c.notNull())
    // The signing secret in the specification's whsec_… form (decision 0123).
    .addColumn("secret", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("created_by", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("updated_by", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("webhook_deliveries")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("endpoint_id", "text", (c) => c.notNull().references("webhook_endpoints.id").onDelete("cascade"))
    // The webhook-id header: one per event, the same on every retry and replay.
    .addColumn("message_id", "text", (c) => c.notNull())
    .addColumn("type", "text", (c) => c.notNull())
    // The exact body signed and sent.
    .addColumn("payload", "text", (c) => c.notNull())
    // The person the event is about (normalized address), so erasure finds it; null for person.erased.
    .addColumn("about_email", "text")
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "text", (c) => c.notNull())
    .addColumn("claimed_by", "text")
    .addColumn("claimed_until", "text")
    .addColumn("last_status", "integer")
    .addColumn("last_error", "text")
    .addColumn("last_attempt_at", "text")
    .addColumn("delivered_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("webhook_deliveries_due").on("webhook_deliveries").columns(["status", "next_attempt_at"]).execute();
  await db.schema.createIndex("webhook_deliveries_endpoint").on("webhook_deliveries").columns(["endpoint_id", "created_at"]).execute();
  await db.schema.createIndex("webhook_deliveries_message").on("webhook_deliveries").columns(["endpoint_id", "message_id"]).unique().execute();
  await db.schema.createIndex("webhook_deliveries_about").on("webhook_deliveries").column("about_email").execute();
}
