/**
 * Every lead in one list for /team: newest first, filtered, searched, in keyset pages, plus the
 * team's status (handled / open) and notes on each.
 */
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from "kysely";
import type { LeadFilter } from "~/features/team/team-schemas";
import { LEAD_KINDS, type LeadKindName } from "~/features/team/team-lines";
import { TEAM_ERRORS, TeamError, isRowId } from "~/features/team/team-contract";
import { type Db, nowIso } from "../db/database";
import type { LeadNotesTable } from "../db/schema";
import { CONVERSATION, history } from "../chat/visitors";
import { LEAD_KIND_TABLES, type Lead, type LeadKind, leadKind, selectLeads } from "../leads/lead-kinds";
import type { Audit } from "../audit/audit";
import { containsPattern } from "../db/like";
import { newRowId } from "../db/row-id";
import { isStoredTime } from "../db/keyset";

/** A lead as the registry reads it (server/leads/lead-kinds.ts), with its topic for the pages. */
export interface LeadRow extends Lead {
  /** Contact category, subscriber status or chat source. */
  topic: string | null;
}

const withTopic = (lead: Lead): LeadRow => ({ ...lead, topic: lead.category ?? lead.status ?? lead.source });

export interface LeadPage {
  leads: LeadRow[];
  next: string | undefined;
}

export interface LeadDetail {
  lead: LeadRow;
  notes: LeadNotesTable[];
  /** For a chat lead: the conversations of the visitors who gave this address. */
  conversations: { role: "user" | "assistant"; content: string }[][];
}

interface Cursor {
  at: string;
  kind: string;
  id: string;
}
const encodeCursor = (c: Cursor) => Buffer.from(JSON.stringify([c.at, c.kind, c.id])).toString("base64url");
function decodeCursor(value: string): Cursor | undefined {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, "base64url").toString("utf8"));
    if (!Array.isArray(parsed) || parsed.length !== 3 || !parsed.every((part) => typeof part === "string")) return undefined;
    const [at, kind, id] = parsed as [string, string, string];
    return isStoredTime(at) && (LEAD_KINDS as readonly string[]).includes(kind) && isRowId(id) ? { at, kind, id } : undefined;
  } catch {
    return undefined;
  }
}


const dayAfter = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString();

export class TeamLeads {
  constructor(
    private readonly db: Db,
    private readonly audit: Audit,
    readonly dialect: "sqlite" | "postgres",
  ) {}

  /** One kind's leads of a filter (unordered), its time column beside it. */
  sourceQuery(db: Db, kind: LeadKind, filter: LeadFilter) {
    const col = (name: string) => sql.ref(`t.${name}`);
    let query = selectLeads(db, kind);
    const where: Expression<SqlBool>[] = [];
    if (filter.plan) where.push(sql<SqlBool>`t.plan_type = ${filter.plan}`);
    if (filter.status === "handled") where.push(sql<SqlBool>`s.status = 'handled'`);
    if (filter.status === "open") where.push(sql<SqlBool>`s.status is null`);
    if (filter.from) where.push(sql<SqlBool>`${col(kind.time)} >= ${`${filter.from}T00:00:00.000Z`}`);
    if (filter.to) where.push(sql<SqlBool>`${col(kind.time)} < ${dayAfter(filter.to)}`);
    if (filter.q) {
      // One case-insensitive LIKE over the searched columns joined (a row is read once): SQLite's
      // LIKE ignores ASCII case, PostgreSQL's ILIKE any case.
      const text = sql.join(kind.searched.map((name) => sql`coalesce(${col(name)}, '')`), sql` || ' | ' || `);
      const like = this.dialect === "postgres" ? sql`ilike` : sql`like`;
      where.push(sql<SqlBool>`(${text}) ${like} ${containsPattern(filter.q)} escape '\\'`);
    }
    // Whole value, any case: what the team types may differ in case from the link's.
    if (filter.source) where.push(sql<SqlBool>`lower(t.utm_source) = lower(${filter.source})`);
    if (filter.campaign) where.push(sql<SqlBool>`lower(t.utm_campaign) = lower(${filter.campaign})`);
    if (filter.language) where.push(sql<SqlBool>`t.language = ${filter.language}`);
    for (const condition of where) query = query.where(() => condition);
    return { query, col: col(kind.time) };
  }

