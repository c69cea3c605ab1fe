/**
 * A campaign's progress per version (server/newsletter/campaigns.ts `recipientCounts`) over a
 * made-up send of N recipients, beside another campaign's N and as many other mails: the rows, the
 * counts they should give, the counts the query gives, and what its plan reads. The unit test
 * (server/newsletter/campaign-progress.test.ts) runs it small; the bench
 * (bench/scenarios/campaign-progress.ts) times it large.
 */
import { type RawBuilder, CompiledQuery, sql } from "kysely";
import type { Db } from "../../server/db/database";
import { recipientCounts } from "../../server/newsletter/campaigns";

export type Engine = "sqlite" | "postgres";
export type VersionCounts = Record<string, { sent: number; failed: number; remaining: number; skipped: number }>;

/** The campaign whose progress is read. */
export const CAMPAIGN = "c-launch";

/** The numbers 1…count as a table `n(i)`, in each engine's words. */
const numbers = (kind: Engine, count: number): RawBuilder<unknown> =>
  kind === "postgres"
    ? sql`select i from generate_series(1, ${sql.lit(count)}) as n(i)`
    : sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < ${sql.lit(count)}) select i from n`;

/** The last tenth of the recipients has not been handed to the outbox yet. */
const waitingAfter = (count: number) => Math.floor((count * 9) / 10);

/** Recipient i of the campaign: its version, its state, its mail's state (`fill` writes the same rule in SQL). */
const recipient = (i: number, count: number) => ({
  language: i % 5 === 0 ? "fr" : "en",
  status: i % 97 === 0 ? "skipped" : i > waitingAfter(count) ? "waiting" : "queued",
  mail: i % 10 === 1 ? "failed" : i % 3 === 0 ? "pending" : "sent",
});

/** Writes the campaign's `count` recipients and mails, another campaign's, and as many other mails, into a migrated database. */
export async function fillCampaignProgress(db: Db, kind: Engine, count: number): Promise<void> {
  const series = numbers(kind, count);
  const t = (text: string) => sql.raw(text);
  const cast = kind === "postgres" ? t("i::text") : t("i");
  const waiting = sql.lit(waitingAfter(count));
  // Every mail of the campaign, and as many of others (welcomes, other campaigns) around them.
  await sql`insert into mail (id, "to", subject, text, html, created_at, status, next_attempt_at)
    select 'm' || ${cast}, 'r' || ${cast} || '@example.com', 'Launch', 'text', '<p>html</p>', '2026-11-01T00:00:00.000Z',
      case when i % 10 = 1 then 'failed' when i % 3 = 0 then 'pending' else 'sent' end, '2026-11-01T00:00:00.000Z'
    from (${series}) as n`.execute(db);
  await sql`insert into mail (id, "to", subject, text, html, created_at, status, next_attempt_at)
    select 'other' || ${cast}, 'r' || ${cast} || '@example.com', 'Welcome', 'text', '<p>html</p>', '2026-10-01T00:00:00.000Z', 'sent', '2026-10-01T00:00:00.000Z'
    from (${series}) as n`.execute(db);
  for (const id of ["c-other", CAMPAIGN]) {
    await db
      .insertInto("campaigns")
      .values({ id, subject: "Launch", body: "b", subject_fr: "Lancement", body_fr: "b", status: "sending", created_by: "lead@example.com", created_at: "2026-11-01T00:00:00.000Z", started_at: null, finished_at: null, next_dispatch_at: null })
      .execute();
  }
  await sql`insert into campaign_recipients (campaign_id, subscriber_id, email, status, language, mail_id)
    select 'c-other', 's' || ${cast}, 'r' || ${cast} || '@example.com', 'waiting', 'en', null from (${series}) as n`.execute(db);
  await sql`insert into campaign_recipients (campaign_id, subscriber_id, email, status, language, mail_id)
    select ${CAMPAIGN}, 's' || ${cast}, 'r' || ${cast} || '@example.com',
      case when i % 97 = 0 then 'skipped' when i > ${waiting} then 'waiting' else 'queued' end,
      case when i % 5 = 0 then 'fr' else 'en' end,
      case when i % 97 <> 0 and i <= ${waiting} then 'm' || ${cast} end
    from (${series}) as n`.execute(db);
  // What autovacuum does soon after such writes in production: PostgreSQL plans by its statistics.
  if (kind === "postgres") await sql`analyze`.execute(db);
}

const zero = (): VersionCounts => ({ en: { sent: 0, failed: 0, remaining: 0, skipped: 0 }, fr: { sent: 0, failed: 0, remaining: 0, skipped: 0 } });

/** What the page should show for `count` recipients, worked out from the rows' rule. */
export function expectedCounts(count: number): VersionCounts {
  const counts = zero();
  for (let i = 1; i <= count; i++) {
    const r = recipient(i, count);
    const version = counts[r.language]!;
    if (r.status === "skipped") version.skipped += 1;
    else if (r.status === "waiting" || r.mail === "pending") version.remaining += 1;
    else if (r.mail === "sent") version.sent += 1;
    else version.failed += 1;
  }
  return counts;
}

/** What `recipientCounts` gives for the campaign, folded as the page shows it. */
export async function countedCounts(db: Db): Promise<VersionCounts> {
  const { rows } = await recipientCounts(db, CAMPAIGN).execute(db);
  const counted = zero();
  for (const row of rows) {
    const version = counted[row.language]!;
    const n = Number(row.n);
    if (row.recipient === "skipped") version.skipped += n;
    else if (row.mail === "sent") version.sent += n;
    else if (row.mail === "failed") version.failed += n;
    else version.remaining += n;
  }
  return counted;
}

/** The plan of `recipientCounts`, one line per step. */
export async function progressPlan(db: Db, kind: Engine): Promise<string> {
  const { sql: text, parameters } = recipientCounts(db, CAMPAIGN).compile(db);
  const explain = kind === "postgres" ? `explain ${text}` : `explain query plan ${text}`;
  const { rows } = await db.executeQuery<Record<string, unknown>>(CompiledQuery.raw(explain, [...parameters]));
  return rows.map((row) => String(row["QUERY PLAN"] ?? row.detail)).join("\n");
}

/**
 * What the plan does that it should not, in words (none: it reads as it should). SQLite: two
 * covering indexes and no row (a campaign mail's row holds its text and HTML, so reading its state
 * from the row walks its overflow pages). PostgreSQL: the recipients once, and no scan of a table
 * per recipient.
 */
export function planFaults(plan: string, kind: Engine): string[] {
  const faults: string[] = [];
  if (kind === "sqlite") {
    if (!plan.includes("SEARCH r USING COVERING INDEX campaign_recipients_status (campaign_id=?)")) faults.push("the recipients not from the covering index campaign_recipients_status");
    if (!plan.includes("SEARCH m USING COVERING INDEX mail_id_status (id=?)")) faults.push("the mails not from the covering index mail_id_status");
    if (/SCAN/.test(plan)) faults.push("a SCAN");
  } else {
    const recipientScans = plan.match(/Scan on campaign_recipients|Scan using campaign_recipients/g)?.length ?? 0;
    if (recipientScans !== 1) faults.push(`${recipientScans} scans of campaign_recipients, not 1`);
    if (/Nested Loop[\s\S]*Seq Scan/.test(plan)) faults.push("a sequential scan inside a nested loop");
  }
  return faults;
}
