/**
 * One person across the site: every record whose address is theirs, the mails sent to or about
 * them, how the team works them (server/team/person-work.ts) and their timeline; and erasure with
 * the very code of `npm run leads -- delete` (server/leads/erase.ts).
 */
import { sql } from "kysely";
import type { Db } from "../db/database";
import type { PersonRepliesTable } from "../db/schema";
import { normalizeAddress } from "../mail/compose";
import { erasePerson } from "../leads/erase";
import { LEAD_KIND_TABLES } from "../leads/lead-kinds";
import type { Audit } from "../audit/audit";
import type { LeadRow, TeamLeads } from "./leads";
import { CANNED_REPLY_KEYS, type CannedReplyKey, withName } from "~/features/team/person-contract";
import { type PersonState, type PersonWork, replySubject } from "./person-work";
import type { CannedReplies } from "./canned-replies";
import type { Locale } from "~/shared/i18n/locale";

export interface PersonMail {
  id: string;
  to: string;
  subject: string;
  status: string;
  created_at: string;
  sent_at: string | null;
}

/** A chat conversation as the visitor saw it: their messages and Max Load's (Markdown). */
export interface PersonConversation {
  id: string;
  name: string | null;
  created_at: string;
  messages: { role: "user" | "assistant"; content: string; created_at: string }[];
}

/** What the contact card shows: the latest value each lead kind told, and where they came from. */
export interface PersonCard {
  name: string | null;
  company: string | null;
  phone: string | null;
  /** utm_source of their first lead that had one, else its referring site. */
  source: string | null;
  campaign: string | null;
  /** Their latest lead's language (the one the site writes to them in), then any other their leads were in. */
  language: Locale;
  otherLanguages: Locale[];
}

/** One change of owner, stage or follow-up date, as the timeline shows it. */
export interface PersonChange {
  id: string;
  at: string;
  actor: string;
  kind: "owner" | "stage" | "follow-up";
  before: string | null;
  after: string | null;
  reason: string | null;
  /** "reply": a reply moved the stage. */
  cause: string | null;
}

export type PersonReply = Omit<PersonRepliesTable, "thread_references"> & { status: string | null };

/** Everything about the person, newest first. */
export type TimelineItem =
  | { type: "lead"; at: string; lead: LeadRow }
  | { type: "conversation"; at: string; conversation: PersonConversation }
  | { type: "mail"; at: string; mail: PersonMail }
  | { type: "reply"; at: string; reply: PersonReply }
  | { type: "note"; at: string; note: { id: string; author: string; body: string; lead: string } }
  | { type: "change"; at: string; change: PersonChange };

export interface Person {
  email: string;
  leads: LeadRow[];
  chatVisitors: { id: string; name: string | null; created_at: string; messages: number }[];
  mails: PersonMail[];
  card: PersonCard;
  work: PersonState & { updated_at: string | null; updated_by: string | null };
  timeline: TimelineItem[];
}

const detailOf = (json: string): Record<string, unknown> => {
  const parsed: unknown = JSON.parse(json);
  return typeof parsed === "object" && parsed !== null ? (parsed as Record<string, unknown>) : {};
};
const textOrNull = (value: unknown) => (typeof value === "string" ? value : null);
const newestFirst = (a: { at: string }, b: { at: string }) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0);

export class TeamPeople {
  constructor(
    private readonly db: Db,
    private readonly leads: TeamLeads,
    private readonly audit: Audit,
    private readonly work: PersonWork,
    private readonly canned: CannedReplies,
  ) {}

  /**
   * What the reply form starts with: the canned reply asked for, else the one of the plan of their
   * latest lead, else the general one, in the language asked for, else theirs (the language the
   * site writes to them in), with their name in it; the subject "Re:" their latest reply, else
   * their latest lead in that language.
   */
  async replyDraft(person: Person, asked: { reply?: CannedReplyKey; language?: Locale } = {}): Promise<{ start: CannedReplyKey; language: Locale; subject: string; body: string }> {
    const latestLead = person.leads[0];
    const plan = CANNED_REPLY_KEYS.find((key) => key !== "general" && key === latestLead?.plan_type);
    const start = asked.reply ?? plan ?? "general";
    const language = asked.language ?? person.card.language;
    const body = (await this.canned.get(start, language))?.body ?? "";
    const latestReply = person.timeline.find((item) => item.type === "reply");
    return {
      start,
      language,
      subject: replySubject(latestReply?.type === "reply" ? latestReply.reply.subject : undefined, latestLead, language),
      body: withName(body, person.card.name, language),
    };
  }

