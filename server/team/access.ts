/**
 * Who may enter /team: the members in `team_members`, one list shared by every instance (the
 * addresses of TEAM_MEMBERS, recorded at start by `syncMembers`, and those an admin invited:
 * server/team/members.ts). They sign in with a one-time link sent through the outbox. Links and
 * sessions are random tokens of which only the SHA-256 is stored; a link is made when its mail is
 * sent (the outbox holds a template reference, never the link) and works once, for 15 minutes; a
 * session lasts 12 hours, ends at sign-out, and ends at once when its address leaves the list:
 * membership is checked in the database on every request.
 */
import crypto from "node:crypto";
import { PRODUCT_NAME } from "~/content/brand";
import { BOOTSTRAP_ACTOR, LINK_MAIL_NOTE, LINK_TTL_MINUTES, SESSION_TTL_HOURS } from "~/features/team/team-contract";
import type { Config } from "../config";
import { type Db, nowIso } from "../db/database";
import type { TeamRole } from "../db/schema";
import type { Logger } from "../logger";
import type { MailOutbox } from "../mail/outbox";
import { renderPersonMail } from "../mail/layout/person-mail";
import { MailTemplateError, type TemplateRenderer } from "../mail/templates";
import { takeRollingSlot } from "../db/counters";
import type { Audit } from "../audit/audit";
import type { PersonWork } from "./person-work";

export const LINK_TTL_MS = LINK_TTL_MINUTES * 60_000;
export const SESSION_TTL_MS = SESSION_TTL_HOURS * 60 * 60_000;
/** Sign-in requests in any hour (a sliding window): per address asked for, and per client (IP, IPv6 /64). */
export const SIGN_IN_LIMITS = { perAddress: 5, perClient: 20, windowMs: 60 * 60_000 } as const;

const newToken = () => crypto.randomBytes(32).toString("base64url");
const hash = (token: string) => crypto.createHash("sha256").update(token).digest("hex");
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;


/** The sign-in mail's template (server/mail/templates.ts): its link is made when it is sent. */
export const SIGN_IN_TEMPLATE = "team-sign-in";

export type LinkRequestOutcome = "sent" | "limited";
export type SessionState = { member: string } | { removed: string } | undefined;

export interface MemberProfile {
  email: string;
  role: TeamRole;
  /** IANA zone: the member's own, else TEAM_TIMEZONE. */
  timeZone: string;
}

export class TeamAccess {
  /** TEAM_MEMBERS: the bootstrap list, recorded at start as admins. */
  private readonly bootstrap: readonly string[];

  constructor(
    private readonly db: Db,
    private readonly outbox: MailOutbox,
    private readonly audit: Audit,
    private readonly logger: Logger,
    members: readonly string[],
    /** Read when a link is made: its origin is the mail origin (config.ts), never a request's; the footer's postal line. */
    private readonly mail: Pick<Config["mail"], "origin" | "postalAddress">,
    /** TEAM_TIMEZONE: a member's until they choose their own. */
    private readonly teamTimeZone: string,
    /** Leaves the people of an address that leaves the team unowned, in the same transaction. */
    private readonly work: Pick<PersonWork, "releaseOwnedBy">,
  ) {
    this.bootstrap = [...new Set(members.map((email) => email.trim().toLowerCase()))];
  }

  /** Whether the address is in the team's list (`team_members`), as every instance sees it. */
  async isMember(email: string, db: Db = this.db): Promise<boolean> {
    const row = await db.selectFrom("team_members").select("email").where("email", "=", email.trim().toLowerCase()).executeTakeFirst();
    return row !== undefined;
  }

  /** A new link for a member (the sign-in page and `npm run team -- link`). */
  async createLink(email: string, db: Db = this.db): Promise<string> {
    const token = newToken();
    const now = Date.now();
    await db
      .insertInto("team_sign_in_links")
      .values({ token_hash: hash(token), email: email.trim().toLowerCase(), created_at: new Date(now).toISOString(), expires_at: new Date(now + LINK_TTL_MS).toISOString(), used_at: null })
      .execute();
    return `${this.mail.origin}/team/sign-in/link?token=${token}`;
  }

