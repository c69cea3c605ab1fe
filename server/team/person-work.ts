/**
 * Working a person: their owner, stage (Lost with a reason) and follow-up date, and replies from
 * the workspace. Every write of the `people` table is `PersonWork.write`, in the transaction of
 * the change, with its timeline event and its audit entry: what must follow any change of a person
 * (a hand-off to the CRM) has one call site there. A reply goes through the outbox, threaded on
 * the person's earlier replies, and moves a New person to Contacted (docs/decisions/0120, 0121).
 */
import { ASSISTANT_NAME, PRODUCT_NAME } from "~/content/brand";
import { PLAN_TYPES, type PlanType } from "~/content/plans";
import * as m from "~/paraglide/messages.js";
import type { LeadKindName } from "~/features/team/team-lines";
import { PERSON_ERRORS, type PersonErrorCode, type PersonStageName } from "~/features/team/person-contract";
import { TeamError } from "~/features/team/team-contract";
import type { Config } from "../config";
import { type Db, nowIso } from "../db/database";
import { newRowId } from "../db/row-id";
import type { PersonEventsTable } from "../db/schema";
import { LEAD_KIND_TABLES, latestLanguage } from "../leads/lead-kinds";
import type { Locale } from "~/shared/i18n/locale";
import type { Audit, AuditAction } from "../audit/audit";
import { normalizeAddress } from "../mail/compose";
import { type RenderedParts, renderPersonMail } from "../mail/layout/person-mail";
import { emitPersonUpdated } from "../webhooks/events";
import type { MailOutbox } from "../mail/outbox";

/** How the team works one person; a person without a row is New, nobody's, without a follow-up. */
export interface PersonState {
  owner: string | null;
  stage: PersonStageName;
  lostReason: string | null;
  /** YYYY-MM-DD, or null. */
  followUpOn: string | null;
}

export const NEW_PERSON: PersonState = { owner: null, stage: "new", lostReason: null, followUpOn: null };

/**
 * What moved a person besides a member's form: a reply moves New to Contacted; the removal of
 * their owner from the team leaves them unowned.
 */
export type ChangeCause = "reply" | "owner-removed";

const stateOf = (row: { owner: string | null; stage: PersonStageName; lost_reason: string | null; follow_up_on: string | null }): PersonState => ({
  owner: row.owner,
  stage: row.stage,
  lostReason: row.lost_reason,
  followUpOn: row.follow_up_on,
});

/** A refusal of a change or a reply, shown to the member as it is. */
const refuse = (code: PersonErrorCode) => new TeamError(code, PERSON_ERRORS);

/**
 * What a member's reply becomes in the mail: the branded layout's HTML and its text (the one place
 * a reply is rendered). The member's words stay as written; the layout's own are in the person's language.
 */
export function renderReply(reply: { subject: string; body: string }, postalAddress: string, locale: Locale = "en"): Promise<RenderedParts> {
  return renderPersonMail({ subject: reply.subject, preview: reply.body.slice(0, 120), body: { text: reply.body }, footer: { postalAddress }, locale });
}

/** The thread a new reply continues: the latest reply's Message-ID and its References. */
export interface ReplyThread {
  inReplyTo: string;
  references: string[];
}

export class PersonWork {
  constructor(
    private readonly db: Db,
    private readonly outbox: MailOutbox,
    private readonly audit: Audit,
    private readonly mail: Pick<Config["mail"], "origin" | "postalAddress">,
    private readonly databaseKind: Config["database"]["kind"],
  ) {}

  async state(email: string, db: Db = this.db): Promise<PersonState> {
    const row = await db.selectFrom("people").selectAll().where("email", "=", normalizeAddress(email)).executeTakeFirst();
    return row ? stateOf(row) : NEW_PERSON;
  }

  /** The members a person can be given to (the `team_members` list). */
  async members(): Promise<string[]> {
    const rows = await this.db.selectFrom("team_members").select("email").orderBy("email").execute();
    return rows.map((row) => row.email);
  }

  /**
   * Sets the owner (null: nobody), stage (Lost needs `lostReason`) and follow-up date; each field
   * that changed is one timeline event and one audit entry. Refuses with a TeamError of
   * PERSON_ERRORS (an owner who is not a member, Lost without a reason, nothing changed, an
   * address the site holds nothing about).
   */
  async change(email: string, next: PersonState, member: string): Promise<PersonState> {
    const address = normalizeAddress(email);
    if (next.stage === "lost" && !next.lostReason) throw refuse("lost-needs-reason");
    const wanted: PersonState = { ...next, lostReason: next.stage === "lost" ? next.lostReason : null };
    if (!(await this.holdsRecords(address))) throw refuse("no-such-person");
    return this.db.transaction().execute(async (trx) => {
      // The owner's membership first, then the person: the order a removal locks them in (releaseOwnedBy).
      if (wanted.owner !== null && !(await this.lockMember(trx, wanted.owner))) throw refuse("not-a-member");
      const before = await this.lockedState(trx, address);
      if (!(await this.write(trx, address, before, wanted, member))) throw refuse("nothing-changed");
      return wanted;
    });
  }

