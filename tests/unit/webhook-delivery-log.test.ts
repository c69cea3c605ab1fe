/**
 * The delivery log names whom each event is about, as the people list knows them now, on SQLite
 * and PostgreSQL; a person's erasure leaves one delivery, `person.erased`, which never names them.
 */
import { describe, expect, it } from "vitest";
import { DATABASE_ENGINES, migratedDatabase } from "../support/engines";
import { Audit } from "../../server/audit/audit";
import { nowIso } from "../../server/db/database";
import { erasePerson } from "../../server/leads/erase";
import { insertContactMessage } from "../../server/leads/lead-capture";
import { WebhookAddressPolicy } from "../../server/webhooks/address-policy";
import { WebhookEndpoints } from "../../server/webhooks/endpoints";
import { emitWebhookEvent } from "../../server/webhooks/events";
import { newWebhookSecret } from "../../server/webhooks/signing";

const ENDPOINT = "0190a8e0-0000-7000-8000-000000000001";

describe.each(DATABASE_ENGINES)("the delivery log on $name", (engine) => {
  const database = migratedDatabase(engine);

  it("names the person of each delivery, links them while they are on file, and never the erased one", async () => {
    const { db } = database();
    const now = nowIso();
    await db
      .insertInto("webhook_endpoints")
      .values({ id: ENDPOINT, url: "https://crm.example.com/hooks", events: JSON.stringify(["lead.created", "person.erased", "subscriber.unsubscribed"]), enabled: 1, secret: newWebhookSecret(), created_at: now, created_by: "a@example.com", updated_at: now, updated_by: "a@example.com" })
      .execute();
    for (const [name, email] of [["Pia Permit", "pia@example.com"], ["Eve Erased", "eve@example.com"]] as const) {
      await db.transaction().execute((trx) => insertContactMessage(trx, { name, email, category: "question", message: "Escorts?" }, nowIso()));
    }
    // An event about an address with no records (a subscriber purged since): named, not linked.
    await emitWebhookEvent(db, "subscriber.unsubscribed", { email: "gone@example.com", unsubscribed_at: nowIso() });
    await erasePerson(db, "EVE@example.com");

    const log = await new WebhookEndpoints(db, new Audit(db), new WebhookAddressPolicy([]), () => {}).deliveries(ENDPOINT);
    expect(log.map((delivery) => [delivery.type, delivery.about])).toEqual([
      ["person.erased", null],
      ["subscriber.unsubscribed", { email: "gone@example.com", name: null, onFile: false }],
      ["lead.created", { email: "pia@example.com", name: "Pia Permit", onFile: true }],
    ]);
    expect(JSON.stringify(log)).not.toContain("eve@");
  });
});
