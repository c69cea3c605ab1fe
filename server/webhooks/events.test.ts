/**
 * `person.updated` as the person's writes will emit it (`emitPersonUpdated`): the person's row as
 * the transaction sees it, one delivery per subscribed endpoint, a payload its JSON schema accepts.
 */
import { describe, expect, it } from "vitest";
import { migratedDatabase, SQLITE_ENGINE } from "../../tests/support/engines";
import { payloadProblems } from "../../tests/support/webhook-schemas";
import { emitPersonUpdated } from "./events";

describe("emitPersonUpdated", () => {
  const database = migratedDatabase(SQLITE_ENGINE);

  it("queues the person's state for the endpoints subscribed to person.updated only", async () => {
    const { db } = database();
    const now = new Date().toISOString();
    const endpoint = (id: string, events: string[]) => ({ id, url: "https://crm.example.com/", events: JSON.stringify(events), enabled: 1, secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", created_at: now, created_by: "a@example.com", updated_at: now, updated_by: "a@example.com" });
    await db.insertInto("webhook_endpoints").values([endpoint("crm", ["person.updated"]), endpoint("leads-only", ["lead.created"])]).execute();
    expect(await db.transaction().execute((trx) => emitPersonUpdated(trx, "Nobody@Example.com"))).toBe(0);
    await db.transaction().execute(async (trx) => {
      await trx.insertInto("people").values({ email: "ann@example.com", owner: "bob@example.com", stage: "lost", lost_reason: "Chose a competitor", follow_up_on: "2026-12-01", updated_at: now, updated_by: "bob@example.com" }).execute();
      expect(await emitPersonUpdated(trx, " Ann@Example.com")).toBe(1);
    });
    const rows = await db.selectFrom("webhook_deliveries").select(["endpoint_id", "payload", "about_email"]).execute();
    expect(rows.map((row) => [row.endpoint_id, row.about_email])).toEqual([["crm", "ann@example.com"]]);
    expect(payloadProblems(rows[0]!.payload)).toEqual([]);
    expect((JSON.parse(rows[0]!.payload) as { data: unknown }).data).toEqual({
      email: "ann@example.com", owner: "bob@example.com", stage: "lost", lost_reason: "Chose a competitor", follow_up_on: "2026-12-01", updated_at: now, updated_by: "bob@example.com",
    });
  });
});