  async find(email: string): Promise<Person> {
    const address = normalizeAddress(email);
    const leads: LeadRow[] = [];
    for (const kind of LEAD_KIND_TABLES) {
      const ids = await this.db.selectFrom(kind.table).select("id").where(kind.address, "=", address).execute();
      for (const { id } of ids) {
        const detail = await this.leads.detail(kind.name, id);
        if (detail) leads.push(detail.lead);
      }
    }
    leads.sort((a, b) => (a.created_at < b.created_at ? 1 : -1));
    const chatVisitors = await this.db
      .selectFrom("chat_visitors as v")
      .select((eb) => ["v.id", "v.name", "v.created_at", eb.selectFrom("chat_messages as m").select(eb.fn.countAll<number>().as("n")).whereRef("m.visitor_id", "=", "v.id").as("messages")])
      .where(sql<string>`lower(v.email)`, "=", address)
      .execute();
    const mails = await this.db
      .selectFrom("mail")
      .select(["id", "to", "subject", "status", "created_at", "sent_at"])
      .where((eb) => eb.or([eb(sql<string>`lower(${sql.ref("to")})`, "=", address), eb("about_email", "=", address)]))
      .orderBy("created_at", "desc")
      .limit(500)
      .execute();
    const conversations = await this.conversations(chatVisitors);
    const notes = await this.notes(address);
    const replies = await this.db
      .selectFrom("person_replies as r")
      .leftJoin("mail as m", "m.id", "r.mail_id")
      .select(["r.id", "r.email", "r.mail_id", "r.author", "r.subject", "r.body", "r.message_id", "r.created_at", "m.status"])
      .where("r.email", "=", address)
      .execute();
    const events = await this.db.selectFrom("person_events").selectAll().where("email", "=", address).execute();
    const people = await this.db.selectFrom("people").selectAll().where("email", "=", address).executeTakeFirst();
    const replyMails = new Set(replies.map((reply) => reply.mail_id));
    const timeline: TimelineItem[] = [
      ...leads.map((lead): TimelineItem => ({ type: "lead", at: lead.created_at, lead })),
      ...conversations.filter((c) => c.messages.length > 0).map((conversation): TimelineItem => ({ type: "conversation", at: conversation.created_at, conversation })),
      ...mails.filter((mail) => !replyMails.has(mail.id)).map((mail): TimelineItem => ({ type: "mail", at: mail.created_at, mail })),
      ...replies.map((reply): TimelineItem => ({ type: "reply", at: reply.created_at, reply })),
      ...notes.map((note): TimelineItem => ({ type: "note", at: note.created_at, note })),
      ...events.map((event): TimelineItem => {
        const detail = detailOf(event.detail);
        const change = { id: event.id, at: event.at, actor: event.actor, kind: event.kind, before: textOrNull(detail.before), after: textOrNull(detail.after), reason: textOrNull(detail.reason), cause: textOrNull(detail.cause) };
        return { type: "change", at: event.at, change };
      }),
    ].sort(newestFirst);
    return {
      email: address,
      leads,
      chatVisitors: chatVisitors.map((v) => ({ ...v, messages: Number(v.messages ?? 0) })),
      mails,
      card: card(leads),
      work: people
        ? { owner: people.owner, stage: people.stage, lostReason: people.lost_reason, followUpOn: people.follow_up_on, updated_at: people.updated_at, updated_by: people.updated_by }
        : { ...(await this.work.state(address)), updated_at: null, updated_by: null },
      timeline,
    };
  }

  /** Each chat visitor's messages, in the order they were written. */
  private async conversations(visitors: { id: string; name: string | null; created_at: string }[]): Promise<PersonConversation[]> {
    if (visitors.length === 0) return [];
    const messages = await this.db
      .selectFrom("chat_messages")
      .select(["visitor_id", "role", "content", "created_at"])
      .where(
        "visitor_id",
        "in",
        visitors.map((visitor) => visitor.id),
      )
      .orderBy("created_at")
      .orderBy("id")
      .execute();
    return visitors.map((visitor) => {
      const own = messages.filter((message) => message.visitor_id === visitor.id).map(({ role, content, created_at }) => ({ role, content, created_at }));
      return { id: visitor.id, name: visitor.name, created_at: own[0]?.created_at ?? visitor.created_at, messages: own };
    });
  }

  /** The team's notes on the person's leads, each with the lead it is on (`kind/id`). */
  private async notes(address: string) {
    const notes: { id: string; author: string; body: string; lead: string; created_at: string }[] = [];
    for (const kind of LEAD_KIND_TABLES) {
      const ids = this.db.selectFrom(kind.table).select("id").where(kind.address, "=", address);
      const rows = await this.db.selectFrom("lead_notes").select(["id", "author", "body", "lead_id", "created_at"]).where("lead_kind", "=", kind.name).where("lead_id", "in", ids).execute();
      notes.push(...rows.map((row) => ({ id: row.id, author: row.author, body: row.body, lead: `${kind.name}/${row.lead_id}`, created_at: row.created_at })));
    }
    return notes;
  }

  /** Erases the person everywhere (same code as the CLI) and records who did it — not whom. */
  async erase(email: string, member: string): Promise<Record<string, number>> {
    const counts = await erasePerson(this.db, email);
    const total = Object.values(counts).reduce((sum, n) => sum + n, 0);
    await this.audit.record(this.db, { actor: member, action: "erase", subject: "one person", detail: { records: total } });
    return counts;
  }
}

/** The contact card from the leads (newest first): the latest name, company, phone and language given; the first lead's source. */
function card(leads: readonly LeadRow[]): PersonCard {
  const latest = (column: "name" | "company" | "phone") => leads.find((lead) => lead[column])?.[column] ?? null;
  const oldestFirst = [...leads].reverse();
  const sourced = oldestFirst.find((lead) => lead.utm_source || lead.referrer);
  const language = leads[0]?.language ?? "en";
  return {
    name: latest("name"),
    company: latest("company"),
    phone: latest("phone"),
    source: sourced ? (sourced.utm_source ?? sourced.referrer) : null,
    campaign: oldestFirst.find((lead) => lead.utm_campaign)?.utm_campaign ?? null,
    language,
    otherLanguages: [...new Set(leads.map((lead) => lead.language))].filter((other) => other !== language),
  };
}
