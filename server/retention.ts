import type { Db } from "./db/database";
import { scheduleShared } from "./db/jobs";
import type { Logger } from "./logger";
import { LEAD_KIND_TABLES } from "./leads/lead-kinds";
import { refreshPersonSummaries } from "./db/person-summary";

/**
 * The retention periods the privacy policy promises (app/content/legal.ts): leads, information
 * requests and contact messages 24 months, chat conversations 12 months, sent mail 24 months.
 * Subscribers stay while subscribed (or until they ask for erasure: `npm run leads -- delete`);
 * 24 months after unsubscribing, their row goes.
 * Expired quota counters are the chat's own hourly sweep (server/chat/chat-service.ts), also once
 * per period across instances.
 */
export const RETENTION_MONTHS = {
  potential_customers: 24,
  more_information: 24,
  contact_messages: 24,
  chat_messages: 12,
  mail: 24,
  /** The webhook delivery log: the same records, sent to the team's CRM; kept no longer than their mails. */
  webhook_deliveries: 24,
  audit_log: 24,
  /** After unsubscribing: the address, consent record and unsubscribe date, as proof and suppression. */
  unsubscribed: 24,
} as const;

const monthsBefore = (now: Date, months: number): string => {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
  return cutoff.toISOString();
};

/** Deletes what is past its retention period; returns how many rows went, per table. */
export async function purgeExpired(db: Db, now = new Date()): Promise<Record<string, number>> {
  const deleted: Record<string, number> = {};
  const count = (result: { numDeletedRows: bigint }[]) => Number(result[0]?.numDeletedRows ?? 0);
  for (const table of ["potential_customers", "more_information", "contact_messages", "chat_messages"] as const) {
    // The people list's summaries of the addresses whose leads go are brought in line in the same transaction.
    deleted[table] = await db.transaction().execute(async (trx) => {
      const cutoff = monthsBefore(now, RETENTION_MONTHS[table]);
      const kind = LEAD_KIND_TABLES.find((candidate) => candidate.table === table);
      const addresses = kind ? (await trx.selectFrom(kind.table).select(kind.address.as("address")).distinct().where("created_at", "<", cutoff).execute()).map((row) => row.address) : [];
      const n = count(await trx.deleteFrom(table).where("created_at", "<", cutoff).execute());
      await refreshPersonSummaries(trx, addresses);
      return n;
    });
  }
  deleted.mail = count(
    await db.deleteFrom("mail").where("status", "<>", "pending").where("created_at", "<", monthsBefore(now, RETENTION_MONTHS.mail)).execute(),
  );
  deleted.webhook_deliveries = count(
    await db
      .deleteFrom("webhook_deliveries")
      .where("status", "<>", "pending")
      .where("created_at", "<", monthsBefore(now, RETENTION_MONTHS.webhook_deliveries))
      .execute(),
  );
  deleted.subscribers = await db.transaction().execute(async (trx) => {
    const expired = trx.selectFrom("subscribers").where("status", "=", "unsubscribed").where("unsubscribed_at", "<", monthsBefore(now, RETENTION_MONTHS.unsubscribed));
    const addresses = (await expired.select("email_normalized").execute()).map((row) => row.email_normalized);
    const n = count(await trx.deleteFrom("subscribers").where("status", "=", "unsubscribed").where("unsubscribed_at", "<", monthsBefore(now, RETENTION_MONTHS.unsubscribed)).execute());
    await refreshPersonSummaries(trx, addresses);
    return n;
  });
  // A visitor whose conversation is gone keeps nothing worth holding: name and email go too.
  deleted.chat_visitors = count(
    await db
      .deleteFrom("chat_visitors")
      .where("updated_at", "<", monthsBefore(now, RETENTION_MONTHS.chat_messages))
      .where((eb) =>
        eb.not(eb.exists(eb.selectFrom("chat_messages").select("chat_messages.id").whereRef("chat_messages.visitor_id", "=", "chat_visitors.id"))),
      )
      .execute(),
  );
  // A person's change history and the replies written to them: as long as the audit log and the mail.
  deleted.person_events = count(await db.deleteFrom("person_events").where("at", "<", monthsBefore(now, RETENTION_MONTHS.audit_log)).execute());
  deleted.person_replies = count(await db.deleteFrom("person_replies").where("created_at", "<", monthsBefore(now, RETENTION_MONTHS.mail)).execute());
  deleted.audit_log = count(await db.deleteFrom("audit_log").where("at", "<", monthsBefore(now, RETENTION_MONTHS.audit_log)).execute());
  const nowIso = now.toISOString();
  deleted.team_sign_in_links = count(await db.deleteFrom("team_sign_in_links").where("expires_at", "<=", nowIso).execute());
  deleted.team_sessions = count(await db.deleteFrom("team_sessions").where("expires_at", "<=", nowIso).execute());
  // The team's notes and states follow their lead: none outlives the record it is about.
  for (const { name: kind, table } of LEAD_KIND_TABLES) {
    for (const annotations of ["lead_notes", "lead_states"] as const) {
      deleted[`${annotations}:${kind}`] = count(
        await db
          .deleteFrom(annotations)
          .where("lead_kind", "=", kind)
          .where((eb) => eb.not(eb.exists(eb.selectFrom(table).select("id").whereRef(`${table}.id`, "=", `${annotations}.lead_id`))))
          .execute(),
      );
    }
  }
  return deleted;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Purges once a day across every instance sharing the database (server/db/jobs.ts): each instance
 * asks hourly (first 5 s after start) and only the one that claims the day's run purges. Returns a
 * function that stops this instance's checks.
 */
export function scheduleRetention(db: Db, logger: Logger): () => void {
  return scheduleShared(
    db,
    "retention-purge",
    async () => {
      const deleted = await purgeExpired(db);
      if (Object.values(deleted).some((n) => n > 0)) logger.info({ deleted }, "retention: deleted expired data");
    },
    { periodMs: DAY_MS, checkEveryMs: 60 * 60 * 1000, onError: (error) => logger.error({ err: error }, "retention purge failed") },
  );
}
