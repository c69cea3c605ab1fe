import type { Kysely } from "kysely";

/**
 * The links in mail are on the mail origin from configuration (server/config.ts,
 * docs/decisions/0085-mail-links-from-configuration.md), never on an origin a request gave: the
 * origin each subscriber signed up on and each campaign was drafted on are no longer read, so
 * they are dropped (SQLite and PostgreSQL both drop a plain column). Subscribers' later mails,
 * and welcome mails already queued, take their links from the configuration when sent.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("subscribers").dropColumn("origin").execute();
  await db.schema.alterTable("campaigns").dropColumn("origin").execute();
}
