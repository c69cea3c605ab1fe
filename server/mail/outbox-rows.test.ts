/**
 * The outbox's claim on SQLite and on PostgreSQL (where several instances claim at once, with
 * FOR UPDATE SKIP LOCKED): due mail in priority order, then oldest first; never one row twice.
 */
import { describe, expect, it } from "vitest";
import { DATABASE_ENGINES, migratedDatabase } from "../../tests/support/engines";
import { composeMail, type MailInput } from "./compose";
import { claimDue } from "./outbox-rows";

describe.each(DATABASE_ENGINES)("claiming due mail on $name", (engine) => {
  const { name } = engine;
  const database = migratedDatabase(engine);

  const queue = async (mails: MailInput[]) => {
    const rows = mails.map((mail) => composeMail(mail));
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
});
