import { CompiledQuery } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPostgres } from "../../tests/support/postgres";
import { type DatabaseHandle, type Db, openDatabase } from "./database";
import { preparedOnPostgres } from "./prepared-statements";

let database: DatabaseHandle;
let stopPostgres: () => Promise<void>;

beforeAll(async () => {
  const postgres = await startPostgres();
  stopPostgres = () => postgres.stop();
  database = openDatabase({ kind: "postgres", url: postgres.url });
}, 60_000);

afterAll(async () => {
  await database?.close();
  await stopPostgres?.();
});

/** The statements prepared on the connection `connection` runs on. */
const preparedTexts = (connection: Db) =>
  connection
    .executeQuery<{ statement: string }>(CompiledQuery.raw("select statement from pg_prepared_statements where name like 'site\\_%'", []))
    .then(({ rows }) => rows.map((row) => row.statement));

describe("prepared statements on PostgreSQL", () => {
  it("runs a registered text as a prepared statement of the connection, and any other text unprepared", async () => {
    const registered = preparedOnPostgres("select $1::int + 1 as n");
    const other = "select $1::int + 2 as n";
    await database.db.connection().execute(async (connection) => {
      for (const value of [1, 2]) {
        expect((await connection.executeQuery<{ n: number }>(CompiledQuery.raw(registered, [value]))).rows).toEqual([{ n: value + 1 }]);
        expect((await connection.executeQuery<{ n: number }>(CompiledQuery.raw(other, [value]))).rows).toEqual([{ n: value + 2 }]);
      }
      const texts = await preparedTexts(connection);
      expect(texts).toContain(registered);
      expect(texts).not.toContain(other);
    });
  });

  it("keeps answering when a migration changes the table under a prepared statement", async () => {
    await database.db.executeQuery(CompiledQuery.raw("create table prepared_probe (a int not null)", []));
    const insert = preparedOnPostgres("insert into prepared_probe (a) select unnest($1::int[]) returning a");
    await database.db.connection().execute(async (connection) => {
      expect((await connection.executeQuery<{ a: number }>(CompiledQuery.raw(insert, [[1, 2]]))).rows).toEqual([{ a: 1 }, { a: 2 }]);
      await connection.executeQuery(CompiledQuery.raw("alter table prepared_probe add column b text not null default 'new'", []));
      expect((await connection.executeQuery<{ a: number }>(CompiledQuery.raw(insert, [[3]]))).rows).toEqual([{ a: 3 }]);
      expect(await preparedTexts(connection)).toContain(insert);
    });
    const { rows } = await database.db.executeQuery<{ a: number; b: string }>(CompiledQuery.raw("select a, b from prepared_probe order by a", []));
    expect(rows).toEqual([1, 2, 3].map((a) => ({ a, b: "new" })));
  });
});
