import { CompiledQuery } from "kysely";
import type { Db } from "../db/database";
import { preparedOnPostgres } from "../db/prepared-statements";
import type { NewMail } from "../db/schema";
import { type LeadCreatedData, queuedEvent, subscribedTo } from "../webhooks/events";

/** A sign-up's `lead.created` webhook, queued only if its subscriber row is inserted. */
export interface LeadForSubscriber {
  subscriberId: string;
  data: LeadCreatedData;
}

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
 *                     where m->>'for_subscriber' in (select id from inserted)),
 *        hooked   as (insert into webhook_deliveries (…) select …, e.id from json_array_elements($3) h
 *                            cross join webhook_endpoints e
 *                     where h->>'for_subscriber' in (select id from inserted) and e.enabled = 1 and e.events like $4)
 *   select id from inserted
 *
 * (`hooked`: the `lead.created` webhook of each inserted row for every endpoint that receives it,
 * server/webhooks/events.ts; none without such an endpoint.)
 *
 * The rows travel as two JSON parameters typed by the tables' own row types. Every sign-up has
 * its mails, so `mails` is never empty. Returns the ids inserted.
 */
export async function insertSubscribersWithMails(
  db: Db,
  subscribers: readonly Record<string, unknown>[],
  mails: readonly MailForSubscriber[],
  leads: readonly LeadForSubscriber[],
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
      `where m->>'for_subscriber' in (select id from inserted)), ` +
      `hooked as (insert into webhook_deliveries (id, endpoint_id, message_id, type, payload, about_email, status, attempts, next_attempt_at, created_at) ` +
      `select gen_random_uuid()::text, e.id, h->>'message_id', h->>'type', h->>'payload', h->>'about_email', 'pending', 0, h->>'created_at', h->>'created_at' ` +
      `from json_array_elements($3::json) as h cross join webhook_endpoints as e ` +
      `where h->>'for_subscriber' in (select id from inserted) and e.enabled = 1 and e.events like $4) ` +
      `select id from inserted`;
    statements.set(key, preparedOnPostgres(sql));
  }
  for (const { mail } of mails) {
    if (Object.keys(mail).length !== mailColumns.length) throw new TypeError(`insertSubscribersWithMails: every mail needs the columns ${mailColumns.join(", ")}`);
  }
  const hooks = leads.map(({ subscriberId, data }) => {
    const event = queuedEvent("lead.created", data, data.created_at);
    return { for_subscriber: subscriberId, message_id: event.messageId, type: event.type, payload: event.payload, about_email: event.about, created_at: data.created_at };
  });
  const parameters = [
    JSON.stringify(subscribers),
    JSON.stringify(mails.map(({ subscriberId, mail }) => ({ ...mail, for_subscriber: subscriberId }))),
    JSON.stringify(hooks),
    subscribedTo("lead.created"),
  ];
  const result = await db.executeQuery<{ id: string }>(CompiledQuery.raw(sql, parameters));
  return new Set(result.rows.map((row) => row.id));
}
