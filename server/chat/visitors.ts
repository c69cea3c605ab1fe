/**
 * The chat's visitors and what they said: the `chat_visitors` row (created on first use, its time
 * zone set once), the lead (name and email, with the opening exchange), and the stored messages
 * (`chat_messages`), in the order they were written.
 */
import type { Kysely } from "kysely";
import { z } from "zod/mini";
import type { ChatMessage, ChatSource } from "~/features/chat/chat-contract";
import { greeting, niceToMeetYou } from "~/features/chat/chat-lines";
import type { Locale } from "~/shared/i18n/locale";
import type { Db } from "../db/database";
import type { AttributionColumns, ChatMessagesTable, ChatVisitorsTable, Database } from "../db/schema";
import { newRowId } from "../db/row-id";
import { takeSlot } from "../db/counters";
import type { LeadAlerts } from "../mail/lead-alerts";
import { emitWebhookEvent, leadCreatedData } from "../webhooks/events";
import { refreshPersonSummaries } from "../db/person-summary";

type MessageKind = ChatMessagesTable["kind"];
export type VisitorRow = ChatVisitorsTable;

/** Timestamps that never repeat within the process, so stored messages keep their order. */
let lastStamp = 0;
function stamp(): string {
  const now = Math.max(Date.now(), lastStamp + 1);
  lastStamp = now;
  return new Date(now).toISOString();
}

/**
 * Appends one message to a visitor's conversation, inside the caller's transaction. `sources`: the
 * sections an answer drew on (stored only when there are some).
 */
export async function addMessage(
  trx: Kysely<Database>,
  visitorId: string,
  role: "user" | "assistant",
  kind: MessageKind,
  content: string,
  answeredBy: "provider" | "knowledge-base" | null = null,
  sources: readonly ChatSource[] = [],
): Promise<void> {
  await trx
    .insertInto("chat_messages")
    .values({ id: newRowId(), visitor_id: visitorId, role, kind, content, created_at: stamp(), answered_by: answeredBy, sources: sources.length > 0 ? JSON.stringify(sources) : null })
    .execute();
}

const storedSources = z.array(z.object({ href: z.string(), label: z.string() }));

/** The stored sources of a message; none when absent or unreadable. */
function sourcesOf(stored: string | null): ChatSource[] {
  if (!stored) return [];
  try {
    const parsed = storedSources.safeParse(JSON.parse(stored));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

export function visitorRow(db: Db, visitorId: string): Promise<VisitorRow | undefined> {
  return db.selectFrom("chat_visitors").selectAll().where("id", "=", visitorId).executeTakeFirst();
}

/** Creates the visitor row on first use; its time zone is set once (validated) and then kept. */
export async function ensureVisitor(db: Db, visitorId: string, timeZone: string | undefined): Promise<VisitorRow> {
  const now = new Date().toISOString();
  await db
    .insertInto("chat_visitors")
    .values({ id: visitorId, name: null, email: null, time_zone: timeZone ?? null, created_at: now, updated_at: now })
    .onConflict((oc) => oc.column("id").doNothing())
    .execute();
  if (timeZone) {
    await db.updateTable("chat_visitors").set({ time_zone: timeZone }).where("id", "=", visitorId).where("time_zone", "is", null).execute();
  }
  const row = await visitorRow(db, visitorId);
  if (!row) throw new Error("visitor row vanished");
  return row;
}

/** The visitor's stored messages of the given kinds, oldest first. */
export function history(db: Db, visitorId: string, kinds: MessageKind[]) {
  return db
    .selectFrom("chat_messages")
    .select(["role", "content"])
    .where("visitor_id", "=", visitorId)
    .where("kind", "in", kinds)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

/** The visitor's conversation as the chat shows it: each answer with the sections it drew on. */
export async function conversation(db: Db, visitorId: string): Promise<ChatMessage[]> {
  const rows = await db
    .selectFrom("chat_messages")
    .select(["role", "content", "sources"])
    .where("visitor_id", "=", visitorId)
    .where("kind", "in", CONVERSATION)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  return rows.map(({ role, content, sources }) => {
    const drawnOn = sourcesOf(sources);
    return drawnOn.length > 0 ? { role, content, sources: drawnOn } : { role, content };
  });
}

/** Everything the visitor sees in the chat, and what a transcript holds. */
export const CONVERSATION: MessageKind[] = ["intro", "chat", "notice"];

/**
 * Stores the visitor's name and email (a `potential_customers` row when either changed, with the
 * members' "at once" alerts) and the opening exchange: the greeting and the name once, then the
 * email and `closing`, Max Load's lines in the lead's language (`lead.locale`, the page's, which
 * is the potential customer's language). True when a new lead was stored.
 */
export async function storeLead(
  db: Db,
  visitor: VisitorRow,
  lead: { name: string; email: string; locale: Locale },
  closing: string,
  attribution?: AttributionColumns,
  alerts?: Pick<LeadAlerts, "queue">,
): Promise<boolean> {
  let isNew = false;
  const visitorId = visitor.id;
  await db.transaction().execute(async (trx) => {
    const now = new Date().toISOString();
    if (visitor.email !== lead.email || visitor.name !== lead.name) {
      const row = { id: newRowId(), name: lead.name, email: lead.email, source: "chat", created_at: now, language: lead.locale };
      await trx
        .insertInto("potential_customers")
        .values({ ...row, ...attribution })
        .execute();
      await alerts?.queue(trx, [{ kind: "chat", email: lead.email, name: lead.name, planType: null, at: now, language: lead.locale }]);
      isNew = true;
      await emitWebhookEvent(trx, "lead.created", leadCreatedData("chat", row, attribution));
      await refreshPersonSummaries(trx, [lead.email.toLowerCase()]);
    }
    await trx.updateTable("chat_visitors").set({ name: lead.name, email: lead.email, updated_at: now }).where("id", "=", visitorId).execute();
    const hasIntro = await trx.selectFrom("chat_messages").select("id").where("visitor_id", "=", visitorId).where("kind", "=", "intro").limit(1).executeTakeFirst();
    if (!hasIntro) {
      await addMessage(trx, visitorId, "assistant", "intro", greeting(lead.locale));
      await addMessage(trx, visitorId, "user", "intro", lead.name);
      await addMessage(trx, visitorId, "assistant", "intro", niceToMeetYou(lead.name, lead.locale));
    }
    await addMessage(trx, visitorId, "user", "intro", lead.email);
    await addMessage(trx, visitorId, "assistant", "intro", closing);
  });
  return isNew;
}

/**
 * chat_counters scope of the chats opened, per UTC day: a browser without a chat session asked
 * for one (the chat came into view). Only a count: the first step of the team's chat funnel.
 */
export const CHAT_OPENED_SCOPE = "stats:chat-opened";

export async function countChatOpened(db: Db, now = new Date()): Promise<void> {
  const yearLater = new Date(now.getTime() + 400 * 86_400_000).toISOString();
  await takeSlot(db, { scope: CHAT_OPENED_SCOPE, period: now.toISOString().slice(0, 10) }, Number.MAX_SAFE_INTEGER, yearLater);
}
