/**
 * A campaign's progress per version (campaigns.ts `recipientCounts`) with 100,000 recipients beside
 * another campaign's 100,000 and as many other mails, on SQLite and PostgreSQL: the counts are
 * exact; SQLite reads two indexes and no row (a campaign mail's row holds its text and HTML, so
 * reading its state from the row walks its overflow pages); PostgreSQL reads each table at most
 * once (no per-recipient scan).
 */
import { type RawBuilder, CompiledQuery, sql } from "kysely";
import { describe, expect, it } from "vitest";
import { DATABASE_ENGINES, migratedDatabase } from "../../tests/support/engines";
import type { Db } from "../db/database";
import { recipientCounts } from "./campaigns";

const RECIPIENTS = 100_000;

/** The numbers 1…count as a table `n(i)`, in each engine's words. */
const numbers = (kind: "sqlite" | "postgres", count: number): RawBuilder<unknown> =>
  kind === "postgres"
    ? sql`select i from generate_series(1, ${sql.lit(count)}) as n(i)`
    : sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < ${sql.lit(count)}) select i from n`;

/** Recipient i of the campaign: its version, its state, its mail's state. */
const recipient = (i: number) => ({
  language: i % 5 === 0 ? "fr" : "en",
  status: i % 1_000 === 0 ? "skipped" : i > 90_000 ? "waiting" : "queued",
  mail: i % 10 === 1 ? "failed" : i % 3 === 0 ? "pending" : "sent",
});

async function fill(db: Db, kind: "sqlite" | "postgres") {
  const series = numbers(kind, RECIPIENTS);
  const t = (text: string) => sql.raw(text);
  const cast = kind === "postgres" ? t("i::text") : t("i");
  // Every mail of the campaign, and as many of others (welcomes, other campaigns) around them.
  await sql`insert into mail (id, "to", subject, text, html, created_at, status, next_attempt_at)
    select 'm' || ${cast}, 'r' || ${cast} || '@example.com', 'Launch', 'text', '<p>html</p>', '2026-11-01T00:00:00.000Z',
      case when i % 10 = 1 then 'failed' when i % 3 = 0 then 'pending' else 'sent' end, '2026-11-01T00:00:00.000Z'
    from (${series}) as n`.execute(db);
  await sql`insert into mail (id, "to", subject, text, html, created_at, status, next_attempt_at)
    select 'other' || ${cast}, 'r' || ${cast} || '@example.com', 'Welcome', 'text', '<p>html</p>', '2026-10-01T00:00:00.000Z', 'sent', '2026-10-01T00:00:00.000Z'
    from (${series}) as n`.execute(db);
  for (const id of ["c-other", "c-launch"]) {
    await db
      .insertInto("campaigns")
      .values({ id, subject: "Launch", body: "b", subject_fr: "Lancement", body_fr: "b", status: "sending", created_by: "lead@example.com", created_at: "2026-11-01T00:00:00.000Z", started_at: null, finished_at: null, next_dispatch_at: null })
      .execute();
  }
  await sql`insert into campaign_recipients (campaign_id, subscriber_id, email, status, language, mail_id)
    select 'c-other', 's' || ${cast}, 'r' || ${cast} || '@example.com', 'waiting', 'en', null from (${series}) as n`.execute(db);
  await sql`insert into campaign_recipients (campaign_id, subscriber_id, email, status, language, mail_id)
    select 'c-launch', 's' || ${cast}, 'r' || ${cast} || '@example.com',
      case when i % 1000 = 0 then 'skipped' when i > 90000 then 'waiting' else 'queued' end,
      case when i % 5 = 0 then 'fr' else 'en' end,
      case when i % 1000 <> 0 and i <= 90000 then 'm' || ${cast} end
    from (${series}) as n`.execute(db);
  if (kind === "postgres") await sql`analyze`.execute(db);
}

/** What the page shows, worked out from the rows' rule. */
function expected() {
  const counts: Record<string, { sent: number; failed: number; remaining: number; skipped: number }> = {
    en: { sent: 0, failed: 0, remaining: 0, skipped: 0 },
    fr: { sent: 0, failed: 0, remaining: 0, skipped: 0 },
  };
  for (let i = 1; i <= RECIPIENTS; i++) {
    const r = recipient(i);
    const version = counts[r.language]!;
    if (r.status === "skipped") version.skipped += 1;
    else if (r.status === "waiting" || r.mail === "pending") version.remaining += 1;
    else if (r.mail === "sent") version.sent += 1;
    else version.failed += 1;
  }
  return counts;
}

describe.each(DATABASE_ENGINES)("a campaign's progress per version on $name", (engine) => {
  const handle = migratedDatabase(engine);

  it("counts each version's sent, failed, remaining and skipped recipients of 100,000 exactly, from indexes or one pass over each table", { timeout: 120_000 }, async () => {
    const { db, kind } = handle();
    await fill(db, kind);

    const { rows } = await recipientCounts(db, "c-launch").execute(db);
    const counted: ReturnType<typeof expected> = { en: { sent: 0, failed: 0, remaining: 0, skipped: 0 }, fr: { sent: 0, failed: 0, remaining: 0, skipped: 0 } };
    for (const row of rows) {
      const version = counted[row.language]!;
      const n = Number(row.n);
      if (row.recipient === "skipped") version.skipped += n;
      else if (row.mail === "sent") version.sent += n;
      else if (row.mail === "failed") version.failed += n;
      else version.remaining += n;
    }
    expect(counted).toEqual(expected());

    const { sql: text, parameters } = recipientCounts(db, "c-launch").compile(db);
    const explain = kind === "postgres" ? `explain ${text}` : `explain query plan ${text}`;
    const { rows: plan } = await db.executeQuery<Record<string, unknown>>(CompiledQuery.raw(explain, [...parameters]));
    const lines = plan.map((row) => String(row["QUERY PLAN"] ?? row.detail)).join("\n");
    if (kind === "sqlite") {
      expect(lines).toContain("SEARCH r USING COVERING INDEX campaign_recipients_status (campaign_id=?)");
      expect(lines).toContain("SEARCH m USING COVERING INDEX mail_id_status (id=?)");
      expect(lines).not.toMatch(/SCAN/);
    } else {
      expect(lines.match(/Scan on campaign_recipients|Scan using campaign_recipients/g) ?? []).toHaveLength(1);
      expect(lines).not.toMatch(/Nested Loop[\s\S]*Seq Scan/);
    }
  });
});
