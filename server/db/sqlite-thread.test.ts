import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { CompiledQuery, sql } from "kysely";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { isUniqueViolation, openDatabase } from "./database";
import { SqliteThread } from "./sqlite-thread";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sqlite-thread-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const opened: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const handle of opened.splice(0)) await handle.close();
});

function open(name: string) {
  const handle = openDatabase({ kind: "sqlite", file: path.join(dir, `${name}.db`) });
  opened.push(handle);
  if (handle.kind !== "sqlite") throw new Error("expected SQLite");
  return handle;
}

/** A query that keeps SQLite busy for a while (a recursive count). */
const slowQuery = sql<{ n: number }>`with recursive c(n) as (select 1 union all select n + 1 from c where n < 3000000) select count(*) as n from c`;

describe("SQLite on its own thread (decision 0056)", () => {
  it("the event loop keeps turning while SQLite executes a query", async () => {
    const { db } = open("responsive");
    let ticks = 0;
    const timer = setInterval(() => (ticks += 1), 5);
    const { rows } = await slowQuery.execute(db);
    clearInterval(timer);
    expect(rows).toEqual([{ n: 3_000_000 }]);
    // Were the query run on the event loop, no timer could fire until it was done.
    expect(ticks).toBeGreaterThan(2);
  });

  it("a failed statement rejects with SQLite's message and code", async () => {
    const { db } = open("errors");
    await sql`create table t (email text primary key)`.execute(db);
    await db.insertInto("t" as never).values({ email: "a@example.com" }).execute();
    const error = await db
      .insertInto("t" as never)
      .values({ email: "a@example.com" } as never)
      .execute()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(/UNIQUE constraint failed: t\.email/);
    expect(isUniqueViolation(error)).toBe(true);
    await expect(sql`select * from no_such_table`.execute(db)).rejects.toThrow(/no such table: no_such_table/);
  });

  it("a transaction sent as one message is all or nothing, and waits for a Kysely transaction in progress", async () => {
    const handle = open("transaction");
    await sql`create table t (n integer primary key)`.execute(handle.db);
    const [inserted, counted] = await handle.transaction([
      CompiledQuery.raw("insert into t (n) values (?), (?) returning n", [1, 2]),
      CompiledQuery.raw("select count(*) as c from t", []),
    ]);
    expect(inserted?.rows).toEqual([{ n: 1 }, { n: 2 }]);
    expect(counted?.rows).toEqual([{ c: 2 }]);

    await expect(handle.transaction([CompiledQuery.raw("insert into t (n) values (?)", [3]), CompiledQuery.raw("insert into t (n) values (?)", [1])])).rejects.toThrow(
      /UNIQUE constraint failed/,
    );
    expect((await sql<{ c: number }>`select count(*) as c from t`.execute(handle.db)).rows).toEqual([{ c: 2 }]);

    // A Kysely transaction holds the connection across its messages: the one-message transaction
    // runs after it, never inside it.
    const order: string[] = [];
    let release!: () => void;
    const kysely = handle.db.transaction().execute(async (trx) => {
      await sql`insert into t (n) values (10)`.execute(trx);
      await new Promise<void>((resolve) => (release = resolve));
      order.push("kysely commits");
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const oneMessage = handle.transaction([CompiledQuery.raw("insert into t (n) values (?)", [11])]).then(() => order.push("one message"));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(order).toEqual([]);
    release();
    await Promise.all([kysely, oneMessage]);
    expect(order).toEqual(["kysely commits", "one message"]);
    expect((await sql<{ c: number }>`select count(*) as c from t`.execute(handle.db)).rows).toEqual([{ c: 4 }]);
  });

  it("a database that cannot be opened answers every query with the reason", async () => {
    const thread = new SqliteThread(path.join(dir, "missing-directory", "site.db"), { pragmas: [] });
    await expect(thread.query("select 1", [])).rejects.toThrow(/Cannot open the SQLite database .*missing-directory.*: (unable to open database file|.*directory does not exist)/i);
    await expect(thread.query("select 1", [])).rejects.toThrow(/Cannot open the SQLite database .*missing-directory.*: (unable to open database file|.*directory does not exist)/i);
    await thread.close().catch(() => undefined);
  });

  it("a script that only awaits queries runs to its end (the thread keeps the process alive while a query is in flight)", async () => {
    const { spawnSync } = await import("node:child_process");
    const file = path.join(dir, "script.db");
    const script = `
      import { openDatabase } from "./server/db/database.ts";
      import { sql } from "kysely";
      const handle = openDatabase({ kind: "sqlite", file: ${JSON.stringify(file)} });
      const { rows } = await sql\`with recursive c(n) as (select 1 union all select n + 1 from c where n < 500000) select count(*) as n from c\`.execute(handle.db);
      console.log(JSON.stringify(rows));
      await handle.close();
    `;
    const child = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "--eval", script], {
      cwd: path.resolve(import.meta.dirname, "../.."),
      encoding: "utf8",
      timeout: 20_000,
    });
    expect(child.stderr).toBe("");
    expect(child.stdout.trim()).toBe('[{"n":500000}]');
    expect(child.status).toBe(0);
  });
});
