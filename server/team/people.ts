/**
 * One person across the site: every record whose address is theirs, the mails sent to or about
 * them, and erasure with the very code of `npm run leads -- delete` (server/leads/erase.ts).
 */
import { sql } from "kysely";
import type { Db } from "../db/database";
import { normalizeAddress } from "../mail/compose";
import { erasePerson } from "../leads/erase";
import { LEAD_KIND_TABLES } from "../leads/lead-kinds";
import type { Audit } from "../audit/audit";
import type { LeadRow, TeamLeads } from "./leads";

export interface PersonMail {
  id: string;
  to: string;
  subject: string;
  status: string;
  created_at: string;
  sent_at: string | null;
}

export interface Person {
  email: string;
  leads: LeadRow[];
  chatVisitors: { id: string; name: string | null; created_at: string; messages: number }[];
  mails: PersonMail[];
}

export class TeamPeople {
  constructor(
    private readonly db: Db,
    private readonly leads: TeamLeads,
    private readonly audit: Audit,
  ) {}

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
    return { email: address, leads, chatVisitors: chatVisitors.map((v) => ({ ...v, messages: Number(v.messages ?? 0) })), mails };
  }

  /** Erases the person everywhere (same code as the CLI) and records who did it — not whom. */
  async erase(email: string, member: string): Promise<Record<string, number>> {
    const counts = await erasePerson(this.db, email);
    const total = Object.values(counts).reduce((sum, n) => sum + n, 0);
    await this.audit.record(this.db, { actor: member, action: "erase", subject: "one person", detail: { records: total } });
    return counts;
  }
}