  /**
   * Queues a member's mail to the person from MAIL_FROM with Reply-To the member, threaded on their
   * latest reply (Message-ID on the mail origin's domain; In-Reply-To and References of the thread),
   * records it for the timeline and the audit log, and moves a New person to Contacted, all in one
   * transaction. The mail's own words are in the reply's language (the one the member wrote in),
   * else the person's. Returns the outbox row's id.
   */
  async reply(email: string, reply: { subject: string; body: string; language?: Locale }, member: string): Promise<string> {
    const address = normalizeAddress(email);
    if (!(await this.holdsRecords(address))) throw refuse("no-such-person");
    const domain = new URL(this.mail.origin).hostname;
    const rendered = await renderReply(reply, this.mail.postalAddress, reply.language ?? (await latestLanguage(this.db, address)));
    const mailId = await this.db.transaction().execute(async (trx) => {
      const before = await this.lockedState(trx, address);
      const thread = await this.thread(address, trx);
      const messageId = `<${newRowId()}@${domain}>`;
      const references = [...(thread?.references ?? []), messageId];
      const mailId = await this.outbox.enqueue(trx, {
        to: address,
        about: address,
        subject: reply.subject,
        ...rendered,
        replyTo: member,
        thread: { messageId, inReplyTo: thread?.inReplyTo, references: thread ? thread.references : undefined },
      });
      const now = nowIso();
      await trx
        .insertInto("person_replies")
        .values({ id: newRowId(), email: address, mail_id: mailId, author: member, subject: reply.subject, body: reply.body, message_id: messageId, thread_references: references.join(" "), created_at: now })
        .execute();
      await this.audit.record(trx, { actor: member, action: "person-reply", subject: address, detail: { mail: mailId, thread: thread ? "continued" : "started" } });
      if (before.stage === "new") await this.write(trx, address, before, { ...before, stage: "contacted" }, member, "reply");
      return mailId;
    });
    this.outbox.nudge();
    return mailId;
  }

  /**
   * Leaves every person `owner` owns without an owner, inside the transaction that removes `owner`
   * from the team, after their row is deleted: a change giving someone to them either committed
   * before (and is released here) or waits and is refused (`lockMember`). Each person gets their
   * timeline event and their person.updated; the removal's own audit entry says how many were
   * released (one entry, not one per person). Returns that number.
   */
  async releaseOwnedBy(trx: Db, owner: string, actor: string): Promise<number> {
    let owned = trx.selectFrom("people").selectAll().where("owner", "=", owner).orderBy("email");
    if (this.databaseKind === "postgres") owned = owned.forUpdate();
    const rows = await owned.execute();
    for (const row of rows) {
      const before = stateOf(row);
      await this.write(trx, row.email, before, { ...before, owner: null }, actor, "owner-removed");
    }
    return rows.length;
  }

  /** The thread of the person's replies (undefined before the first: it starts one). */
  async thread(email: string, db: Db = this.db): Promise<ReplyThread | undefined> {
    const latest = await db
      .selectFrom("person_replies")
      .select(["message_id", "thread_references"])
      .where("email", "=", normalizeAddress(email))
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .executeTakeFirst();
    return latest ? { inReplyTo: latest.message_id, references: latest.thread_references.split(" ") } : undefined;
  }

  /** The person's row as it is in this transaction, locked on PostgreSQL (SQLite runs one writer). */
  private async lockedState(trx: Db, address: string): Promise<PersonState> {
    if (this.databaseKind !== "postgres") return this.state(address, trx);
    await trx
      .insertInto("people")
      .values({ email: address, owner: null, stage: "new", lost_reason: null, follow_up_on: null, updated_at: nowIso(), updated_by: "" })
      .onConflict((conflict) => conflict.column("email").doNothing())
      .execute();
    const row = await trx.selectFrom("people").selectAll().where("email", "=", address).forUpdate().executeTakeFirstOrThrow();
    return stateOf(row);
  }