  /**
   * The sign-in page's POST. Whatever the address, the page says the same; only a member gets a
   * mail. Requests are counted (in the database, so across instances) per address and per client
   * before anything else, members or not, so the limit says nothing about membership either.
   */
  async requestLink(email: string, client: string): Promise<LinkRequestOutcome> {
    const address = email.trim().toLowerCase();
    const byClient = await takeRollingSlot(this.db, `team-sign-in:client:${client}`, SIGN_IN_LIMITS.perClient, SIGN_IN_LIMITS.windowMs);
    if (byClient === undefined) return "limited";
    const byAddress = await takeRollingSlot(this.db, `team-sign-in:address:${address}`, SIGN_IN_LIMITS.perAddress, SIGN_IN_LIMITS.windowMs);
    if (byAddress === undefined) return "limited";
    if (!(await this.isMember(address))) {
      this.logger.info("team sign-in asked for an address that is not a member");
      return "sent";
    }
    await this.outbox.enqueue(this.db, {
      to: address,
      about: null,
      priority: "now",
      subject: `Your sign-in link for the ${PRODUCT_NAME} team workspace`,
      text: "",
      template: { name: SIGN_IN_TEMPLATE, values: {} },
    });
    this.outbox.nudge();
    return "sent";
  }

  /**
   * Renders a queued sign-in mail: its link is made now, so the outbox never holds one (nor does
   * a failed mail resent from /team/mail hold an old one: it gets a new link). An address that
   * left the team meanwhile gets no link. An invitation (values.invitedBy) says who added them.
   */
  readonly signInMail: TemplateRenderer = async (values, row) => {
    if (!(await this.isMember(row.to))) throw new MailTemplateError(`Mail ${row.id}: its address is no longer a member of the team; no sign-in link was made.`);
    const link = await this.createLink(row.to);
    return renderPersonMail({
      subject: row.subject,
      preview: `Your sign-in link for the ${PRODUCT_NAME} team workspace`,
      heading: values.invitedBy ? `You are invited to the ${PRODUCT_NAME} team workspace` : "Your sign-in link",
      body: { text: values.invitedBy ? `${values.invitedBy} added you to the ${PRODUCT_NAME} team workspace.` : `Sign in to the ${PRODUCT_NAME} team workspace:` },
      action: { label: "Sign in to the workspace", url: link },
      after: values.invitedBy
        ? `The link works once, within ${LINK_TTL_MINUTES} minutes. After that, ask for a new one with this address at ${this.mail.origin}/team/sign-in.`
        : LINK_MAIL_NOTE,
      footer: { postalAddress: this.mail.postalAddress },
    });
  };

  /**
   * Records this instance's TEAM_MEMBERS in the database (at start): its addresses are added, or
   * made admins again. An address that came only from TEAM_MEMBERS (nobody invited it in the
   * workspace) and is no longer in it leaves `team_members`, which ends its sessions on every
   * instance sharing the database, also on one still running the old list; an invited address
   * stays, with the role an admin gave it. An address new to the list joins now, so a session
   * from an earlier membership of that address stays ended when it is added again. An address
   * that leaves is removed as an admin removes one: its people are left unowned, and the removal
   * is audited (actor TEAM_MEMBERS).
   */
  async syncMembers(): Promise<void> {
    const members = this.bootstrap;
    const now = nowIso();
    await this.db.transaction().execute(async (trx) => {
      const dropped = await trx.deleteFrom("team_members").where("invited_by", "is", null).where("email", "not in", members).returning(["email", "role"]).execute();
      for (const member of dropped) {
        const released = await this.work.releaseOwnedBy(trx, member.email, BOOTSTRAP_ACTOR);
        await this.audit.record(trx, { actor: BOOTSTRAP_ACTOR, action: "member-remove", subject: member.email, detail: { role: member.role, released } });
      }
      await trx
        .insertInto("team_members")
        .values(members.map((email) => ({ email, since: now, role: "admin" as const })))
        .onConflict((conflict) => conflict.column("email").doUpdateSet({ role: "admin" }))
        .execute();
    });
  }

