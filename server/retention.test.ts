import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, migrateToLatest, openDatabase } from "./db/database";
import { purgeExpired } from "./retention";

describe("retention purge (privacy policy periods)", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "retention-"));
  let handle: DatabaseHandle;
  const now = new Date("2026-11-21T12:00:00.000Z");

  beforeAll(async () => {
    handle = openDatabase({ kind: "sqlite", file: path.join(dir, "site.db") });
    await migrateToLatest(handle.db);
    const lead = (id: string, created_at: string) => ({ id, name: "N", email: "n@example.com", source: "chat", created_at });
    await handle.db.insertInto("potential_customers").values([lead("old", "2024-11-20T12:00:00.000Z"), lead("recent", "2024-11-22T12:00:00.000Z")]).execute();
    await handle.db
      .insertInto("chat_visitors")
      .values([
        { id: "v-old", name: "Old", email: "old@example.com", time_zone: null, created_at: "2025-01-01T00:00:00.000Z", updated_at: "2025-01-01T00:00:00.000Z" },
        { id: "v-new", name: "New", email: "new@example.com", time_zone: null, created_at: "2025-01-01T00:00:00.000Z", updated_at: "2026-11-01T00:00:00.000Z" },
      ])
      .execute();
    const message = (id: string, visitor_id: string, created_at: string) => ({ id, visitor_id, role: "user" as const, kind: "chat" as const, content: "hi", created_at });
    await handle.db
      .insertInto("chat_messages")
      .values([message("m-old", "v-old", "2025-11-20T00:00:00.000Z"), message("m-new", "v-new", "2026-11-01T00:00:00.000Z")])
      .execute();
    const mail = (id: string, status: "pending" | "sent", created_at: string) => ({
      id,
      to: "team@example.com",
      subject: "s",
      text: "t",
      html: "t",
      created_at,
      status,
      next_attempt_at: created_at,
      last_error: null,
      sent_at: null,
    });
    const entry = (id: string, at: string) => ({ id, at, actor: "ann@example.com", action: "export", subject: "s", detail: "{}" });
    await handle.db.insertInto("audit_log").values([entry("audit-old", "2024-11-20T00:00:00.000Z"), entry("audit-new", "2024-11-22T00:00:00.000Z")]).execute();
    await handle.db
      .insertInto("team_sessions")
      .values([
        { token_hash: "expired", email: "ann@example.com", created_at: "2026-11-20T00:00:00.000Z", expires_at: "2026-11-20T12:00:00.000Z" },
        { token_hash: "live", email: "ann@example.com", created_at: "2026-11-21T06:00:00.000Z", expires_at: "2026-11-21T18:00:00.000Z" },
      ])
      .execute();
    await handle.db.insertInto("lead_notes").values([
      { id: "note-of-old", lead_kind: "chat", lead_id: "old", author: "ann@example.com", body: "b", created_at: "2024-11-20T12:00:00.000Z" },
      { id: "note-of-recent", lead_kind: "chat", lead_id: "recent", author: "ann@example.com", body: "b", created_at: "2024-11-22T12:00:00.000Z" },
    ]).execute();
    await handle.db.insertInto("mail").values([mail("sent-old", "sent", "2024-01-01T00:00:00.000Z"), mail("pending-old", "pending", "2024-01-01T00:00:00.000Z")]).execute();
    await handle.db
      .insertInto("webhook_endpoints")
      .values({ id: "hook", url: "https://crm.example.com/", events: "[]", enabled: 1, secret: "whsec_x", created_at: "2024-01-01T00:00:00.000Z", created_by: "a", updated_at: "2024-01-01T00:00:00.000Z", updated_by: "a" })
      .execute();
    const delivery = (id: string, status: "pending" | "delivered", created_at: string) => ({
      id, endpoint_id: "hook", message_id: `msg_${id}`, type: "lead.created", payload: "{}", about_email: "n@example.com", status, attempts: 1, next_attempt_at: created_at, created_at,
    });
    await handle.db
      .insertInto("webhook_deliveries")
      .values([delivery("hook-old", "delivered", "2024-01-01T00:00:00.000Z"), delivery("hook-pending-old", "pending", "2024-01-01T00:00:00.000Z"), delivery("hook-new", "delivered", "2026-11-01T00:00:00.000Z")])
      .execute();
  });

  afterAll(async () => {
    await handle.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("deletes exactly what is past its period, and never mail still waiting to go out", async () => {
    const deleted = await purgeExpired(handle.db, now);
    expect(deleted).toMatchObject({ potential_customers: 1, chat_messages: 1, chat_visitors: 1, mail: 1 });
    const ids = async (table: "potential_customers" | "chat_messages" | "chat_visitors" | "mail") =>
      (await handle.db.selectFrom(table).select("id").execute()).map((row) => row.id).sort();
    expect(await ids("potential_customers")).toEqual(["recent"]);
    expect(await ids("chat_messages")).toEqual(["m-new"]);
    expect(await ids("chat_visitors")).toEqual(["v-new"]);
    expect(await ids("mail")).toEqual(["pending-old"]);
    expect((await handle.db.selectFrom("webhook_deliveries").select("id").orderBy("id").execute()).map((row) => row.id)).toEqual(["hook-new", "hook-pending-old"]);
    expect((await handle.db.selectFrom("audit_log").select("id").execute()).map((row) => row.id)).toEqual(["audit-new"]);
    expect((await handle.db.selectFrom("team_sessions").select("token_hash").execute()).map((row) => row.token_hash)).toEqual(["live"]);
    expect((await handle.db.selectFrom("lead_notes").select("id").execute()).map((row) => row.id)).toEqual(["note-of-recent"]);
  });
});
