/**
 * Chat conversations in `npm run leads -- export|delete` (server/leads/lead-tables.ts): one
 * export record per visitor who gave an email, its whole conversation as the message (the
 * transcript's text); delete erases the visitors whose email is the person's (exact, case-insensitive),
 * their messages and their counters (daily quota and transcript cap).
 */
import { sql } from "kysely";
import type { Db } from "../db/database";
import type { LeadTable } from "../leads/lead-tables";
import { composeTranscript } from "./transcript";

const PAGE = 500;

/** Visitors who gave an email, oldest first, in keyset pages (constant memory). */
async function* visitorsWithEmail(db: Db, since: string | undefined) {
  let after: { created_at: string; id: string } | undefined;
  for (;;) {
    let query = db.selectFrom("chat_visitors").select(["id", "created_at", "name", "email"]).where("email", "is not", null);
    if (since) query = query.where("created_at", ">=", since);
    if (after) {
      const { created_at, id } = after;
      query = query.where((eb) => eb.or([eb("created_at", ">", created_at), eb.and([eb("created_at", "=", created_at), eb("id", ">", id)])]));
    }
    const rows = await query.orderBy("created_at").orderBy("id").limit(PAGE).execute();
    yield* rows;
    if (rows.length < PAGE) return;
    const last = rows[rows.length - 1]!;
    after = { created_at: last.created_at, id: last.id };
  }
}

export const chatConversations: LeadTable = {
  type: "chat_conversation",
  async *export(db, since) {
    for await (const visitor of visitorsWithEmail(db, since)) {
      const messages = await db
        .selectFrom("chat_messages")
        .select(["role", "content"])
        .where("visitor_id", "=", visitor.id)
        .orderBy("created_at")
        .orderBy("id")
        .execute();
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
    return Number(messages.numDeletedRows) + Number(removed.numDeletedRows);
  },
};