  /** Whether an address is in TEAM_MEMBERS (it comes back, as an admin, at each start). */
  inBootstrap(email: string): boolean {
    return this.bootstrap.includes(email.trim().toLowerCase());
  }

  /** What the workspace needs to know of a signed-in member: their role and the zone they read times in. */
  async profile(email: string): Promise<MemberProfile> {
    const row = await this.db.selectFrom("team_members").select(["role", "time_zone"]).where("email", "=", email).executeTakeFirst();
    return { email, role: row?.role ?? "member", timeZone: row?.time_zone ?? this.teamTimeZone };
  }

  /** Whether a link would sign in (the link page shows its button, or the expired message). Does not use it. */
  async linkIsUsable(token: string): Promise<boolean> {
    if (!TOKEN_SHAPE.test(token)) return false;
    const row = await this.db
      .selectFrom("team_sign_in_links")
      .select(["email"])
      .where("token_hash", "=", hash(token))
      .where("used_at", "is", null)
      .where("expires_at", ">", nowIso())
      .executeTakeFirst();
    return row !== undefined && (await this.isMember(row.email));
  }

  /** Uses a link (once: one UPDATE decides) and opens a session. Returns the session token. */
  async signIn(token: string): Promise<{ sessionToken: string; email: string } | undefined> {
    if (!TOKEN_SHAPE.test(token)) return undefined;
    const now = new Date();
    return this.db.transaction().execute(async (trx) => {
      const used = await trx
        .updateTable("team_sign_in_links")
        .set({ used_at: now.toISOString() })
        .where("token_hash", "=", hash(token))
        .where("used_at", "is", null)
        .where("expires_at", ">", now.toISOString())
        .returning("email")
        .executeTakeFirst();
      if (!used || !(await this.isMember(used.email, trx))) return undefined;
      const sessionToken = newToken();
      await trx
        .insertInto("team_sessions")
        .values({ token_hash: hash(sessionToken), email: used.email, created_at: now.toISOString(), expires_at: new Date(now.getTime() + SESSION_TTL_MS).toISOString() })
        .execute();
      await this.audit.record(trx, { actor: used.email, action: "sign-in", subject: used.email });
      return { sessionToken, email: used.email };
    });
  }

  /**
   * The member behind a session cookie; `removed` when the address is no longer in the team's
   * list. A session is no session when the list gained its address after the session began (it
   * belongs to an earlier membership).
   */
  async session(token: string | undefined): Promise<SessionState> {
    if (!token || !TOKEN_SHAPE.test(token)) return undefined;
    const row = await this.db
      .selectFrom("team_sessions")
      .leftJoin("team_members", "team_members.email", "team_sessions.email")
      .select(["team_sessions.email", "team_sessions.created_at", "team_members.since"])
      .where("token_hash", "=", hash(token))
      .where("expires_at", ">", nowIso())
      .executeTakeFirst();
    if (!row) return undefined;
    if (row.since === null) return { removed: row.email };
    return row.created_at >= row.since ? { member: row.email } : undefined;
  }

  async signOut(token: string | undefined): Promise<void> {
    if (!token || !TOKEN_SHAPE.test(token)) return;
    await this.db.transaction().execute(async (trx) => {
      const row = await trx.deleteFrom("team_sessions").where("token_hash", "=", hash(token)).returning("email").executeTakeFirst();
      if (row) await this.audit.record(trx, { actor: row.email, action: "sign-out", subject: row.email });
    });
  }

  /** Drops expired links and sessions (the retention job). */
  async purgeExpired(now = nowIso()): Promise<number> {
    const links = await this.db.deleteFrom("team_sign_in_links").where("expires_at", "<=", now).executeTakeFirst();
    const sessions = await this.db.deleteFrom("team_sessions").where("expires_at", "<=", now).executeTakeFirst();
    return Number(links.numDeletedRows) + Number(sessions.numDeletedRows);
  }
}
