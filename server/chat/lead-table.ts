/**
 * Chat conversations in `npm run leads -- export|delete` (server/leads/lead-tables.ts): one
 * export record per visitor who gave an email, its whole conversation as the message (the
 * transcript's text); delete erases the visitors whose email is the person's (exact, case-insensitive),
 * their messages and their counters (daily quota and transcript cap).
 */
import { sql } from "kysely";
import { oldestFirst } from "../db/keyset";
import { type LeadTable, deletedRows } from "../leads/lead-table";
import { composeTranscript } from "./transcript";
import { CONVERSATION, history } from "./visitors";

export const chatConversations: LeadTable = {
  type: "chat_conversation",
  async *export(db, since) {
    const visitors = db.selectFrom("chat_visitors").select(["id", "created_at", "name", "email"]).where("email", "is not", null);
    for await (const visitor of oldestFirst(visitors, "created_at", since)) {
      const messages = await history(db, visitor.id, CONVERSATION);
      yield {
        type: "chat_conversation",
        id: visitor.id,
        created_at: visitor.created_at,
        name: visitor.name,
        email: visitor.email,
        source: "chat",
        message: composeTranscript(visitor.name, messages).text,
      };
    }
  },
  async erase(db, email) {
    const visitors = await db.selectFrom("chat_visitors").select("id").where(sql<string>`lower(email)`, "=", email).execute();
    if (visitors.length === 0) return 0;
    const ids = visitors.map((v) => v.id);
    const messages = await db.deleteFrom("chat_messages").where("visitor_id", "in", ids).executeTakeFirst();
    const scopes = ids.flatMap((id) => [`visitor:${id}`, `transcript:visitor:${id}`]);
    await db.deleteFrom("chat_counters").where("scope", "in", scopes).execute();
    const removed = await db.deleteFrom("chat_visitors").where("id", "in", ids).executeTakeFirst();
    return deletedRows(messages) + deletedRows(removed);
  },
};
