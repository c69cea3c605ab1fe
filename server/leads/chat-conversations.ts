/**
 * The chat's conversations, personal data beside the chat leads: `npm run leads -- export` writes
 * one record per visitor who gave an email (kind `chat-conversation`), the whole conversation as
 * its message (the transcript's text); erasure removes the visitors whose email is the person's
 * (exact, case-insensitive), their messages and their counters (daily quota, transcript and
 * hand-over caps).
 */
import { sql } from "kysely";
import { handoverScope } from "../chat/handover";
import { composeTranscript } from "../chat/transcript";
import { CONVERSATION, history } from "../chat/visitors";
import type { Db } from "../db/database";
import { oldestFirst } from "../db/keyset";
import { NO_ATTRIBUTION } from "../analytics/lead-attribution";
import { type ExportRecord, deletedRows } from "./lead-kinds";

export const CHAT_CONVERSATION = "chat-conversation";

/** Visitors with an email who started at or after `since` (ISO), oldest first, read in pages. */
export async function* exportChatConversations(db: Db, since: string | undefined): AsyncIterable<ExportRecord> {
  const visitors = db.selectFrom("chat_visitors").select(["id", "created_at", "name", "email"]).where("email", "is not", null);
  for await (const visitor of oldestFirst(visitors, "created_at", since)) {
    const messages = await history(db, visitor.id, CONVERSATION);
    yield {
      kind: CHAT_CONVERSATION,
      id: visitor.id,
      created_at: visitor.created_at,
      name: visitor.name,
      email: visitor.email,
      phone: null,
      company: null,
      plan_type: null,
      category: null,
      status: null,
      source: "chat",
      message: composeTranscript(visitor.name, messages).text,
      handled_at: null,
      handled_by: null,
      // A conversation's attribution and language are on its chat lead.
      ...NO_ATTRIBUTION,
      language: null,
    };
  }
}

export async function eraseChatConversations(db: Db, email: string): Promise<number> {
  const visitors = await db.selectFrom("chat_visitors").select("id").where(sql<string>`lower(email)`, "=", email).execute();
  if (visitors.length === 0) return 0;
  const ids = visitors.map((v) => v.id);
  const messages = await db.deleteFrom("chat_messages").where("visitor_id", "in", ids).executeTakeFirst();
  const scopes = ids.flatMap((id) => [`visitor:${id}`, `transcript:visitor:${id}`, handoverScope(id)]);
  await db.deleteFrom("chat_counters").where("scope", "in", scopes).execute();
  const removed = await db.deleteFrom("chat_visitors").where("id", "in", ids).executeTakeFirst();
  return deletedRows(messages) + deletedRows(removed);
}