  /** One page of the list. Throws the TeamError "invalid-cursor" for a cursor this server did not make. */
  async page(filter: LeadFilter): Promise<LeadPage> {
    const cursor = filter.after ? decodeCursor(filter.after) : undefined;
    if (filter.after && !cursor) throw new TeamError("invalid-cursor", TEAM_ERRORS);
    const size = filter.size;
    const kinds = LEAD_KIND_TABLES.filter((kind) => (!filter.kind || kind.name === filter.kind) && (!filter.plan || kind.columns.includes("plan_type")));
    const pages = await Promise.all(
      kinds.map(async (kind) => {
        const { query, col } = this.sourceQuery(this.db, kind, filter);
        let q = query;
        if (cursor) {
          // Order of the merged list: time desc, then kind asc, then id desc.
          const before =
            kind.name > cursor.kind
              ? sql<SqlBool>`${col} <= ${cursor.at}`
              : kind.name === cursor.kind
                ? sql<SqlBool>`(${col} < ${cursor.at} or (${col} = ${cursor.at} and t.id < ${cursor.id}))`
                : sql<SqlBool>`${col} < ${cursor.at}`;
          q = q.where(() => before);
        }
        return (await q.orderBy(col, "desc").orderBy(sql`t.id`, "desc").limit(size + 1).execute()).map(withTopic);
      }),
    );
    const merged = pages
      .flat()
      .sort((a, b) => (a.created_at !== b.created_at ? (a.created_at < b.created_at ? 1 : -1) : a.kind !== b.kind ? (a.kind < b.kind ? -1 : 1) : a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
    const leads = merged.slice(0, size);
    const last = leads[leads.length - 1];
    return { leads, next: merged.length > size && last ? encodeCursor({ at: last.created_at, kind: last.kind, id: last.id }) : undefined };
  }

  /** Every lead of a filter, newest first, page by page (the export). */
  async *all(filter: LeadFilter): AsyncIterable<LeadRow> {
    let after: string | undefined;
    for (;;) {
      const { leads, next } = await this.page({ ...filter, size: 500, after });
      yield* leads;
      if (!next) return;
      after = next;
    }
  }

  async detail(kind: LeadKindName, id: string): Promise<LeadDetail | undefined> {
    const { query } = this.sourceQuery(this.db, leadKind(kind), { size: 1 });
    const row = await query.where(sql<SqlBool>`t.id = ${id}`).executeTakeFirst();
    if (!row) return undefined;
    const lead = withTopic(row);
    const notes = await this.db.selectFrom("lead_notes").selectAll().where("lead_kind", "=", kind).where("lead_id", "=", id).orderBy("created_at").orderBy("id").execute();
    const conversations: LeadDetail["conversations"] = [];
    if (kind === "chat") {
      const visitors = await this.db.selectFrom("chat_visitors").select("id").where(sql<string>`lower(email)`, "=", lead.email.trim().toLowerCase()).orderBy("created_at").execute();
      for (const visitor of visitors) conversations.push(await history(this.db, visitor.id, CONVERSATION));
    }
    return { lead, notes, conversations };
  }

  /** Marks a lead handled (or open again). False when the lead does not exist. */
  async setStatus(kind: LeadKindName, id: string, status: "handled" | "open", member: string): Promise<boolean> {
    if (!(await this.exists(kind, id))) return false;
    await this.db.transaction().execute(async (trx) => {
      if (status === "handled") {
        await trx
          .insertInto("lead_states")
          .values({ lead_kind: kind, lead_id: id, status: "handled", updated_at: nowIso(), updated_by: member })
          .onConflict((oc) => oc.columns(["lead_kind", "lead_id"]).doNothing())
          .execute();
      } else {
        await trx.deleteFrom("lead_states").where("lead_kind", "=", kind).where("lead_id", "=", id).execute();
      }
      await this.audit.record(trx, { actor: member, action: "lead-status", subject: `${kind}/${id}`, detail: { status } });
    });
    return true;
  }

  async addNote(kind: LeadKindName, id: string, body: string, member: string): Promise<boolean> {
    if (!(await this.exists(kind, id))) return false;
    await this.db
      .insertInto("lead_notes")
      .values({ id: newRowId(), lead_kind: kind, lead_id: id, author: member, body, created_at: nowIso() })
      .execute();
    return true;
  }

  private async exists(kind: LeadKindName, id: string): Promise<boolean> {
    const source = LEAD_KIND_TABLES.find((candidate) => candidate.name === kind);
    if (!source) return false;
    const row = await this.db.selectFrom(source.table).select("id").where("id", "=", id).executeTakeFirst();
    return row !== undefined;
  }
}

export type { ExpressionBuilder };
