import { CompiledQuery } from "kysely";
import type { DatabaseHandle, Db } from "../db/database";
import { preparedOnPostgres } from "../db/prepared-statements";
import type { NewMail } from "../db/schema";

/** A mail to queue only if the subscriber row it belongs to is inserted. */
export interface MailForSubscriber {
  subscriberId: string;
  mail: NewMail;
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
const statements = new Map<string, string>();

/**
 * PostgreSQL: the group commit of sign-ups as one statement, so one round trip and its own
 * transaction (BEGIN, two INSERTs and COMMIT were four, each a wake-up of the backend and of the
 * instance; docs/decisions/0051). The subscribers whose address is new are inserted (the unique
 * index decides, as before), and the mails of exactly those rows are queued, atomically:
 *
 *   with inserted as (insert into subscribers (…) select … from json_populate_recordset(null::subscribers, $1)
 *                     on conflict (email_normalized) do nothing returning id),
 *        queued   as (insert into mail (…) select r.… from json_array_elements($2) m,
 *                            lateral json_populate_record(null::mail, m) r
 *                     where m->>'for_subscriber' in (select id from inserted))
 *   select id from inserted
 *
 * The rows travel as two JSON parameters typed by the tables' own row types. Every sign-up has
 * its mails, so `mails` is never empty. Returns the ids inserted.
 */
export async function insertSubscribersWithMails(
  db: Db,
  subscribers: readonly Record<string, unknown>[],
  mails: readonly MailForSubscriber[],
): Promise<Set<string>> {
  const subscriberColumns = Object.keys(subscribers[0]!);
  const mailColumns = Object.keys(mails[0]!.mail);
  const key = `${subscriberColumns.join(",")}|${mailColumns.join(",")}`;
  let sql = statements.get(key);
  if (!sql) {
    const columns = subscriberColumns.map(quote).join(", ");
    sql =
      `with inserted as (insert into subscribers (${columns}) select ${columns} from json_populate_recordset(null::subscribers, $1::json) ` +
      `on conflict (email_normalized) do nothing returning id), ` +
      `queued as (insert into mail (${mailColumns.map(quote).join(", ")}) select ${mailColumns.map((column) => `r.${quote(column)}`).join(", ")} ` +
      `from json_array_elements($2::json) as m cross join lateral json_populate_record(null::mail, m) as r ` +
      `where m->>'for_subscriber' in (select id from inserted)) ` +
      `select id from inserted`;
    statements.set(key, preparedOnPostgres(sql));
  }
  for (const { mail } of mails) {
    if (Object.keys(mail).length !== mailColumns.length) throw new TypeError(`insertSubscribersWithMails: every mail needs the columns ${mailColumns.join(", ")}`);
  }
  const parameters = [JSON.stringify(subscribers), JSON.stringify(mails.map(({ subscriberId, mail }) => ({ ...mail, for_subscriber: subscriberId })))];
  const result = await db.executeQuery<{ id: string }>(CompiledQuery.raw(sql, parameters));
  return new Set(result.rows.map((row) => row.id));
}

const queuedIfInserted = new Map<string, string>();
/** Most compiled statements kept (a group commit has 1–200 sign-ups, two mails each). */
const MAX_SHAPES = 64;

/**
 * SQLite: the same group commit as one message to the database thread (decision 0056), so the
 * event loop waits for one answer, not four (BEGIN, two INSERTs, COMMIT). Both statements run in
 * one transaction there:
 *
 *   insert into subscribers (…) values (…), … on conflict (email_normalized) do nothing returning id
 *   insert into mail (…) select column1, … from (values (…, subscriber id), …)
 *     where exists (select 1 from subscribers where id = <the subscriber id>)
 *
 * A subscriber's id is new (UUIDv7, made for this sign-up), so it is in the table after the first
 * statement exactly when that statement inserted it: the mails of exactly those rows are queued.
 * Returns the ids inserted.
 */
export async function insertSubscribersWithMailsOnSqlite(
  database: Extract<DatabaseHandle, { kind: "sqlite" }>,
  insertSubscribers: CompiledQuery<{ id: string }>,
  mails: readonly MailForSubscriber[],
): Promise<Set<string>> {
  const columns = Object.keys(mails[0]!.mail);
  const key = `${mails.length}:${columns.join(",")}`;
  let sql = queuedIfInserted.get(key);
  if (!sql) {
    const row = `(${Array.from({ length: columns.length + 1 }, () => "?").join(", ")})`;
    sql =
      `insert into mail (${columns.map(quote).join(", ")}) select ${columns.map((_, i) => `column${i + 1}`).join(", ")} ` +
      `from (values ${Array.from({ length: mails.length }, () => row).join(", ")}) ` +
      `where exists (select 1 from subscribers where id = column${columns.length + 1})`;
    if (queuedIfInserted.size >= MAX_SHAPES) queuedIfInserted.delete(queuedIfInserted.keys().next().value!);
    queuedIfInserted.set(key, sql);
  }
  const parameters: unknown[] = [];
  for (const { subscriberId, mail } of mails) {
    if (Object.keys(mail).length !== columns.length) throw new TypeError(`insertSubscribersWithMailsOnSqlite: every mail needs the columns ${columns.join(", ")}`);
    for (const column of columns) {
      const value = (mail as Record<string, unknown>)[column];
      if (value === undefined) throw new TypeError(`insertSubscribersWithMailsOnSqlite: a mail has no value for ${column}`);
      parameters.push(value);
    }
    parameters.push(subscriberId);
  }
  const [inserted] = await database.transaction([insertSubscribers, CompiledQuery.raw(sql, parameters)]);
  return new Set((inserted?.rows as { id: string }[] | undefined)?.map((row) => row.id));
}
