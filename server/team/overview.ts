/** The workspace's overview: leads per day by kind, and chat usage per day (last 30 days, UTC). */
import { sql } from "kysely";
import type { LeadKindName } from "~/features/team/team-lines";
import type { Db } from "../db/database";
import { QUOTA_REFUSALS_SCOPE } from "../chat/allowance";
import { LEAD_KIND_TABLES } from "../leads/lead-kinds";

export const OVERVIEW_DAYS = 30;

export interface DayCounts {
  day: string;
  leads: Record<LeadKindName, number>;
  questions: number;
  providerAnswers: number;
  knowledgeBaseAnswers: number;
  quotaRefusals: number;
}

/** The last `OVERVIEW_DAYS` UTC days, oldest first, ending today. */
export function lastDays(now: Date, days = OVERVIEW_DAYS): string[] {
  const today = Date.parse(`${now.toISOString().slice(0, 10)}T00:00:00Z`);
  return Array.from({ length: days }, (_, i) => new Date(today - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10));
}

export async function overview(db: Db, now = new Date()): Promise<DayCounts[]> {
  const days = lastDays(now);
  const since = `${days[0]}T00:00:00.000Z`;
  const byDay = new Map(days.map((day) => [day, { day, leads: { newsletter: 0, contact: 0, "information-request": 0, chat: 0 }, questions: 0, providerAnswers: 0, knowledgeBaseAnswers: 0, quotaRefusals: 0 } satisfies DayCounts]));
  const day = (column: string) => sql<string>`substr(${sql.ref(column)}, 1, 10)`;
  for (const kind of LEAD_KIND_TABLES) {
    const rows = await db
      .selectFrom(kind.table)
      .select([day(kind.time).as("day"), (eb) => eb.fn.countAll<number>().as("n")])
      .where(kind.time, ">=", since)
      .groupBy(day(kind.time))
      .execute();
    for (const row of rows) {
      const entry = byDay.get(row.day);
      if (entry) entry.leads[kind.name] = Number(row.n);
    }
  }
  const chat = await db
    .selectFrom("chat_messages")
    .select([
      day("created_at").as("day"),
      sql<number>`sum(case when role = 'user' and kind = 'chat' then 1 else 0 end)`.as("questions"),
      sql<number>`sum(case when answered_by = 'provider' then 1 else 0 end)`.as("provider"),
      sql<number>`sum(case when answered_by = 'knowledge-base' then 1 else 0 end)`.as("knowledge"),
    ])
    .where("created_at", ">=", since)
    .groupBy(day("created_at"))
    .execute();
  for (const row of chat) {
    const entry = byDay.get(row.day);
    if (!entry) continue;
    entry.questions = Number(row.questions);
    entry.providerAnswers = Number(row.provider);
    entry.knowledgeBaseAnswers = Number(row.knowledge);
  }
  const refusals = await db.selectFrom("chat_counters").select(["period", "count"]).where("scope", "=", QUOTA_REFUSALS_SCOPE).where("period", ">=", days[0]!).execute();
  for (const row of refusals) {
    const entry = byDay.get(row.period);
    if (entry) entry.quotaRefusals = Number(row.count);
  }
  return [...byDay.values()];
}
