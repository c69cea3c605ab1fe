import type { Kysely } from "kysely";

/**
 * `mail.template`: a mail whose body is rendered when it is sent, from a template and the few
 * values stored here (JSON), instead of its text and HTML stored in the row (server/mail/templates.ts).
 * The welcome mail of every sign-up is text and HTML that is the same for everyone but its
 * unsubscribe link: stored rendered, it was most of what a sign-up wrote (docs/decisions/0046).
 * Null for every other mail, and for every row from before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("mail").addColumn("template", "text").execute();
}