  /**
   * The one write of a person (inside `trx`): the row, one event and one audit entry per field
   * that changed, with its before and after. `cause` says what moved it besides the member's
   * form. False when nothing changed (nothing is written). An owner's removal is audited once by
   * the removal (with the count), not per person: a member who owned thousands would bury the log.
   */
  private async write(trx: Db, address: string, before: PersonState, after: PersonState, member: string, cause?: ChangeCause): Promise<boolean> {
    const changes: { kind: PersonEventsTable["kind"]; action: AuditAction; detail: Record<string, string | null> }[] = [];
    if (before.owner !== after.owner) changes.push({ kind: "owner", action: "person-owner", detail: { before: before.owner, after: after.owner, ...(cause === "owner-removed" ? { cause } : {}) } });
    if (before.stage !== after.stage || before.lostReason !== after.lostReason) {
      changes.push({ kind: "stage", action: "person-stage", detail: { before: before.stage, after: after.stage, ...(after.stage === "lost" ? { reason: after.lostReason } : {}), ...(cause ? { cause } : {}) } });
    }
    if (before.followUpOn !== after.followUpOn) changes.push({ kind: "follow-up", action: "person-follow-up", detail: { before: before.followUpOn, after: after.followUpOn } });
    if (changes.length === 0) return false;
    const now = nowIso();
    const row = { owner: after.owner, stage: after.stage, lost_reason: after.lostReason, follow_up_on: after.followUpOn, updated_at: now, updated_by: member };
    await trx
      .insertInto("people")
      .values({ email: address, ...row })
      .onConflict((conflict) => conflict.column("email").doUpdateSet(row))
      .execute();
    await trx
      .insertInto("person_events")
      .values(changes.map((change) => ({ id: newRowId(), email: address, at: now, actor: member, kind: change.kind, detail: JSON.stringify(change.detail) })))
      .execute();
    if (cause !== "owner-removed") for (const change of changes) await this.audit.record(trx, { actor: member, action: change.action, subject: address, detail: change.detail });
    await emitPersonUpdated(trx, address);
    return true;
  }

  /** Whether `email` is a member, its row share-locked until the end of `trx` on PostgreSQL (SQLite runs one writer). */
  private async lockMember(trx: Db, email: string): Promise<boolean> {
    let member = trx.selectFrom("team_members").select("email").where("email", "=", email);
    if (this.databaseKind === "postgres") member = member.forShare();
    return (await member.executeTakeFirst()) !== undefined;
  }

  /** Whether any lead has this address: the workspace works people the site knows. */
  private async holdsRecords(address: string): Promise<boolean> {
    for (const kind of LEAD_KIND_TABLES) {
      const row = await this.db.selectFrom(kind.table).select("id").where(kind.address, "=", address).limit(1).executeTakeFirst();
      if (row) return true;
    }
    return false;
  }
}

const SUBJECT_OF_KIND: Record<Locale, Record<LeadKindName, (lead: { plan_type: string | null }) => string>> = {
  en: {
    "information-request": (lead) => `your ${PRODUCT_NAME} information request${lead.plan_type ? ` (${lead.plan_type})` : ""}`,
    contact: () => `your message to ${PRODUCT_NAME}`,
    chat: () => `your chat with ${ASSISTANT_NAME}`,
    newsletter: () => `your ${PRODUCT_NAME} newsletter subscription`,
  },
  fr: {
    "information-request": (lead) => `votre demande d'information à ${PRODUCT_NAME}${lead.plan_type ? ` (${isPlanType(lead.plan_type) ? FRENCH_PLAN_TYPE[lead.plan_type]() : lead.plan_type})` : ""}`,
    contact: () => `votre message à ${PRODUCT_NAME}`,
    chat: () => `votre conversation avec ${ASSISTANT_NAME}`,
    newsletter: () => `votre abonnement à l'infolettre de ${PRODUCT_NAME}`,
  },
};
/** A plan type as the French request form names it ("Abonnement"). */
const FRENCH_PLAN_TYPE: Record<PlanType, () => string> = {
  Subscription: () => m.forms_plan_subscription({}, { locale: "fr" }),
  Government: () => m.forms_plan_government({}, { locale: "fr" }),
  Training: () => m.forms_plan_training({}, { locale: "fr" }),
  Token: () => m.forms_plan_token({}, { locale: "fr" }),
};
const isPlanType = (value: string): value is PlanType => (PLAN_TYPES as readonly string[]).includes(value);
const INTEREST: Record<Locale, string> = { en: `your interest in ${PRODUCT_NAME}`, fr: `votre intérêt pour ${PRODUCT_NAME}` };

/**
 * A reply's subject as the page offers it: "Re:" the latest reply's subject, else their latest
 * lead's in the reply's language ("Re:" in both: mail programs thread on it).
 */
export function replySubject(latestReplySubject: string | undefined, latestLead: { kind: LeadKindName; plan_type: string | null } | undefined, language: Locale = "en"): string {
  if (latestReplySubject) return `Re: ${latestReplySubject.replace(/^(?:re:\s*)+/i, "")}`;
  return `Re: ${latestLead ? SUBJECT_OF_KIND[language][latestLead.kind](latestLead) : INTEREST[language]}`;
}
