/** With DATABASE_URL=postgres://… the same server runs on PostgreSQL, migrating at start. */
import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startPostgres, type Postgres } from "../support/postgres";
import { startSite } from "../support/site-server";

let postgres: Postgres;
beforeAll(async () => {
  postgres = await startPostgres();
});
afterAll(async () => {
  await postgres?.stop();
});

it("starts on PostgreSQL, creates the spec's tables, and restarts on the migrated database", async () => {
  const site = await startSite({ env: { DATABASE_URL: postgres.url } });
  const health = await fetch(`${site.url}/healthz`);
  expect(health.status).toBe(200);
  expect(await health.json()).toMatchObject({ status: "ok", database: "postgres" });
  expect((await site.stop()).code).toBe(0);

  const client = new pg.Client(postgres.url);
  await client.connect();
  try {
    const { rows } = await client.query<{ table_name: string }>(
      "select table_name from information_schema.tables where table_schema = current_schema()",
    );
    const tables = rows.map((row) => row.table_name);
    for (const table of ["potential_customers", "subscribers", "more_information", "mail", "contact_messages"]) {
      expect(tables).toContain(table);
    }
  } finally {
    await client.end();
  }

  const again = await startSite({ env: { DATABASE_URL: postgres.url } });
  expect((await fetch(`${again.url}/healthz`)).status).toBe(200);
  expect((await again.stop()).code).toBe(0);
});
