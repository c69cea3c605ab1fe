import type { Kysely } from "kysely";

/**
 * `mail.priority`: which due mail the worker claims first (0 a person is waiting for it, 1 a
 * notice to the team, 2 bulk: the newsletter's welcome and admin notices, campaigns). A sign-up
 * rush queues thousands of bulk mails in a minute, and the outbox gives way to requests while
 * the rush lasts (docs/decisions/0050): a team member's sign-in link, valid 15 minutes, must not
 * wait behind them. Rows from before are 1. The due index leads with it, so the claim reads the
 * rows in the order it takes them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("mail").addColumn("priority", "integer", (column) => column.notNull().defaultTo(1)).execute();
  await db.schema.dropIndex("mail_due").execute();
  await db.schema.createIndex("mail_due").on("mail").columns(["status", "priority", "next_attempt_at"]).execute();
}
