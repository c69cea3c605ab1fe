/**
 * The outbox's claim on SQLite and on PostgreSQL (where several instances claim at once, with
 * FOR UPDATE SKIP LOCKED): due mail in priority order, then oldest first; never one row twice.
 */
import { CompiledQuery, sql } from "kysely";
import { describe, expect, it } from "vitest";
import { DATABASE_ENGINES, migratedDatabase } from "../../tests/support/engines";
import { composeMail, type MailInput } from "./compose";
import { claimDue, claimStatement, PLAN_CLAIM_BY_DUE_INDEX } from "./outbox-rows";

describe.each(DATABASE_ENGINES)("claiming due mail on $name", (engine) => {
  const { name } = engine;
  const database = migratedDatabase(engine);

  // Each row a millisecond after the one before (all in the past, so due): "oldest first" is exact.
  let clock = Date.now() - 3_600_000;
  const queue = async (mails: MailInput[]) => {
    const rows = mails.map((mail) => composeMail(mail, new Date(clock++).toISOString()));
    await database().db.insertInto("mail").values(rows).execute();
    return rows.map((row) => row.id);
  };
  const policy = { batchSize: 10, leaseMs: 60_000, skipLocked: name === "PostgreSQL" };

  it("takes what a person is waiting for first, then team notices, then a bulk backlog, oldest first within each", async () => {
    const bulk = await queue(Array.from({ length: 30 }, (_, i) => ({ to: "someone@example.com", subject: `Welcome ${i}`, text: "t", about: null, priority: "bulk" as const })));
    const [notice] = await queue([{ to: "team@example.com", subject: "Contact form", text: "t", about: null }]);
    const [signIn] = await queue([{ to: "member@example.com", subject: "Your sign-in link", text: "t", about: null, priority: "now" }]);
    const first = await claimDue(database().db, policy);
    expect(first.map((row) => row.id)).toEqual([signIn, notice, ...bulk.slice(0, 8)]);
    const rest = [...(await claimDue(database().db, policy)), ...(await claimDue(database().db, policy)), ...(await claimDue(database().db, policy))];
    expect(rest.map((row) => row.id)).toEqual(bulk.slice(8));
  });

  it("claims running at the same moment take different rows, the urgent ones exactly once", async () => {
    const bulk = await queue(Array.from({ length: 40 }, (_, i) => ({ to: "someone@example.com", subject: `Campaign ${i}`, text: "t", about: null, priority: "bulk" as const })));
    const urgent = await queue(
      Array.from({ length: 3 }, (_, i) => ({ to: "member@example.com", subject: `Your sign-in link ${i}`, text: "t", about: null, priority: "now" as const })),
    );
    const batches = await Promise.all(Array.from({ length: 5 }, () => claimDue(database().db, policy)));
    const ids = batches.flat().map((row) => row.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of urgent) expect(ids.filter((claimed) => claimed === id)).toHaveLength(1);
    expect(ids.every((id) => urgent.includes(id) || bulk.includes(id))).toBe(true);
  });

  it.runIf(name === "PostgreSQL")("reads the due index in order after a rush the statistics have not seen (no bitmap scan, no sort)", async () => {
    const { db } = database();
    // Statistics from before the rush, and no autovacuum to refresh them during the test.
    await sql`alter table mail set (autovacuum_enabled = false)`.execute(db);
    await sql`analyze mail`.execute(db);
    for (let chunk = 0; chunk < 10; chunk++) {
      await queue(Array.from({ length: 500 }, (_, i) => ({ to: "someone@example.com", subject: `Rush ${chunk}-${i}`, text: "t", about: null, priority: "bulk" as const })));
    }
    const plan = async (settings: boolean) =>
      db.transaction().execute(async (trx) => {
        if (settings) await PLAN_CLAIM_BY_DUE_INDEX.execute(trx);
        const { sql: text, parameters } = claimStatement(trx, policy).compile();
        const { rows } = await trx.executeQuery<{ "QUERY PLAN": string }>(CompiledQuery.raw(`explain ${text}`, [...parameters]));
        return rows.map((row) => row["QUERY PLAN"]).join("\n");
      });
    try {
      // What the planner does on its own, believing the table small: read every due row, then sort them.
      expect(await plan(false)).toMatch(/Sort/);
      const claimPlan = await plan(true);
      expect(claimPlan).toContain("Index Scan using mail_due on mail");
      expect(claimPlan).not.toMatch(/Bitmap|Sort|Seq Scan/);
      expect(await claimDue(db, policy)).toHaveLength(policy.batchSize);
    } finally {
      await sql`alter table mail reset (autovacuum_enabled)`.execute(db);
    }
  });
});
