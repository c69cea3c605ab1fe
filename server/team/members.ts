/**
 * The team's members as admins manage them (/team/members) and as each member sets their own
 * settings (/team/settings). The list is `team_members`, shared by every instance: an invited
 * address may sign in at once, on any instance; a removed one loses its sessions at once (they
 * are deleted, and every request checks the list), and the people they owned are left unowned
 * in the same transaction. Every change is audited in its transaction.
 * The workspace always keeps an admin: removing or demoting the last one is refused.
 */
import { PRODUCT_NAME } from "~/content/brand";
import type { PlanType } from "~/content/plans";
import { type AlertChoice, type TeamRoleName, MEMBER_ERRORS, type MemberErrorCode } from "~/features/team/members-contract";
import { TeamError } from "~/features/team/team-contract";
import type { LeadKindName } from "~/features/team/team-lines";
import type { Audit } from "../audit/audit";
import type { Config } from "../config";
import { type Db, nowIso } from "../db/database";
import { type AlertFilter, alertFilterOf } from "../mail/lead-alerts";
import type { MailOutbox } from "../mail/outbox";
import { SIGN_IN_TEMPLATE, type TeamAccess } from "./access";
import { nextDigestDue } from "./lead-digest";
import type { PersonWork } from "./person-work";

export interface MemberRow {
  email: string;
  role: TeamRoleName;
  since: string;
  /** Who invited the address; null: it came from TEAM_MEMBERS. */
  invitedBy: string | null;
  /** The address is in TEAM_MEMBERS: each start makes it an admin again. */
  bootstrap: boolean;
  /** How many people they own (left without an owner if they are removed). */
  owns: number;
}

export interface MemberSettings {
  /** The member's own zone; null: the team's (TEAM_TIMEZONE). */
  timeZone: string | null;
  alerts: AlertChoice;
  filter: AlertFilter;
}

const refusal = (code: MemberErrorCode) => new TeamError(code, MEMBER_ERRORS);

export class TeamMembers {
  constructor(
    private readonly db: Db,
    private readonly access: TeamAccess,
    private readonly outbox: MailOutbox,
    private readonly audit: Audit,
    private readonly work: PersonWork,
    private readonly databaseKind: Config["database"]["kind"],
    private readonly teamTimeZone: string,
  ) {}

  async list(): Promise<MemberRow[]> {
    const rows = await this.db.selectFrom("team_members").select(["email", "role", "since", "invited_by"]).orderBy("email").execute();
    const owned = await this.db
      .selectFrom("people")
      .select(["owner", (eb) => eb.fn.countAll<number | string>().as("people")])
      .where("owner", "in", rows.length > 0 ? rows.map((row) => row.email) : [""])
      .groupBy("owner")
      .execute();
    const owns = new Map(owned.map((row) => [row.owner, Number(row.people)]));
    return rows.map((row) => ({ email: row.email, role: row.role, since: row.since, invitedBy: row.invited_by, bootstrap: this.access.inBootstrap(row.email), owns: owns.get(row.email) ?? 0 }));
  }

