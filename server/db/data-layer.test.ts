import { sql } from "kysely";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { DATABASE_ENGINES, migratedDatabase } from "../../tests/support/engines";
import { startPostgres } from "../../tests/support/postgres";
import type { Insertable } from "kysely";
import { batchInsert } from "./batch-insert";
import { isUniqueViolation, migrateToLatest, openDatabase } from "./database";
import type { SubscribersTable } from "./schema";

describe.each(DATABASE_ENGINES)("data layer on $name", (engine) => {
  const database = migratedDatabase(engine);

  it("creates the tables named after the spec's collections, and migrating again changes nothing", async () => {
    await migrateToLatest(database().db);
    const tables = (await database().db.introspection.getTables()).map((table) => table.name).sort();
    expect(tables).toEqual(expect.arrayContaining(["contact_messages", "mail", "more_information", "potential_customers", "subscribers"]));
  });

  it("stores and returns the same values on every engine", async () => {
    const row = {
      id: "6f1c1c36-0000-4000-8000-000000000001",
      name: "Zoë O'Brien",
      email: "zoe@example.com",
      phone: "+1 555 0100",
      company: "Wide Loads Ltd",
      message: "Line one\nLine two",
      plan_type: "Government",
      created_at: "2026-11-21T06:00:00.000Z",
      landing_path: "/",
      referrer: "https://www.linkedin.com",
      utm_source: "linkedin",
      utm_medium: "social",
      utm_campaign: "lancement-été",
      utm_content: null,
      utm_term: null,
      converted_path: "/platform",
      language: "fr" as const,
    };
    await database().db.insertInto("more_information").values(row).execute();
    const stored = await database().db.selectFrom("more_information").selectAll().where("id", "=", row.id).executeTakeFirstOrThrow();
    expect(stored).toEqual(row);
  });

  it("orders ISO timestamps chronologically", async () => {
    const times = ["2026-11-21T10:00:00.000Z", "2025-01-02T00:00:00.000Z", "2026-03-04T23:59:59.999Z"];
    for (const [index, created_at] of times.entries()) {
      await database().db
        .insertInto("contact_messages")
        .values({ id: `order-${index}`, name: "A", email: "a@example.com", category: "question", message: "m", created_at })
        .execute();
    }
    const ordered = await database().db.selectFrom("contact_messages").select("created_at").where("id", "like", "order-%").orderBy("created_at").execute();
    expect(ordered.map((row) => row.created_at)).toEqual([...times].sort());
  });

  it("reports a duplicate normalised email as a unique violation", async () => {
    const subscriber = (id: string, email: string) => ({
      id,
      email,
      email_normalized: email.toLowerCase(),
      subscribed_at: "2026-11-21T06:00:00.000Z",
      status: "active",
      notify_admin: "admin@example.com",
    });
    await database().db.insertInto("subscribers").values(subscriber("s1", "Driver@Example.com")).execute();
    const duplicate = await database().db
      .insertInto("subscribers")
      .values(subscriber("s2", "driver@example.COM"))
      .execute()
      .then(() => undefined, (error: unknown) => error);
    expect(isUniqueViolation(duplicate)).toBe(true);
    const count = await database().db.selectFrom("subscribers").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it("a batch INSERT compiled once per row count stores each batch's own values, and returns what it asks for", async () => {
    const subscriber = (n: number, email = `batch-${n}@example.com`) => ({
      id: `batch-${n}`,
      email,
      email_normalized: email.toLowerCase(),
      subscribed_at: `2026-11-23T10:00:0${n % 10}.000Z`,
      status: "active",
      notify_admin: "admin@example.com",
      consent_page: n % 2 ? null : `/page-${n}`,
    });
    const insert = batchInsert((rows: Insertable<SubscribersTable>[]) =>
      database().db
        .insertInto("subscribers")
        .values(rows)
        .onConflict((conflict) => conflict.column("email_normalized").doNothing())
        .returning("id"),
    );
    const first = await insert(database().db, [subscriber(1), subscriber(2)]);
    // Same shape (two rows), other values; the second row's address is taken: the index decides.
    const second = await database().db.transaction().execute((trx) => insert(trx, [subscriber(3), subscriber(4, "BATCH-1@example.com")]));
    const third = await insert(database().db, [subscriber(5), subscriber(6), subscriber(7)]);
    const ids = (rows: { id: string }[]) => rows.map((row) => row.id).sort();
    expect([first, second, third].map(ids)).toEqual([["batch-1", "batch-2"], ["batch-3"], ["batch-5", "batch-6", "batch-7"]]);
    const stored = await database().db
      .selectFrom("subscribers")
      .select(["id", "email", "subscribed_at", "consent_page"])
      .where("id", "like", "batch-%")
      .orderBy("id")
      .execute();
    expect(stored).toEqual(
      [1, 2, 3, 5, 6, 7].map((n) => ({ id: `batch-${n}`, email: `batch-${n}@example.com`, subscribed_at: `2026-11-23T10:00:0${n}.000Z`, consent_page: n % 2 ? null : `/page-${n}` })),
    );
  });

  it("a batch INSERT refuses rows that do not all have the first row's columns (undefined would be DEFAULT)", async () => {
    const insert = batchInsert((rows: Insertable<SubscribersTable>[]) => database().db.insertInto("subscribers").values(rows));
    const row = { id: "odd-1", email: "odd-1@example.com", email_normalized: "odd-1@example.com", subscribed_at: "2026-11-23T10:00:00.000Z", status: "active", notify_admin: "a@example.com" };
    await expect(insert(database().db, [row, { ...row, id: "odd-2", notify_admin: undefined as unknown as string }])).rejects.toThrow(/row 1 does not have a value for each of the first row's columns/);
    await expect(insert(database().db, [row, { ...row, id: "odd-3", consent_page: "/" }])).rejects.toThrow(/row 1/);
    // A statement with parameters of its own (here the conflict's new status) is not one it can reuse.
    const upsert = batchInsert((rows: Insertable<SubscribersTable>[]) =>
      database().db
        .insertInto("subscribers")
        .values(rows)
        .onConflict((conflict) => conflict.column("email_normalized").doUpdateSet({ status: "active" })),
    );
    await expect(upsert(database().db, [row])).rejects.toThrow(/parameters are not its rows' values/);
    const count = await database().db.selectFrom("subscribers").select((eb) => eb.fn.countAll<number>().as("n")).where("id", "like", "odd-%").executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });
});

describe("PostgreSQL connection pool", () => {
  it("a pooled connection ended while idle (restart, administrator, proxy) is reported, not a crash; the next query reconnects", async () => {
    const server = await startPostgres();
    const idleErrors: Array<Error & { code?: string }> = [];
    const handle = openDatabase({ kind: "postgres", url: server.url }, { onIdleConnectionError: (error) => idleErrors.push(error) });
    const backendPid = async () => (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(handle.db)).rows[0]?.pid;
    const admin = new pg.Client({ connectionString: server.url });
    try {
      const pid = await backendPid();
      expect(pid).toBeGreaterThan(0);
      await admin.connect();
      await admin.query("select pg_terminate_backend($1)", [pid]);
      // Unhandled, this "error" event of the pool was an uncaught exception that stopped the
      // process (seen as PostgreSQL stopped right after a pool's end() in this file's teardown).
      await expect.poll(() => idleErrors.length).toBe(1);
      expect(idleErrors[0]?.code).toBe("57P01");
      const again = await backendPid();
      expect(again).toBeGreaterThan(0);
      expect(again).not.toBe(pid);
    } finally {
      await admin.end();
      await handle.close();
      await server.stop();
    }
  }, 60_000);
});
