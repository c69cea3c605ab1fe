import os from "node:os";
import { describe, expect, it } from "vitest";
import { migratedDatabase, SQLITE_ENGINE } from "../../tests/support/engines";
import { loadConfig } from "../config";
import type { Db } from "../db/database";
import { createLogger } from "../logger";
import { MailOutbox } from "../mail/outbox";
import { nextDigestDue } from "./lead-digest";
import { createTeamWorkspace } from "./workspace";

const logger = createLogger("silent");
const roles = (db: Db) => db.selectFrom("team_members").select(["email", "role"]).orderBy("email").execute();

/** A fresh database per test, and the workspace an instance started with `members` (TEAM_MEMBERS) has on it. */
function freshWorkspaces() {
  const database = migratedDatabase(SQLITE_ENGINE);
  const workspace = (members: string) => {
    const db = database().db;
    const outbox = new MailOutbox(db, { kind: "file", send: () => Promise.resolve("not sent"), close: () => undefined }, logger);
    return createTeamWorkspace({ db, outbox, logger, config: loadConfig({ TEAM_MEMBERS: members, DATA_DIR: os.tmpdir(), TEAM_TIMEZONE: "America/Toronto" }) });
  };
  return { database, workspace };
}

describe("the team's list: TEAM_MEMBERS bootstraps it, admins manage it", () => {
  const { database, workspace } = freshWorkspaces();

  it("keeps an invited member when TEAM_MEMBERS changes, drops an address that only TEAM_MEMBERS had, and makes its addresses admins again", async () => {
    const db = database().db;
    const first = workspace("ann@example.com,bob@example.com");
    await first.access.syncMembers();
    await first.members.invite("ann@example.com", "Cy@Example.com", "admin");
    await expect(first.members.invite("ann@example.com", "cy@example.com", "member")).rejects.toThrow("This address is already a member of the workspace.");
    await first.members.setRole("ann@example.com", "bob@example.com", "member");
    expect(await roles(db)).toEqual([
      { email: "ann@example.com", role: "admin" },
      { email: "bob@example.com", role: "member" },
      { email: "cy@example.com", role: "admin" },
    ]);
    // ann works a person: when she leaves the team, they are left without an owner.
    await db.insertInto("contact_messages").values({ id: crypto.randomUUID(), name: "Pat", email: "pat@example.com", category: "question", message: "Escorts?", created_at: new Date().toISOString() }).execute();
    await first.work.change("pat@example.com", { owner: "ann@example.com", stage: "qualified", lostReason: null, followUpOn: null }, "ann@example.com");
    const invitation = await db.selectFrom("mail").select(["to", "subject", "template"]).where("to", "=", "cy@example.com").executeTakeFirstOrThrow();
    expect(invitation.subject).toBe("You have been added to the HeavyRoute team workspace");
    expect(JSON.parse(invitation.template!)).toEqual({ name: "team-sign-in", values: { invitedBy: "ann@example.com" } });

    // A start with bob only: ann (only ever from TEAM_MEMBERS) leaves, cy (invited) stays, bob is an admin again.
    const second = workspace("bob@example.com");
    await second.access.syncMembers();
    expect(await roles(db)).toEqual([
      { email: "bob@example.com", role: "admin" },
      { email: "cy@example.com", role: "admin" },
    ]);
    expect(await second.access.isMember("ann@example.com")).toBe(false);
    expect(await second.access.isMember("CY@example.com")).toBe(true);
    expect(await second.work.state("pat@example.com")).toEqual({ owner: null, stage: "qualified", lostReason: null, followUpOn: null });
    const released = await db.selectFrom("person_events").select(["actor", "detail"]).where("email", "=", "pat@example.com").where("kind", "=", "owner").orderBy("at", "desc").executeTakeFirstOrThrow();
    expect([released.actor, JSON.parse(released.detail) as unknown]).toEqual(["TEAM_MEMBERS", { before: "ann@example.com", after: null, cause: "owner-removed" }]);
    const actions = await db.selectFrom("audit_log").select(["actor", "action", "subject", "detail"]).where("action", "like", "member-%").orderBy("at").execute();
    expect(actions.map((entry) => ({ ...entry, detail: JSON.parse(entry.detail) as unknown }))).toEqual([
      { actor: "ann@example.com", action: "member-invite", subject: "cy@example.com", detail: { role: "admin" } },
      { actor: "ann@example.com", action: "member-role", subject: "bob@example.com", detail: { from: "admin", to: "member" } },
      { actor: "TEAM_MEMBERS", action: "member-remove", subject: "ann@example.com", detail: { role: "admin", released: 1 } },
    ]);
  });

});

describe("the last admin and a removed member", () => {
  const { database, workspace } = freshWorkspaces();

  it("never removes nor demotes the last admin; a removed member's sessions are gone", async () => {
    const db = database().db;
    const team = workspace("ann@example.com");
    await team.access.syncMembers();
    await team.members.invite("ann@example.com", "dee@example.com", "member");
    const lastAdmin = "The workspace needs at least one admin: make another member an admin first.";
    await expect(team.members.remove("ann@example.com", "ann@example.com")).rejects.toThrow(lastAdmin);
    await expect(team.members.setRole("ann@example.com", "ann@example.com", "member")).rejects.toThrow(lastAdmin);
    await expect(team.members.remove("ann@example.com", "nobody@example.com")).rejects.toThrow("There is no such member");

    const session = await team.access.signIn(new URL(await team.access.createLink("dee@example.com")).searchParams.get("token")!);
    expect(await team.access.session(session!.sessionToken)).toEqual({ member: "dee@example.com" });
    await team.members.remove("ann@example.com", "dee@example.com");
    expect(await team.access.session(session!.sessionToken)).toBeUndefined();
    expect(await db.selectFrom("team_sessions").select("email").where("email", "=", "dee@example.com").execute()).toEqual([]);

    // With a second admin, the first may step down.
    await team.members.invite("ann@example.com", "eve@example.com", "admin");
    await team.members.setRole("ann@example.com", "ann@example.com", "member");
    expect((await team.access.profile("ann@example.com")).role).toBe("member");
  });

});

describe("a member's settings", () => {
  const { database, workspace } = freshWorkspaces();

  it("schedules a member's daily digest at their next 08:00, in their zone or the team's", async () => {
    const db = database().db;
    const team = workspace("ann@example.com");
    await team.access.syncMembers();
    const now = new Date("2026-11-27T10:00:00.000Z");
    await team.members.saveSettings("ann@example.com", { timeZone: null, alerts: "daily", kinds: ["chat", "contact"], plans: null }, now);
    const row = await db.selectFrom("team_members").select(["digest_due_at", "alert_kinds", "alert_plans"]).where("email", "=", "ann@example.com").executeTakeFirstOrThrow();
    // 08:00 in Toronto (UTC−5 in November) is 13:00 UTC: still to come on the 27th.
    expect(row).toEqual({ digest_due_at: "2026-11-27T13:00:00.000Z", alert_kinds: '["chat","contact"]', alert_plans: null });
    expect((await team.members.settings("ann@example.com")).filter).toEqual({ kinds: ["contact", "chat"], plans: null });
    expect(nextDigestDue(new Date("2026-03-07T14:00:00.000Z"), "America/Toronto").toISOString()).toBe("2026-03-08T12:00:00.000Z");
  });
});