  /** Adds a member and mails them a sign-in link (the sign-in mail, saying who added them). */
  async invite(admin: string, address: string, role: TeamRoleName): Promise<void> {
    const email = address.trim().toLowerCase();
    await this.db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto("team_members")
        .values({ email, since: nowIso(), role, invited_by: admin })
        .onConflict((conflict) => conflict.column("email").doNothing())
        .returning("email")
        .executeTakeFirst();
      if (!inserted) throw refusal("already-member");
      await this.outbox.enqueue(trx, {
        to: email,
        about: null,
        priority: "now",
        subject: `You have been added to the ${PRODUCT_NAME} team workspace`,
        text: "",
        template: { name: SIGN_IN_TEMPLATE, values: { invitedBy: admin } },
      });
      await this.audit.record(trx, { actor: admin, action: "member-invite", subject: email, detail: { role } });
    });
    this.outbox.nudge();
  }

  /**
   * Removes a member: their sessions and unused sign-in links end with them, on every instance, and
   * the people they owned have no owner (each with its timeline line; the audit entry counts them).
   * Returns how many people were released.
   */
  async remove(admin: string, address: string): Promise<number> {
    const email = address.trim().toLowerCase();
    return this.db.transaction().execute(async (trx) => {
      const member = await this.lockAdmins(trx, email);
      if (member.role === "admin" && member.admins <= 1) throw refusal("last-admin");
      await trx.deleteFrom("team_members").where("email", "=", email).execute();
      await trx.deleteFrom("team_sessions").where("email", "=", email).execute();
      await trx.deleteFrom("team_sign_in_links").where("email", "=", email).where("used_at", "is", null).execute();
      const released = await this.work.releaseOwnedBy(trx, email, admin);
      await this.audit.record(trx, { actor: admin, action: "member-remove", subject: email, detail: { role: member.role, released } });
      return released;
    });
  }

  /** Makes a member an admin or a member. */
  async setRole(admin: string, address: string, role: TeamRoleName): Promise<void> {
    const email = address.trim().toLowerCase();
    await this.db.transaction().execute(async (trx) => {
      const member = await this.lockAdmins(trx, email);
      if (member.role === role) return;
      if (member.role === "admin" && member.admins <= 1) throw refusal("last-admin");
      await trx.updateTable("team_members").set({ role }).where("email", "=", email).execute();
      await this.audit.record(trx, { actor: admin, action: "member-role", subject: email, detail: { from: member.role, to: role } });
    });
  }

  /**
   * The member's role and the number of admins, read so that two admins demoting or removing each
   * other at once cannot leave none: on PostgreSQL the admins' rows are locked until the end of the
   * transaction; SQLite runs one writing transaction at a time.
   */
  private async lockAdmins(trx: Db, email: string): Promise<{ role: TeamRoleName; admins: number }> {
    let admins = trx.selectFrom("team_members").select("email").where("role", "=", "admin");
    if (this.databaseKind === "postgres") admins = admins.forUpdate();
    const adminRows = await admins.execute();
    const row = await trx.selectFrom("team_members").select("role").where("email", "=", email).executeTakeFirst();
    if (!row) throw refusal("no-such-member");
    return { role: row.role, admins: adminRows.length };
  }

  async settings(email: string): Promise<MemberSettings> {
    const row = await this.db.selectFrom("team_members").select(["time_zone", "alerts", "alert_kinds", "alert_plans"]).where("email", "=", email).executeTakeFirstOrThrow();
    return { timeZone: row.time_zone, alerts: row.alerts, filter: alertFilterOf(row) };
  }

  /** Saves a member's own settings; a daily digest is next due at the next 08:00 in their zone. */
  async saveSettings(email: string, settings: { timeZone: string | null; alerts: AlertChoice; kinds: LeadKindName[] | null; plans: PlanType[] | null }, now = new Date()): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const before = await trx.selectFrom("team_members").select(["alerts", "time_zone", "digest_due_at"]).where("email", "=", email).executeTakeFirstOrThrow();
      // A digest already scheduled keeps its time unless the zone changed: its window starts where the last one ended.
      const keep = settings.alerts === "daily" && before.alerts === "daily" && before.time_zone === settings.timeZone && before.digest_due_at !== null;
      const due = settings.alerts !== "daily" ? null : keep ? before.digest_due_at : nextDigestDue(now, settings.timeZone ?? this.teamTimeZone).toISOString();
      await trx
        .updateTable("team_members")
        .set({
          time_zone: settings.timeZone,
          alerts: settings.alerts,
          alert_kinds: settings.kinds === null ? null : JSON.stringify(settings.kinds),
          alert_plans: settings.plans === null ? null : JSON.stringify(settings.plans),
          digest_due_at: due,
        })
        .where("email", "=", email)
        .execute();
      await this.audit.record(trx, {
        actor: email,
        action: "member-settings",
        subject: email,
        detail: { timeZone: settings.timeZone, alerts: settings.alerts, kinds: settings.kinds?.join(", ") ?? "all", plans: settings.plans?.join(", ") ?? "all" },
      });
    });
  }
}
